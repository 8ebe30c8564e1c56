#include "perf/glauber_throughput.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>

#include "model/heat_bath_rule.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "sampling/glauber_sequential.hpp"

namespace dimerlab {
namespace {

constexpr std::uint64_t kSeed = 1;

// The loop a first implementation would write; kept here, out of core, as the yardstick.
// noinline so that the compiler cannot specialise it on the caller's constants.
[[gnu::noinline]] std::uint32_t baseline_loop(const Graph& g, std::uint64_t threshold, std::uint64_t updates,
                                              MateArray& mate) {
    const Edge* edges = g.edges().data();
    const std::uint32_t m = g.num_edges();
    std::int64_t delta = 0;
    for (std::uint64_t t = 0; t < updates; ++t) {
        const TapeWords w = tape_words(kSeed, t);
        const Edge e = edges[tape_edge(w, m)];
        delta += heat_bath_update(mate.data(), e.u, e.v, tape_coin_occupied(w, threshold));
    }
    return static_cast<std::uint32_t>(delta);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

GlauberBenchResult measure_glauber_throughput(const Graph& graph, double lambda, std::uint64_t updates,
                                              int repeats) {
    GlauberBenchResult r;
    r.updates = updates;
    const std::uint64_t threshold = heat_bath_threshold(lambda);
    double best_baseline = 1e300, best_production = 1e300;
    for (int rep = 0; rep < std::max(1, repeats); ++rep) {
        MateArray mate(graph.num_vertices(), kNoMate);
        auto start = std::chrono::steady_clock::now();
        baseline_loop(graph, threshold, updates, mate);
        best_baseline = std::min(best_baseline, seconds_since(start));
        r.baseline_hash = state_hash(mate);

        GlauberSequentialSampler sampler(graph, kSeed, LambdaRecord(lambda),
                                         MateArray(graph.num_vertices(), kNoMate));
        start = std::chrono::steady_clock::now();
        sampler.advance(updates);
        best_production = std::min(best_production, seconds_since(start));
        r.production_hash = state_hash(sampler.mate());
    }
    r.baseline_updates_per_s = static_cast<double>(updates) / best_baseline;
    r.production_updates_per_s = static_cast<double>(updates) / best_production;
    r.ratio = r.production_updates_per_s / r.baseline_updates_per_s;
    r.same_state = r.baseline_hash == r.production_hash;
    return r;
}

std::string cpu_model_name() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                const auto first = line.find_first_not_of(" \t", colon + 1);
                return first == std::string::npos ? std::string{} : line.substr(first);
            }
        }
    }
    return "unknown";
}

}  // namespace dimerlab
