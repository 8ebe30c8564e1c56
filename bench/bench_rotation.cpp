// Face rotations at large λ: τ_int of the horizontal-minus-vertical imbalance (the slow mode of
// single-edge Glauber on square lattices, docs/algorithms.md §6.5) under glauber+rotation against
// plain Glauber, on the same graph, with the same number of updates, in the same run.
// Usage: bench_rotation [sweeps] [chains]   (defaults 20000 and 4; one sample per sweep of m updates)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "diagnostics/integrated_autocorrelation.hpp"
#include "graph/graph_spec.hpp"
#include "perf/glauber_throughput.hpp"
#include "sampling/observables.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"

namespace {

using namespace dimerlab;

struct Measured {
    TauEstimate tau;
    double seconds = 0;
    double mean_dimers = 0;
};

// `chains` chains from the greedy starts of seeds 1..chains (a maximal matching drawn at random:
// both orientations present, so the slow mode starts away from equilibrium in no preferred way).
Measured measure(const Graph& g, Dynamics d, double lambda, std::uint64_t sweeps, unsigned chains) {
    Measured out;
    std::vector<std::vector<double>> series(chains);
    const std::uint64_t burn_in = sweeps / 10;
    const auto t0 = std::chrono::steady_clock::now();
    double dimers = 0;
    for (unsigned k = 0; k < chains; ++k) {
        auto s = make_cpu_sampler(g, d, k + 1, LambdaRecord(lambda),
                                  make_start_state(g, StartKind::greedy, k + 1));
        s->advance(burn_in * g.num_edges());
        series[k].reserve(sweeps);
        for (std::uint64_t i = 0; i < sweeps; ++i) {
            s->advance(g.num_edges());
            series[k].push_back(static_cast<double>(*measure_state(g, s->mate()).axis_imbalance));
            dimers += s->dimers();
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.tau = integrated_autocorrelation(series);
    out.mean_dimers = dimers / static_cast<double>(sweeps * chains);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t sweeps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
    const unsigned chains = argc > 2 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)) : 4;
    const Graph g = make_graph("grid:32x32");
    std::printf("machine: %s\n", cpu_model_name().c_str());
    std::printf(
        "input: %s (n=%u, m=%u), %llu sweeps after %llu burn-in, %u chains (greedy starts, seeds 1..%u), "
        "1 thread\n",
        g.spec().c_str(), g.num_vertices(), g.num_edges(), static_cast<unsigned long long>(sweeps),
        static_cast<unsigned long long>(sweeps / 10), chains, chains);
    std::printf(
        "observable: H-V dimer imbalance, once per sweep (m updates); tau_int in sweeps, Sokal window c=5\n");
    std::printf("baseline: glauber; candidate: glauber+rotation (half the updates rotate a face)\n\n");
    std::printf(
        "| lambda | dynamics | <|M|> | tau_int (sweeps) | +- | reliable | seconds | speed-up per update | "
        "speed-up per second |\n|---|---|---|---|---|---|---|---|---|\n");
    for (double lambda : {20.0, 100.0}) {
        const Measured base = measure(g, Dynamics::glauber, lambda, sweeps, chains);
        const Measured rot = measure(g, Dynamics::glauber_rotation, lambda, sweeps, chains);
        for (const auto* r : {&base, &rot}) {
            const bool is_rot = r == &rot;
            const double per_update = base.tau.tau / r->tau.tau;
            const double per_second = (base.tau.tau * base.seconds) / (r->tau.tau * r->seconds);
            std::printf("| %g | %s | %.1f | %.1f | %.1f | %s | %.1f | %s%.1f | %s%.1f |\n", lambda,
                        is_rot ? "glauber+rotation" : "glauber", r->mean_dimers, r->tau.tau,
                        r->tau.standard_error, r->tau.reliable ? "yes" : "no (lower bound)", r->seconds,
                        is_rot ? "" : "baseline ", per_update, is_rot ? "" : "baseline ", per_second);
        }
    }
    return 0;
}
