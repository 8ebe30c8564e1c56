// Ensemble mode on the CPU: K chains advanced together on the thread pool (CpuSamplerEnsemble)
// against the same K chains run one after another with GlauberSequentialSampler. Same
// trajectories (checked: the final state hashes must agree), so only the schedule differs; the
// ratio is wall-clock throughput, honest on whatever cores the machine has.
// Usage: bench_ensemble [sweeps] [spec] [K] [threads]   (default 100 sweeps, torus:64x64, K=8, 2)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/glauber_sequential.hpp"

int main(int argc, char** argv) {
    using namespace dimerlab;
    const std::uint64_t sweeps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100;
    const std::string spec = argc > 2 ? argv[2] : "torus:64x64";
    const std::size_t chains = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 8;
    const unsigned threads = argc > 4 ? static_cast<unsigned>(std::strtoul(argv[4], nullptr, 10)) : 2;
    const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
    const std::uint64_t updates = sweeps * g.num_edges();
    const std::uint64_t seed = 1;
    const std::vector<MateArray> starts = ensemble_dispersed_starts(g, chains, seed);

    {  // untimed warm-up, so the schedule timed first does not pay for cold caches and clocks
        GlauberSequentialSampler warm(g, seed, LambdaRecord(1.0), starts[0]);
        warm.advance(updates);
    }
    using clock = std::chrono::steady_clock;
    auto t0 = clock::now();
    std::vector<std::uint64_t> hashes;
    for (std::size_t k = 0; k < chains; ++k) {
        GlauberSequentialSampler s(g, seed + k, LambdaRecord(1.0), starts[k]);
        s.advance(updates);
        hashes.push_back(state_hash(s.mate()));
    }
    const double seq_secs = std::chrono::duration<double>(clock::now() - t0).count();

    CpuSamplerEnsemble ens(g, seed, LambdaRecord(1.0), starts, threads);
    t0 = clock::now();
    ens.advance(updates);
    const double ens_secs = std::chrono::duration<double>(clock::now() - t0).count();
    std::size_t same = 0;
    for (std::size_t k = 0; k < chains; ++k) same += state_hash(ens.mate(k)) == hashes[k];

    const double total = static_cast<double>(updates) * static_cast<double>(chains);
    std::printf("%s, lambda=1, K=%zu chains x %llu sweeps of %u updates\n", spec.c_str(), chains,
                static_cast<unsigned long long>(sweeps), g.num_edges());
    std::printf("%-34s %10s %12s %8s\n", "schedule", "seconds", "M updates/s", "ratio");
    std::printf("%-34s %10.3f %12.1f %8.2f\n", "K sequential runs, one after another", seq_secs,
                total / seq_secs / 1e6, 1.0);
    const std::string name = "ensemble, " + std::to_string(ens.threads()) + " threads";
    std::printf("%-34s %10.3f %12.1f %8.2f\n", name.c_str(), ens_secs, total / ens_secs / 1e6,
                seq_secs / ens_secs);
    std::printf("identical final states: %zu/%zu\n", same, chains);
    return same == chains ? 0 : 1;
}
