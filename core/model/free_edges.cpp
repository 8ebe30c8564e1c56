#include "model/free_edges.hpp"

#include "bodies/free_edge_body.h"

namespace dimerlab {

std::uint64_t free_edge_count(const Graph& graph, std::span<const std::uint32_t> mate) {
    std::uint64_t free = 0;
    for (const Edge& e : graph.edges()) free += dl_edge_is_free(mate.data(), e.u, e.v);
    return free;
}

double free_edge_weight(const Graph& graph, std::span<const std::uint32_t> mate) {
    if (!graph.weighted()) return static_cast<double>(free_edge_count(graph, mate));
    double free = 0;
    for (EdgeId e = 0; e < graph.num_edges(); ++e)
        if (dl_edge_is_free(mate.data(), graph.edge(e).u, graph.edge(e).v)) free += graph.weight(e);
    return free;
}

}  // namespace dimerlab
