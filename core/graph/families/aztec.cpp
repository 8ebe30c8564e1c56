#include <cstdlib>

#include "graph/families/aztec_numbering.hpp"
#include "graph/families/families.hpp"

namespace dimerlab::families {

Graph build_aztec(std::uint32_t order) {
    // Squares [i,i+1]x[j,j+1] with |i+1/2|+|j+1/2| <= N, numbered by AztecNumbering.
    const std::int64_t n_order = order;
    const AztecNumbering numbering(order);
    const std::uint64_t count = numbering.num_squares();
    std::vector<Point2> layout;
    std::vector<Edge> edges;
    layout.reserve(count);
    edges.reserve(4 * std::size_t(order) * order);
    for (std::int64_t j = -n_order; j < n_order; ++j) {
        const std::int64_t k = numbering.half_width(j);
        for (std::int64_t i = -k; i < k; ++i) {
            layout.push_back({double(i) + 0.5, double(j) + 0.5});
            if (i + 1 < k) edges.push_back({numbering.id(i, j), numbering.id(i + 1, j)});
            if (j + 1 < n_order) {
                const std::int64_t k_up = numbering.half_width(j + 1);
                if (i >= -k_up && i < k_up) edges.push_back({numbering.id(i, j), numbering.id(i, j + 1)});
            }
        }
    }
    Graph g(static_cast<std::uint32_t>(count), std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    return g;
}

}  // namespace dimerlab::families
