// The chromatic sampler on the CPU (docs/algorithms.md §2.3) against sequential random-edge Glauber:
// updates/s on torus:512x512 at λ = 1, chromatic with 1 and 2 threads, and the ratio to Glauber.
// The chains differ, so only speed is compared (and each run's final dimer count printed as a
// sanity check, since both sample the same law).
// Usage: bench_chromatic [sweeps] [spec]   (default 20 sweeps of torus:512x512)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "chromatic/chromatic_sampler.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/glauber_sequential.hpp"

namespace {

using namespace dimerlab;

// Updates per second over `sweeps` sweeps, after one untimed warm-up sweep.
double updates_per_second(Sampler& s, std::uint64_t sweeps) {
    const std::uint64_t m = s.graph().num_edges();
    s.advance(m);
    const auto t0 = std::chrono::steady_clock::now();
    s.advance(sweeps * m);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return static_cast<double>(sweeps * m) / secs;
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t sweeps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20;
    const std::string spec = argc > 2 ? argv[2] : "torus:512x512";
    const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
    const MateArray empty(g.num_vertices(), kNoMate);
    GlauberSequentialSampler glauber(g, 1, LambdaRecord(1.0), empty);
    const double base = updates_per_second(glauber, sweeps);
    std::printf("%s, lambda=1, %llu sweeps of %u updates\n", spec.c_str(),
                static_cast<unsigned long long>(sweeps), g.num_edges());
    std::printf("%-28s %12s %8s %8s\n", "backend", "M updates/s", "ratio", "dimers");
    std::printf("%-28s %12.1f %8.2f %8u\n", "glauber sequential", base / 1e6, 1.0, glauber.dimers());
    for (unsigned threads : {1u, 2u}) {
        ChromaticOptions options;
        options.threads = threads;
        options.parallel = threads > 1;
        const auto t0 = std::chrono::steady_clock::now();
        ChromaticSampler chromatic(g, 1, LambdaRecord(1.0), empty, options);
        const double colour_secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double rate = updates_per_second(chromatic, sweeps);
        const std::string name =
            "chromatic, " + std::to_string(threads) + " thread" + (threads > 1 ? "s" : "");
        std::printf("%-28s %12.1f %8.2f %8u   (%u classes, %s, colouring+validation %.3f s)\n", name.c_str(),
                    rate / 1e6, rate / base, chromatic.dimers(), chromatic.colouring().num_colours(),
                    std::string(colouring_method_name(chromatic.colouring().method)).c_str(), colour_secs);
    }
    return 0;
}
