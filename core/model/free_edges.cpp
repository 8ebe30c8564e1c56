#include "model/free_edges.hpp"

#include "bodies/free_edge_body.h"

namespace dimerlab {

std::uint64_t free_edge_count(const Graph& graph, std::span<const std::uint32_t> mate) {
    std::uint64_t free = 0;
    for (const Edge& e : graph.edges()) free += dl_edge_is_free(mate.data(), e.u, e.v);
    return free;
}

}  // namespace dimerlab
