#pragma once
#include <cstdint>
#include <optional>
#include <span>

#include "graph/graph.hpp"
#include "sampling/running_stats.hpp"

namespace dimerlab {

struct StateObservables {
    std::uint32_t dimers = 0;
    std::uint32_t monomers = 0;
    double covered_fraction = 0;  // 2|M| / n
    // Horizontal minus vertical dimers; only for graphs with edge axes (lattices).
    std::optional<std::int64_t> axis_imbalance;
};

// O(n + Σ deg of matched vertices): measured once per sweep, so it walks the mate array and
// looks each dimer's axis up in the CSR row of its lower endpoint.
StateObservables measure_state(const Graph& graph, std::span<const std::uint32_t> mate);

}  // namespace dimerlab
