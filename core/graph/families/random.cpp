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
    return finish(n, igraph_k_regular(n, d, seed), seed, with_layout);
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
