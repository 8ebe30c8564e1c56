#include "graph/families/families.hpp"
#include "graph/families/igraph_bridge.hpp"
#include "graph/graph_limits.hpp"
#include "util/errors.hpp"

namespace dimerlab::families {

namespace {

Graph finish(std::uint32_t n, std::vector<Edge> edges, std::uint64_t seed, bool with_layout) {
    Graph g(n, std::move(edges));
    if (with_layout) g.set_layout(igraph_force_layout(g, seed));
    return g;
}

}  // namespace

Graph build_regular(std::uint32_t n, std::uint32_t d, std::uint64_t seed, bool with_layout) {
    if (2 * std::uint64_t(d) <= n - 1) return finish(n, igraph_k_regular(n, d, seed), seed, with_layout);
    // igraph's simple-graph heuristic slows sharply for dense degrees (10 s for 2000,1500), so a
    // dense D-regular graph is drawn as the complement of a sparse (N-1-D)-regular one. The
    // adjacency bitmap is n^2 bits, under a tenth of the >= n^2/4 edges it produces.
    const std::vector<Edge> sparse = d + 1 == n ? std::vector<Edge>{} : igraph_k_regular(n, n - 1 - d, seed);
    std::vector<bool> adjacent(std::size_t(n) * n, false);
    for (const Edge& e : sparse) {
        adjacent[std::size_t(e.u) * n + e.v] = true;
        adjacent[std::size_t(e.v) * n + e.u] = true;
    }
    std::vector<Edge> edges;
    edges.reserve(std::size_t(n) * d / 2);
    for (VertexId u = 0; u < n; ++u) {
        for (VertexId v = u + 1; v < n; ++v) {
            if (!adjacent[std::size_t(u) * n + v]) edges.push_back({u, v});
        }
    }
    return finish(n, std::move(edges), seed, with_layout);
}

Graph build_gnp(std::uint32_t n, double p, std::uint64_t seed, bool with_layout, std::uint64_t max_bytes) {
    std::vector<Edge> edges = igraph_gnp(n, p, seed);
    // The size check used the expected edge count; the draw itself may land a little above it.
    check_graph_size("this gnp draw", n, static_cast<long double>(edges.size()), max_bytes);
    return finish(n, std::move(edges), seed, with_layout);
}

Graph build_gnm(std::uint32_t n, std::uint32_t m, std::uint64_t seed, bool with_layout) {
    return finish(n, igraph_gnm(n, m, seed), seed, with_layout);
}

}  // namespace dimerlab::families
