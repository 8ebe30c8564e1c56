#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numbers>

#include "graph/families/families.hpp"

namespace dimerlab::families {

namespace {

// Points evenly on a circle whose circumference is about one unit per point, so neighbours on
// the rim keep the unit spacing of the lattice drawings.
std::vector<Point2> circle(std::uint32_t n, double radius = 0) {
    if (radius <= 0) radius = std::max(1.0, n / (2 * std::numbers::pi));
    std::vector<Point2> pos(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const double a = std::numbers::pi / 2 + 2 * std::numbers::pi * i / n;
        pos[i] = {radius * std::cos(a), radius * std::sin(a)};
    }
    return pos;
}

Graph drawn(std::uint32_t n, std::vector<Edge> edges, std::vector<Point2> layout) {
    Graph g(n, std::move(edges));
    g.set_layout(std::move(layout));
    return g;
}

}  // namespace

Graph build_complete(std::uint32_t n) {
    std::vector<Edge> edges;
    edges.reserve(std::size_t(n) * (n - 1) / 2);
    for (std::uint32_t u = 0; u < n; ++u) {
        for (std::uint32_t v = u + 1; v < n; ++v) edges.push_back({u, v});
    }
    return drawn(n, std::move(edges), circle(n));
}

Graph build_bipartite(std::uint32_t a, std::uint32_t b) {
    // Vertices 0..a-1 form the left column, a..a+b-1 the right one.
    std::vector<Edge> edges;
    edges.reserve(std::size_t(a) * b);
    for (std::uint32_t i = 0; i < a; ++i) {
        for (std::uint32_t j = 0; j < b; ++j) edges.push_back({i, a + j});
    }
    std::vector<Point2> layout;
    layout.reserve(std::size_t(a) + b);
    const double gap = std::max(1.0, std::max(a, b) / 2.0);
    for (std::uint32_t i = 0; i < a; ++i) layout.push_back({0.0, i - (a - 1) / 2.0});
    for (std::uint32_t j = 0; j < b; ++j) layout.push_back({gap, j - (b - 1) / 2.0});
    return drawn(a + b, std::move(edges), std::move(layout));
}

Graph build_path(std::uint32_t n) {
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    edges.reserve(n - 1);
    layout.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        layout.push_back({double(i), 0.0});
        if (i + 1 < n) edges.push_back({i, i + 1});
    }
    return drawn(n, std::move(edges), std::move(layout));
}

Graph build_cycle(std::uint32_t n) {
    std::vector<Edge> edges;
    edges.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) edges.push_back({i, (i + 1) % n});
    return drawn(n, std::move(edges), circle(n));
}

Graph build_hypercube(std::uint32_t dim) {
    const std::uint32_t n = dim >= 32 ? 0 : (1u << dim);
    std::vector<Edge> edges;
    edges.reserve(std::size_t(dim) * (n / 2));
    for (std::uint32_t v = 0; v < n; ++v) {
        for (std::uint32_t k = 0; k < dim; ++k) {
            const std::uint32_t w = v ^ (1u << k);
            if (v < w) edges.push_back({v, w});
        }
    }
    // Layer k holds the vertices with k bits set, centred on the axis; layers are spread so the
    // drawing is about as tall as the widest layer is wide.
    std::array<double, 33> layer_size{};
    layer_size[0] = 1;
    for (std::uint32_t k = 1; k <= dim; ++k) layer_size[k] = layer_size[k - 1] * (dim - k + 1) / k;
    const double widest = *std::max_element(layer_size.begin(), layer_size.begin() + dim + 1);
    const double step = std::max(1.0, widest / (dim + 1));
    std::array<std::uint32_t, 33> rank{};
    std::vector<Point2> layout(n);
    for (std::uint32_t v = 0; v < n; ++v) {
        const int k = std::popcount(v);
        layout[v] = {rank[k]++ - (layer_size[k] - 1) / 2, k * step};
    }
    return drawn(n, std::move(edges), std::move(layout));
}

Graph build_petersen() {
    // Outer pentagon 0..4, spokes i -> i+5, inner pentagram i+5 -> (i+2)%5+5.
    std::vector<Edge> edges;
    for (std::uint32_t i = 0; i < 5; ++i) {
        edges.push_back({i, (i + 1) % 5});
        edges.push_back({i, i + 5});
        edges.push_back({i + 5, (i + 2) % 5 + 5});
    }
    std::vector<Point2> layout = circle(5, 2.0);
    for (const Point2& p : circle(5, 1.0)) layout.push_back(p);
    return drawn(10, std::move(edges), std::move(layout));
}

}  // namespace dimerlab::families
