#include <cstdlib>

#include "graph/families/families.hpp"

namespace dimerlab::families {

Graph build_aztec(std::uint32_t order) {
    // Squares [i,i+1]x[j,j+1] with |i+1/2|+|j+1/2| <= N. Row j (from -N to N-1) holds the squares
    // i = -k .. k-1 with k = N - |j+1/2| + 1/2, so row widths run 2,4,..,2N,2N,..,4,2.
    const std::int64_t n_order = order;
    auto half_width = [&](std::int64_t j) { return j >= 0 ? n_order - j : n_order + j + 1; };
    std::vector<std::uint64_t> row_start;
    row_start.reserve(2 * std::size_t(order) + 1);
    std::uint64_t count = 0;
    for (std::int64_t j = -n_order; j < n_order; ++j) {
        row_start.push_back(count);
        count += 2 * static_cast<std::uint64_t>(half_width(j));
    }
    auto id = [&](std::int64_t i, std::int64_t j) {
        return static_cast<VertexId>(row_start[std::size_t(j + n_order)] + std::uint64_t(i + half_width(j)));
    };
    std::vector<Point2> layout;
    std::vector<Edge> edges;
    layout.reserve(count);
    edges.reserve(4 * std::size_t(order) * order);
    for (std::int64_t j = -n_order; j < n_order; ++j) {
        const std::int64_t k = half_width(j);
        for (std::int64_t i = -k; i < k; ++i) {
            layout.push_back({double(i) + 0.5, double(j) + 0.5});
            if (i + 1 < k) edges.push_back({id(i, j), id(i + 1, j)});
            if (j + 1 < n_order) {
                const std::int64_t k_up = half_width(j + 1);
                if (i >= -k_up && i < k_up) edges.push_back({id(i, j), id(i, j + 1)});
            }
        }
    }
    Graph g(static_cast<std::uint32_t>(count), std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    return g;
}

}  // namespace dimerlab::families
