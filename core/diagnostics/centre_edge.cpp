#include "diagnostics/centre_edge.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace dimerlab {
namespace {

constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

std::vector<std::uint32_t> bfs(const Graph& g, VertexId source) {
    std::vector<std::uint32_t> dist(g.num_vertices(), kUnreached);
    std::vector<VertexId> queue{source};
    dist[source] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const VertexId v = queue[head];
        for (VertexId u : g.neighbors(v)) {
            if (dist[u] != kUnreached) continue;
            dist[u] = dist[v] + 1;
            queue.push_back(u);
        }
    }
    return dist;
}

}  // namespace

EdgeId centre_edge(const Graph& g) {
    if (g.num_edges() == 0) throw std::invalid_argument("centre_edge: the graph has no edges");
    // Work inside the component of edge 0's endpoint so that distances are finite.
    const VertexId first = g.edge(0).u;
    // ecc[v] = max over sources of d(source, v); sources by farthest-point sampling.
    std::vector<std::uint32_t> ecc(g.num_vertices(), 0), nearest(g.num_vertices(), kUnreached);
    // Sum of distances to the sources: breaks ties towards the extremes when choosing sources
    // (on a square grid two corners and the centre are equally far from the first two corners)
    // and towards the middle when choosing the centre.
    std::vector<std::uint64_t> total(g.num_vertices(), 0);
    VertexId source = first;
    for (int k = 0; k < 4; ++k) {
        const std::vector<std::uint32_t> d = bfs(g, source);
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            if (d[v] == kUnreached) {
                ecc[v] = kUnreached;
                continue;
            }
            ecc[v] = std::max(ecc[v], d[v]);
            nearest[v] = std::min(nearest[v], d[v]);
            total[v] += d[v];
        }
        // The next source: the reachable vertex farthest from all sources so far.
        VertexId farthest = source;
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            if (d[v] == kUnreached) continue;
            if (nearest[v] > nearest[farthest] ||
                (nearest[v] == nearest[farthest] && total[v] > total[farthest]))
                farthest = v;
        }
        source = farthest;
    }
    VertexId centre = first;
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        if (g.degree(v) == 0) continue;
        if (ecc[v] < ecc[centre] || (ecc[v] == ecc[centre] && total[v] < total[centre])) centre = v;
    }
    EdgeId best = g.incident_edges(centre)[0];
    std::uint32_t best_ecc = kUnreached;
    VertexId best_nbr = g.neighbors(centre)[0];
    const auto nbrs = g.neighbors(centre);
    const auto edges = g.incident_edges(centre);
    for (std::size_t i = 0; i < nbrs.size(); ++i) {
        const std::uint32_t e = ecc[nbrs[i]];
        if (e < best_ecc || (e == best_ecc && total[nbrs[i]] < total[best_nbr]) ||
            (e == best_ecc && total[nbrs[i]] == total[best_nbr] && edges[i] < best)) {
            best_nbr = nbrs[i];
            best_ecc = e;
            best = edges[i];
        }
    }
    return best;
}

}  // namespace dimerlab
