#pragma once
#include <cstdint>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

struct GlauberBenchResult {
    std::uint64_t updates = 0;
    double baseline_updates_per_s = 0;    // plain loop: tape -> edge -> rule, no prefetch
    double production_updates_per_s = 0;  // GlauberSequentialSampler
    double ratio = 0;                     // production / baseline
    std::uint64_t baseline_hash = 0;
    std::uint64_t production_hash = 0;
    bool same_state = false;  // both ran the same tape from the empty matching
};

// Times `updates` heat-bath updates at activity λ (seed 1, empty start, one thread) with the
// plain loop and with the production sampler; best of `repeats` runs each.
GlauberBenchResult measure_glauber_throughput(const Graph& graph, double lambda, std::uint64_t updates,
                                              int repeats = 3);

// The CPU model from /proc/cpuinfo ("unknown" when unavailable).
std::string cpu_model_name();

}  // namespace dimerlab
