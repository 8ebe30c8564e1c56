#pragma once
// A matching as one flag per edge: the form the Jacobi rounds start from (its set edges become
// the virtual time-0 updates of a block).
#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

// occupied[e] = 1 iff mate[u] == v for e = uv. `mate` must be a matching of g.
std::vector<std::uint8_t> edge_occupancy(const Graph& g, std::span<const std::uint32_t> mate);

}  // namespace dimerlab
