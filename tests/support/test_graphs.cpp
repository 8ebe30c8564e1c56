#include "test_graphs.hpp"

#include <set>
#include <utility>

namespace dimerlab::testing {
namespace {

Graph lattice(std::uint32_t w, std::uint32_t h, bool periodic, std::string spec) {
    std::vector<Edge> edges;
    std::vector<EdgeAxis> axes;
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::uint32_t v = y * w + x;
            if (x + 1 < w || periodic) {
                edges.push_back({v, y * w + (x + 1) % w});
                axes.push_back(EdgeAxis::horizontal);
            }
            if (y + 1 < h || periodic) {
                edges.push_back({v, ((y + 1) % h) * w + x});
                axes.push_back(EdgeAxis::vertical);
            }
        }
    }
    Graph g(w * h, std::move(edges));
    std::vector<Point2> layout(static_cast<std::size_t>(w) * h);
    for (std::uint32_t v = 0; v < w * h; ++v)
        layout[v] = {static_cast<double>(v % w), static_cast<double>(v / w)};
    g.set_layout(std::move(layout));
    g.set_edge_axes(std::move(axes));
    g.set_spec(std::move(spec));
    return g;
}

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace

Graph grid_graph(std::uint32_t width, std::uint32_t height) {
    return lattice(width, height, false, "grid:" + std::to_string(width) + "x" + std::to_string(height));
}

Graph torus_graph(std::uint32_t width, std::uint32_t height) {
    return lattice(width, height, true, "torus:" + std::to_string(width) + "x" + std::to_string(height));
}

Graph path_graph(std::uint32_t n) {
    std::vector<Edge> edges;
    for (std::uint32_t v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1});
    return Graph(n, std::move(edges));
}

Graph cycle_graph(std::uint32_t n) {
    std::vector<Edge> edges;
    for (std::uint32_t v = 0; v < n; ++v) edges.push_back({v, (v + 1) % n});
    return Graph(n, std::move(edges));
}

Graph complete_graph(std::uint32_t n) {
    std::vector<Edge> edges;
    for (std::uint32_t u = 0; u < n; ++u) {
        for (std::uint32_t v = u + 1; v < n; ++v) edges.push_back({u, v});
    }
    return Graph(n, std::move(edges));
}

Graph complete_bipartite_graph(std::uint32_t a, std::uint32_t b) {
    std::vector<Edge> edges;
    for (std::uint32_t u = 0; u < a; ++u) {
        for (std::uint32_t v = 0; v < b; ++v) edges.push_back({u, a + v});
    }
    return Graph(a + b, std::move(edges));
}

Graph star_graph(std::uint32_t leaves) {
    std::vector<Edge> edges;
    for (std::uint32_t v = 1; v <= leaves; ++v) edges.push_back({0, v});
    return Graph(leaves + 1, std::move(edges));
}

Graph random_graph(std::uint32_t n, std::uint32_t m, std::uint64_t seed) {
    std::uint64_t state = seed;
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    std::vector<Edge> edges;
    while (edges.size() < m) {
        std::uint32_t u = static_cast<std::uint32_t>(splitmix64(state) % n);
        std::uint32_t v = static_cast<std::uint32_t>(splitmix64(state) % n);
        if (u == v) continue;
        if (u > v) std::swap(u, v);
        if (!seen.insert({u, v}).second) continue;
        edges.push_back({u, v});
    }
    return Graph(n, std::move(edges));
}

}  // namespace dimerlab::testing
