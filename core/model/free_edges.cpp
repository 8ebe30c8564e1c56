#include "model/free_edges.hpp"

#include "model/matching_constants.hpp"

namespace dimerlab {

std::uint64_t free_edge_count(const Graph& graph, std::span<const std::uint32_t> mate) {
    std::uint64_t free = 0;
    for (const Edge& e : graph.edges()) free += (mate[e.u] == kNoMate && mate[e.v] == kNoMate) ? 1 : 0;
    return free;
}

}  // namespace dimerlab
