#include "faces/drawn_faces.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "util/errors.hpp"

namespace dimerlab {

std::vector<FaceWalk> trace_drawing_faces(const Graph& graph) {
    const auto& xy = graph.layout();
    const std::uint32_t n = graph.num_vertices();
    if (xy.size() != n) throw InputError("graph '" + graph.spec() + "' has no drawing to trace faces from");
    // Darts are the CSR slots: slot s of v leads v → csr_neighbors()[s]. Around each vertex the
    // slots are sorted counter-clockwise by direction; position[s] is s's place in that ring.
    const auto& offsets = graph.csr_offsets();
    const auto& target = graph.csr_neighbors();
    const auto& edge_of = graph.csr_edges();
    std::vector<std::uint32_t> ring(target.size()), position(target.size());
    std::iota(ring.begin(), ring.end(), 0u);
    for (VertexId v = 0; v < n; ++v) {
        const auto angle = [&](std::uint32_t s) {
            return std::atan2(xy[target[s]].y - xy[v].y, xy[target[s]].x - xy[v].x);
        };
        std::sort(ring.begin() + offsets[v], ring.begin() + offsets[v + 1],
                  [&](std::uint32_t a, std::uint32_t b) { return angle(a) < angle(b); });
        for (std::uint32_t i = offsets[v]; i < offsets[v + 1]; ++i) position[ring[i]] = i;
    }
    // The reverse of each dart: the slot of u in v's list for the slot of v in u's list.
    std::vector<std::uint32_t> reverse(target.size());
    {
        std::vector<std::uint32_t> first_slot(graph.num_edges(), UINT32_MAX);
        for (VertexId v = 0; v < n; ++v)
            for (std::uint32_t s = offsets[v]; s < offsets[v + 1]; ++s) {
                std::uint32_t& other = first_slot[edge_of[s]];
                if (other == UINT32_MAX) {
                    other = s;
                } else {
                    reverse[s] = other;
                    reverse[other] = s;
                }
            }
    }
    // Arriving at v along u → v, leave along the neighbour just before u in counter-clockwise
    // order: the same turn at every vertex traces the face on one side of each directed edge.
    const auto next_dart = [&](std::uint32_t dart) {
        const std::uint32_t back = reverse[dart];  // v → u, a slot of v
        const VertexId v = target[dart];
        const std::uint32_t i = position[back];
        return ring[i == offsets[v] ? offsets[v + 1] - 1 : i - 1];
    };
    std::vector<VertexId> source(target.size());
    for (VertexId v = 0; v < n; ++v)
        for (std::uint32_t s = offsets[v]; s < offsets[v + 1]; ++s) source[s] = v;
    std::vector<char> used(target.size(), 0);
    std::vector<FaceWalk> faces;
    for (std::uint32_t start = 0; start < target.size(); ++start) {
        if (used[start]) continue;
        FaceWalk walk;
        for (std::uint32_t d = start; !used[d]; d = next_dart(d)) {
            used[d] = 1;
            walk.vertices.push_back(source[d]);
            walk.edges.push_back(edge_of[d]);
            const Point2 a = xy[source[d]], b = xy[target[d]];
            walk.signed_area += (a.x * b.y - b.x * a.y) / 2;
        }
        faces.push_back(std::move(walk));
    }
    return faces;
}

std::vector<std::vector<VertexId>> faces_of_drawing(const Graph& graph, std::uint32_t size) {
    std::set<std::vector<VertexId>> seen;
    std::vector<std::vector<VertexId>> faces;
    for (FaceWalk& walk : trace_drawing_faces(graph)) {
        if (walk.vertices.size() != size) continue;
        std::vector<VertexId> key = walk.vertices;
        std::sort(key.begin(), key.end());
        if (std::adjacent_find(key.begin(), key.end()) != key.end() || !seen.insert(key).second) continue;
        faces.push_back(std::move(walk.vertices));
    }
    return faces;
}

}  // namespace dimerlab
