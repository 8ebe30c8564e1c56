#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab {

struct NamedStart {
    std::string name;  // "empty", "maximum", "horizontal", "vertical", "greedy:SEED"
    MateArray mate;
};

// K starting matchings spread over the state space for multi-chain diagnostics (docs/algorithms.md §6.2):
// empty, maximum, and on lattices the two extreme orientations (greedy over horizontal, resp. vertical, edges
// first: brick/columnar-like states at the ends of the slow imbalance mode), then random greedy maximal
// matchings with seeds seed, seed+1, ...
std::vector<NamedStart> dispersed_starts(const Graph& graph, std::size_t count, std::uint64_t seed);

}  // namespace dimerlab
