#include "faces/height_function.hpp"

#include <algorithm>
#include <queue>
#include <unordered_map>

#include "graph/graph_spec.hpp"
#include "model/matching_constants.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

std::uint64_t edge_key(VertexId u, VertexId v) {
    return (std::uint64_t{std::min(u, v)} << 32) | std::max(u, v);
}

// The vertex sides by breadth-first search; white (1) is the side of each component's first vertex.
std::vector<std::uint8_t> white_side(const Graph& g) {
    std::vector<std::int8_t> side(g.num_vertices(), -1);
    std::vector<VertexId> queue;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (side[s] >= 0) continue;
        side[s] = 1;
        queue.assign(1, s);
        for (std::size_t i = 0; i < queue.size(); ++i) {
            const VertexId v = queue[i];
            for (VertexId w : g.neighbors(v)) {
                if (side[w] < 0) {
                    side[w] = static_cast<std::int8_t>(1 - side[v]);
                    queue.push_back(w);
                } else if (side[w] == side[v]) {
                    throw InputError("the height function needs a bipartite graph");
                }
            }
        }
    }
    return {side.begin(), side.end()};
}

}  // namespace

HeightFunction::HeightFunction(const Graph& graph) : HeightFunction(graph, lattice_faces(graph)) {}

HeightFunction::HeightFunction(const Graph& graph, FaceSet faces) : faces_(std::move(faces)) {
    if (!graph.spec().empty() && parse_graph_spec(graph.spec()).family == "torus")
        throw InputError("the height function needs a simply connected region; a torus has none");
    if (faces_.num_faces() == 0) throw InputError("the height function needs a graph with faces");
    degree_ = faces_.face_size == 4 ? 4 : 3;
    white_ = white_side(graph);
    const std::uint32_t k = faces_.face_size, num_faces = faces_.num_faces();

    // Each undirected edge: the faces that contain it and their positions in those faces.
    struct Side {
        std::uint32_t face, pos;
    };
    std::unordered_map<std::uint64_t, std::vector<Side>> by_edge;
    for (std::uint32_t f = 0; f < num_faces; ++f) {
        const auto c = faces_.face(f);
        for (std::uint32_t i = 0; i < k; ++i) by_edge[edge_key(c[i], c[(i + 1) % k])].push_back({f, i});
    }

    // Orient the faces consistently: neighbours run their shared edge in opposite directions.
    // Face 0 keeps its order; a face reached through a neighbour is reversed when they disagree.
    std::vector<std::int8_t> flipped(num_faces, -1);
    const auto vertex_at = [&](std::uint32_t f, std::uint32_t i) {
        const auto c = faces_.face(f);
        return flipped[f] == 1 ? c[(k - i) % k] : c[i];
    };
    flipped[0] = 0;
    std::queue<std::uint32_t> queue;
    queue.push(0);
    std::uint32_t reached = 1;
    while (!queue.empty()) {
        const std::uint32_t f = queue.front();
        queue.pop();
        for (std::uint32_t i = 0; i < k; ++i) {
            const VertexId a = vertex_at(f, i), b = vertex_at(f, (i + 1) % k);
            for (const Side& s : by_edge[edge_key(a, b)]) {
                if (s.face == f || flipped[s.face] >= 0) continue;
                // In s.face's listed order the edge runs c[pos] → c[pos + 1]; keep it iff that is b → a.
                flipped[s.face] = faces_.face(s.face)[s.pos] == b ? 0 : 1;
                tree_.push_back({f, s.face, a, b});
                queue.push(s.face);
                ++reached;
            }
        }
    }
    if (reached != num_faces) throw InputError("the height function needs a connected region of faces");
    // Store the faces in their consistent orientation (the order is still cyclic along the face).
    for (std::uint32_t f = 0; f < num_faces; ++f) {
        if (flipped[f] != 1) continue;
        auto* c = faces_.vertices.data() + std::size_t(f) * k;
        std::reverse(c + 1, c + k);
    }
    for (std::uint32_t f = 0; f < num_faces; ++f) {
        const auto c = faces_.face(f);
        for (std::uint32_t i = 0; i < k; ++i) {
            const VertexId a = c[i], b = c[(i + 1) % k];
            const auto& sides = by_edge[edge_key(a, b)];
            if (sides.size() == 1) {
                boundary_.push_back({f, a, b});
            } else {
                for (const Side& s : sides)
                    if (s.face > f) crossings_.push_back({f, s.face, a, b});
            }
        }
    }
}

double HeightFunction::expected_step(double occupied, VertexId b) const {
    const double change = double(degree_) * occupied - 1.0;
    return white_[b] ? change : -change;
}

std::int32_t HeightFunction::step(std::span<const VertexId> mate, VertexId a, VertexId b) const {
    return static_cast<std::int32_t>(expected_step(mate[a] == b ? 1.0 : 0.0, b));
}

FaceHeights HeightFunction::heights(std::span<const VertexId> mate) const {
    FaceHeights out;
    const std::uint32_t num_faces = faces_.num_faces();
    out.height.assign(num_faces, 0);
    for (const Crossing& c : tree_) out.height[c.to] = out.height[c.from] + step(mate, c.a, c.b);
    out.boundary.reserve(boundary_.size());
    for (const FaceEdge& e : boundary_) out.boundary.push_back(out.height[e.face] + step(mate, e.a, e.b));
    const std::int32_t shift = out.boundary.empty() ? 0 : out.boundary.front();
    for (std::int32_t& h : out.height) h -= shift;
    for (std::int32_t& h : out.boundary) h -= shift;
    out.defect.assign(num_faces, 0);
    for (std::uint32_t f = 0; f < num_faces; ++f)
        for (VertexId v : faces_.face(f))
            if (mate[v] == kNoMate) out.defect[f] = 1;
    const auto [lo, hi] = std::minmax_element(out.height.begin(), out.height.end());
    out.min = *lo;
    out.max = *hi;
    return out;
}

}  // namespace dimerlab
