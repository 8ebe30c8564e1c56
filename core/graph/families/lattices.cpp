#include <cmath>

#include "graph/families/families.hpp"

namespace dimerlab::families {

namespace {

// Row-major id; the size check has already bounded w*h below 2^32.
VertexId at(std::uint32_t w, std::uint32_t x, std::uint32_t y) {
    return static_cast<VertexId>(std::uint64_t(y) * w + x);
}

Graph with_lattice_drawing(Graph g, std::vector<Point2> layout) {
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    return g;
}

}  // namespace

Graph build_grid(std::uint32_t w, std::uint32_t h) {
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    edges.reserve(std::size_t(w - 1) * h + std::size_t(h - 1) * w);
    layout.reserve(std::size_t(w) * h);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            layout.push_back({double(x), double(y)});
            if (x + 1 < w) edges.push_back({at(w, x, y), at(w, x + 1, y)});
            if (y + 1 < h) edges.push_back({at(w, x, y), at(w, x, y + 1)});
        }
    }
    const auto n = static_cast<std::uint32_t>(layout.size());
    return with_lattice_drawing(Graph(n, std::move(edges)), std::move(layout));
}

Graph build_torus(std::uint32_t w, std::uint32_t h) {
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    std::vector<EdgeAxis> axes;
    edges.reserve(2 * std::size_t(w) * h);
    axes.reserve(2 * std::size_t(w) * h);
    layout.reserve(std::size_t(w) * h);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            layout.push_back({double(x), double(y)});
            // Axes come from the step taken on the unwrapped lattice: in the drawing a wrap edge
            // spans the whole torus and would still classify right, but only by luck of aspect.
            edges.push_back({at(w, x, y), at(w, (x + 1) % w, y)});
            axes.push_back(EdgeAxis::horizontal);
            edges.push_back({at(w, x, y), at(w, x, (y + 1) % h)});
            axes.push_back(EdgeAxis::vertical);
        }
    }
    Graph g(static_cast<std::uint32_t>(layout.size()), std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(std::move(axes));
    return g;
}

Graph build_hex(std::uint32_t w, std::uint32_t h) {
    // Brick wall: zigzag rows joined by a rung below every vertex with x+y odd, so each vertex
    // has at most one rung and the faces are hexagons of six unit edges.
    const double s = std::sqrt(3.0) / 2;
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    layout.reserve(std::size_t(w) * h);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const bool odd = ((x + y) & 1u) != 0;
            layout.push_back({x * s, 1.5 * y + (odd ? 0.5 : 0.0)});
            if (x + 1 < w) edges.push_back({at(w, x, y), at(w, x + 1, y)});
            if (odd && y + 1 < h) edges.push_back({at(w, x, y), at(w, x, y + 1)});
        }
    }
    const auto n = static_cast<std::uint32_t>(layout.size());
    return with_lattice_drawing(Graph(n, std::move(edges)), std::move(layout));
}

Graph build_tri(std::uint32_t w, std::uint32_t h) {
    // Odd rows are shifted right by half a step, so the diagonal neighbour above leans left
    // from even rows and right from odd rows.
    const double s = std::sqrt(3.0) / 2;
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    layout.reserve(std::size_t(w) * h);
    for (std::uint32_t y = 0; y < h; ++y) {
        const bool odd_row = (y & 1u) != 0;
        for (std::uint32_t x = 0; x < w; ++x) {
            layout.push_back({x + (odd_row ? 0.5 : 0.0), y * s});
            if (x + 1 < w) edges.push_back({at(w, x, y), at(w, x + 1, y)});
            if (y + 1 < h) {
                edges.push_back({at(w, x, y), at(w, x, y + 1)});
                if (!odd_row && x > 0) edges.push_back({at(w, x, y), at(w, x - 1, y + 1)});
                if (odd_row && x + 1 < w) edges.push_back({at(w, x, y), at(w, x + 1, y + 1)});
            }
        }
    }
    const auto n = static_cast<std::uint32_t>(layout.size());
    return with_lattice_drawing(Graph(n, std::move(edges)), std::move(layout));
}

}  // namespace dimerlab::families
