// Throughput of the sequential Glauber backend against a plain loop, one thread.
// Usage: bench_glauber [sweeps]   (updates = sweeps * m per graph; default 20)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "perf/glauber_throughput.hpp"

namespace {

// Periodic square lattice, vertex (x, y) = y W + x; built by hand so that the benchmark does not
// depend on the graph-spec parser.
dimerlab::Graph torus(std::uint32_t w, std::uint32_t h) {
    std::vector<dimerlab::Edge> edges;
    edges.reserve(2ull * w * h);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::uint32_t v = y * w + x;
            edges.push_back({v, y * w + (x + 1) % w});
            edges.push_back({v, ((y + 1) % h) * w + x});
        }
    }
    dimerlab::Graph g(w * h, std::move(edges));
    g.set_spec("torus:" + std::to_string(w) + "x" + std::to_string(h));
    return g;
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t sweeps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20;
    const double lambda = 1.0;
    std::printf("machine: %s\n", dimerlab::cpu_model_name().c_str());
    bool all_same = true;
    for (std::uint32_t side : {64u, 512u}) {
        const dimerlab::Graph g = torus(side, side);
        const std::uint64_t updates = sweeps * g.num_edges();
        const dimerlab::GlauberBenchResult r = dimerlab::measure_glauber_throughput(g, lambda, updates);
        std::printf("input: %s (n=%u, m=%u), lambda=%g, updates=%llu, seed=1, 1 thread\n", g.spec().c_str(),
                    g.num_vertices(), g.num_edges(), lambda, static_cast<unsigned long long>(updates));
        std::printf("  baseline:   %8.2f M updates/s\n", r.baseline_updates_per_s / 1e6);
        std::printf("  production: %8.2f M updates/s\n", r.production_updates_per_s / 1e6);
        std::printf("  ratio:      %8.2f   state_hash %016llx %s\n", r.ratio,
                    static_cast<unsigned long long>(r.production_hash),
                    r.same_state ? "(same)" : "(DIFFERENT)");
        all_same = all_same && r.same_state;
    }
    return all_same ? 0 : 1;
}
