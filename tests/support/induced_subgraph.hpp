#pragma once
// The subgraph of a drawn graph on the kept vertices, renumbered in order, with their drawing and
// (on a weighted graph) its edges' weights: regions cut out of lattice families for the Kasteleyn
// and placement-probability tests.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::testing {

inline Graph induced_subgraph(const Graph& g, const std::vector<char>& keep) {
    std::vector<VertexId> id(g.num_vertices(), UINT32_MAX);
    std::vector<Point2> xy;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (keep[v]) {
            id[v] = static_cast<VertexId>(xy.size());
            xy.push_back(g.layout()[v]);
        }
    std::vector<Edge> edges;
    std::vector<ExactWeight> weights;
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        if (!keep[ed.u] || !keep[ed.v]) continue;
        edges.push_back({id[ed.u], id[ed.v]});
        if (g.weighted()) weights.push_back(g.weights().classes()[g.weights().edge_classes()[e]]);
    }
    Graph h(static_cast<std::uint32_t>(xy.size()), std::move(edges));
    h.set_layout(std::move(xy));
    if (g.weighted()) h.set_weights(EdgeWeights(weights));
    return h;
}

}  // namespace dimerlab::testing
