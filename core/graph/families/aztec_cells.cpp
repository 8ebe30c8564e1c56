#include "graph/families/aztec_cells.hpp"

#include <string>

#include "graph/families/aztec_numbering.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::array<std::int64_t, 4> aztec_cell_edge_squares(std::uint32_t order, std::uint32_t u, std::uint32_t v,
                                                    AztecSide side) {
    const std::int64_t x = std::int64_t(u) - std::int64_t(v);
    const std::int64_t y = std::int64_t(u) + std::int64_t(v) - std::int64_t(order) + 1;
    switch (side) {
        case AztecSide::north:
            return {x - 1, y, x, y};
        case AztecSide::south:
            return {x - 1, y - 1, x, y - 1};
        case AztecSide::east:
            return {x, y - 1, x, y};
        case AztecSide::west:
            return {x - 1, y - 1, x - 1, y};
    }
    return {};
}

std::vector<EdgeId> aztec_cell_edge_ids(std::uint32_t order, const Graph& graph) {
    const AztecNumbering numbering(order);
    const auto not_aztec = [order] {
        return InputError("the graph is not aztec:" + std::to_string(order) + "'s graph");
    };
    if (order == 0 || graph.num_vertices() != numbering.num_squares() ||
        graph.num_edges() != 4ull * order * order)
        throw not_aztec();
    std::vector<EdgeId> ids(4ull * order * order);
    for (std::uint32_t u = 0; u < order; ++u)
        for (std::uint32_t v = 0; v < order; ++v)
            for (int side = 0; side < 4; ++side) {
                const auto sq = aztec_cell_edge_squares(order, u, v, static_cast<AztecSide>(side));
                const auto edge = graph.find_edge(numbering.id(sq[0], sq[1]), numbering.id(sq[2], sq[3]));
                if (!edge) throw not_aztec();
                ids[(std::size_t(u) * order + v) * 4 + std::size_t(side)] = *edge;
            }
    return ids;
}

void set_two_periodic_weights(Graph& graph, std::uint32_t order, const ExactWeight& a, const ExactWeight& b) {
    const std::vector<EdgeId> ids = aztec_cell_edge_ids(order, graph);
    std::vector<std::uint32_t> edge_class(graph.num_edges());  // 0: a, 1: b
    for (std::uint32_t u = 0; u < order; ++u)
        for (std::uint32_t v = 0; v < order; ++v)
            for (std::size_t side = 0; side < 4; ++side)
                edge_class[ids[(std::size_t(u) * order + v) * 4 + side]] =
                    two_periodic_cell_takes_b(u, v) ? 1 : 0;
    graph.set_weights(EdgeWeights({a, b}, std::move(edge_class)));
}

}  // namespace dimerlab
