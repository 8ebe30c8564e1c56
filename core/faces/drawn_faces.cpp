#include "faces/drawn_faces.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "util/errors.hpp"

namespace dimerlab {

std::vector<std::vector<VertexId>> faces_of_drawing(const Graph& graph, std::uint32_t size) {
    const auto& xy = graph.layout();
    const std::uint32_t n = graph.num_vertices();
    if (xy.size() != n) throw InputError("graph '" + graph.spec() + "' has no drawing to trace faces from");
    // Neighbours of each vertex in counter-clockwise order of direction.
    std::vector<std::vector<VertexId>> around(n);
    for (VertexId v = 0; v < n; ++v) {
        const auto nb = graph.neighbors(v);
        around[v].assign(nb.begin(), nb.end());
        std::sort(around[v].begin(), around[v].end(), [&](VertexId a, VertexId b) {
            return std::atan2(xy[a].y - xy[v].y, xy[a].x - xy[v].x) <
                   std::atan2(xy[b].y - xy[v].y, xy[b].x - xy[v].x);
        });
    }
    // Arriving at v from u, leave along the neighbour just before u in counter-clockwise order:
    // the same turn at every vertex traces the face on one side of each directed edge.
    const auto next_after = [&](VertexId u, VertexId v) {
        const auto& ring = around[v];
        const auto it = std::find(ring.begin(), ring.end(), u);
        const std::size_t i = static_cast<std::size_t>(it - ring.begin());
        return ring[(i + ring.size() - 1) % ring.size()];
    };
    std::set<std::pair<VertexId, VertexId>> used;
    std::set<std::vector<VertexId>> seen;
    std::vector<std::vector<VertexId>> faces;
    for (VertexId u0 = 0; u0 < n; ++u0) {
        for (VertexId v0 : around[u0]) {
            if (used.count({u0, v0})) continue;
            std::vector<VertexId> cycle;
            VertexId u = u0, v = v0;
            // A face of the drawing is at most every directed edge long.
            for (std::size_t steps = 0; steps <= 2 * std::size_t(graph.num_edges()); ++steps) {
                used.insert({u, v});
                cycle.push_back(u);
                const VertexId w = next_after(u, v);
                u = v;
                v = w;
                if (u == u0 && v == v0) break;
            }
            if (cycle.size() != size) continue;
            std::vector<VertexId> key = cycle;
            std::sort(key.begin(), key.end());
            if (std::adjacent_find(key.begin(), key.end()) != key.end() || !seen.insert(key).second) continue;
            faces.push_back(std::move(cycle));
        }
    }
    return faces;
}

}  // namespace dimerlab
