// The exact parallel backend (cpu-parallel, Algorithm A of docs/algorithms.md §3.2):
//  1. rounds per block and work per update on grids, K_n and G(n,p) at several λ, next to
//     min{Δ, m^{1/3}, √n} (the scale of the depth bound in docs/algorithms.md §3.5);
//  2. total rounds and work against block size on one grid (the block-size table of docs/algorithms.md §3.5);
//  3. updates/s of cpu-parallel against the sequential reference on all cores (the ratio), with
//     the final state hashes, which must agree;
//  4. where cpu-parallel's time goes: seconds per Algorithm A phase (JacobiPhaseSeconds) per
//     update, next to the sequential sampler's time per update.
// Usage: bench_parallel [sweeps] [--quick] [--speed] [--block SWEEPS] [--graph SPEC]...
//   default 10 sweeps; --quick: small graphs only; --speed: parts 3 and 4 only; --block: the block
//   size of parts 3 and 4 in sweeps (default 1); --graph: the graphs of parts 3 and 4 instead of
//   the default ones (repeatable).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "parallel/edge_occupancy.hpp"
#include "parallel/jacobi_block.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "perf/glauber_throughput.hpp"
#include "sampling/glauber_sequential.hpp"

namespace {

using namespace dimerlab;

struct DepthRow {
    std::uint64_t blocks = 0, updates = 0, rounds = 0, work = 0;
    std::uint32_t max_rounds = 0;
};

// Runs `sweeps` sweeps from the empty matching in blocks of `block` updates.
DepthRow measure_depth(ThreadPool& pool, const Graph& g, double lambda, std::uint64_t sweeps,
                       std::uint64_t block) {
    DepthRow row;
    MateArray mate(g.num_vertices(), kNoMate);
    std::vector<std::uint8_t> occupied = edge_occupancy(g, mate);
    JacobiBlockSolver solver(pool);
    const std::uint64_t total = sweeps * g.num_edges(), threshold = heat_bath_threshold(lambda);
    for (std::uint64_t t = 0; t < total; t += block) {
        const JacobiBlockStats s = solver.run(g, 1, t, std::min(block, total - t), threshold, occupied, mate);
        ++row.blocks;
        row.updates += s.updates;
        row.rounds += s.rounds;
        row.work += s.work;
        row.max_rounds = std::max(row.max_rounds, s.rounds);
    }
    return row;
}

double depth_bound(const Graph& g) {
    return std::min({static_cast<double>(g.max_degree()), std::cbrt(static_cast<double>(g.num_edges())),
                     std::sqrt(static_cast<double>(g.num_vertices()))});
}

template <class F>
double seconds(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t sweeps = 10;
    bool quick = false, speed_only = false;
    double block_sweeps = 1.0;
    std::vector<std::string> speed_graphs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (std::strcmp(argv[i], "--speed") == 0)
            speed_only = true;
        else if (std::strcmp(argv[i], "--block") == 0 && i + 1 < argc)
            block_sweeps = std::max(1e-6, std::strtod(argv[++i], nullptr));
        else if (std::strcmp(argv[i], "--graph") == 0 && i + 1 < argc)
            speed_graphs.emplace_back(argv[++i]);
        else
            sweeps = std::max<std::uint64_t>(1, std::strtoull(argv[i], nullptr, 10));
    }
    ThreadPool pool;
    std::printf("machine: %s, %u hardware threads, pool of %u\n", cpu_model_name().c_str(),
                std::thread::hardware_concurrency(), pool.size());

    std::vector<std::string> specs = {"grid:32x32",          "grid:64x64",           "grid:128x128",
                                      "grid:256x256",        "complete:64",          "complete:256",
                                      "complete:1024",       "gnp:1000,0.01,seed=1", "gnp:1000,0.1,seed=1",
                                      "gnp:4000,0.01,seed=1"};
    if (quick) specs = {"grid:32x32", "grid:64x64", "complete:64", "gnp:1000,0.01,seed=1"};

