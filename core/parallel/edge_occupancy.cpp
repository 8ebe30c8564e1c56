#include "parallel/edge_occupancy.hpp"

namespace dimerlab {

std::vector<std::uint8_t> edge_occupancy(const Graph& g, std::span<const std::uint32_t> mate) {
    std::vector<std::uint8_t> occupied(g.num_edges(), 0);
    for (EdgeId e = 0; e < g.num_edges(); ++e) occupied[e] = mate[g.edge(e).u] == g.edge(e).v;
    return occupied;
}

}  // namespace dimerlab