    if (!speed_only) {
        std::printf("\n1. Rounds per block (block = 1 sweep = m updates), %llu sweeps from empty, seed 1\n",
                    static_cast<unsigned long long>(sweeps));
        std::printf("| graph | n | m | Δ | min{Δ,m^(1/3),√n} | λ | rounds/block mean | max | work/T |\n");
        std::printf("|---|---|---|---|---|---|---|---|---|\n");
        for (const std::string& spec : specs) {
            const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
            for (double lambda : {0.25, 1.0, 4.0}) {
                const DepthRow r = measure_depth(pool, g, lambda, sweeps, g.num_edges());
                std::printf("| %s | %u | %u | %u | %.1f | %g | %.2f | %u | %.3f |\n", spec.c_str(),
                            g.num_vertices(), g.num_edges(), g.max_degree(), depth_bound(g), lambda,
                            static_cast<double>(r.rounds) / static_cast<double>(r.blocks), r.max_rounds,
                            static_cast<double>(r.work) / static_cast<double>(r.updates));
            }
        }

        const std::string block_spec = quick ? "grid:64x64" : "grid:256x256";
        const std::uint64_t block_sweeps_total = quick ? 5 : 20;
        std::printf("\n2. Block size, %s, %llu sweeps from empty, seed 1\n", block_spec.c_str(),
                    static_cast<unsigned long long>(block_sweeps_total));
        std::printf("| λ | block (sweeps) | total rounds | work/T |\n|---|---|---|---|\n");
        {
            const Graph g = make_graph(block_spec, BuildOptions{.with_layout = false});
            for (double lambda : {1.0, 4.0}) {
                for (double b : {0.125, 0.25, 0.5, 1.0, 2.0, 5.0}) {
                    const auto block = static_cast<std::uint64_t>(std::ceil(b * g.num_edges()));
                    const DepthRow r = measure_depth(pool, g, lambda, block_sweeps_total, block);
                    std::printf("| %g | %g | %llu | %.3f |\n", lambda, b,
                                static_cast<unsigned long long>(r.rounds),
                                static_cast<double>(r.work) / static_cast<double>(r.updates));
                }
            }
        }
    }

    std::printf(
        "\n3. Throughput at λ=1 from empty, seed 1: cpu-parallel (blocks of %g sweep, %u threads, and 1 "
        "thread) vs cpu\n",
        block_sweeps, pool.size());
    std::printf(
        "| graph | updates | cpu M/s | cpu-parallel M/s | ratio | same state | 1 thread M/s | rounds/block "
        "|\n"
        "|---|---|---|---|---|---|---|---|\n");
    bool all_same = true;
    struct Breakdown {
        std::string spec;
        unsigned threads = 0;
        double seq_ns = 0;
        JacobiPhaseSeconds phases;
        std::uint64_t updates = 0;
    };
    std::vector<Breakdown> breakdowns;
    std::vector<std::string> speed_specs =
        quick ? std::vector<std::string>{"torus:128x128", "complete:200"}
              : std::vector<std::string>{"torus:512x512", "torus:1024x1024", "complete:1000"};
    if (!speed_graphs.empty()) speed_specs = speed_graphs;
    for (const std::string& spec : speed_specs) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const std::uint64_t updates = sweeps * g.num_edges();
        const MateArray start(g.num_vertices(), kNoMate);
        GlauberSequentialSampler seq(g, 1, LambdaRecord(1.0), start);
        JacobiOptions options;
        options.block_updates =
            std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(block_sweeps * g.num_edges())));
        JacobiParallelSampler par(g, 1, LambdaRecord(1.0), start, options);
        const double t_seq = seconds([&] { seq.advance(updates); });
        const double t_par = seconds([&] { par.advance(updates); });
        const bool same = state_hash(seq.mate()) == state_hash(par.mate());
        all_same = all_same && same;
        breakdowns.push_back(
            {spec, par.threads(), t_seq / static_cast<double>(updates) * 1e9, par.phase_seconds(), updates});
        // The same blocks on one thread: what the algorithm costs without any fork-join.
        JacobiOptions one_thread = options;
        one_thread.threads = 1;
        JacobiParallelSampler single(g, 1, LambdaRecord(1.0), start, one_thread);
        const double t_single = seconds([&] { single.advance(updates); });
        all_same = all_same && state_hash(single.mate()) == state_hash(seq.mate());
        breakdowns.push_back(
            {spec, 1, t_seq / static_cast<double>(updates) * 1e9, single.phase_seconds(), updates});
        // The first six columns keep their order: gpu/check-on-device.sh reads them.
        std::printf("| %s | %llu | %.2f | %.2f | %.3f | %s | %.2f | %.2f |\n", spec.c_str(),
                    static_cast<unsigned long long>(updates), updates / t_seq / 1e6, updates / t_par / 1e6,
                    t_seq / t_par, same ? "yes" : "NO", updates / t_single / 1e6,
                    static_cast<double>(par.totals().rounds) / static_cast<double>(par.totals().blocks));
    }

    std::printf(
        "\n4. Where cpu-parallel's time goes (ns per update; the runs of 3, and the same on 1 thread)\n");
    std::printf(
        "| graph | threads | cpu | tape | sort | gather | decide | final | total |\n"
        "|---|---|---|---|---|---|---|---|---|\n");
    for (const Breakdown& b : breakdowns) {
        const double per = 1e9 / static_cast<double>(b.updates);
        const JacobiPhaseSeconds& p = b.phases;
        std::printf("| %s | %u | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", b.spec.c_str(),
                    b.threads, b.seq_ns, p.tape * per, p.sort * per, p.gather * per, p.decide * per,
                    p.finish * per, p.total() * per);
    }
    return all_same ? 0 : 1;
}
