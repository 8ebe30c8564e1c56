#include "dimerlab_render/scene_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

#include "dimerlab_render/vertex_spacing.hpp"
#include "model/edge_state.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab::render {

namespace {

// 0/1 sublattice of every vertex by BFS, or empty when the graph is not bipartite.
std::vector<std::uint8_t> two_colouring(const Graph& g) {
    if (!g.is_bipartite()) return {};
    std::vector<std::uint8_t> side(g.num_vertices(), 2);
    std::deque<VertexId> queue;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (side[s] != 2) continue;
        // Anchor each component on the parity of its first vertex's lattice position, so the
        // colours match (x + y) mod 2 on grids whatever the component order.
        side[s] = 0;
        queue.push_back(s);
        while (!queue.empty()) {
            const VertexId v = queue.front();
            queue.pop_front();
            for (VertexId w : g.neighbors(v)) {
                if (side[w] == 2) {
                    side[w] = side[v] ^ 1u;
                    queue.push_back(w);
                }
            }
        }
    }
    return side;
}

}  // namespace

SceneGeometry::SceneGeometry(std::shared_ptr<const Graph> shared) : graph_(std::move(shared)) {
    const Graph& graph = *graph_;
    const auto& pos = graph.layout();
    const std::uint32_t n = graph.num_vertices();
    std::vector<Point2> fallback;
    const std::vector<Point2>* layout = &pos;
    if (pos.size() != n) {
        // No layout (built without one): a row keeps the app usable instead of failing.
        fallback.resize(n);
        for (std::uint32_t v = 0; v < n; ++v) fallback[v] = {double(v), 0.0};
        layout = &fallback;
    }
    const auto& p = *layout;

    vertex_xy_.reserve(2 * std::size_t(n));
    if (n > 0) bounds_ = {{p[0].x, p[0].y}, {p[0].x, p[0].y}};
    for (const Point2& q : p) {
        vertex_xy_.push_back(float(q.x));
        vertex_xy_.push_back(float(q.y));
        bounds_.min = glm::min(bounds_.min, glm::dvec2(q.x, q.y));
        bounds_.max = glm::max(bounds_.max, glm::dvec2(q.x, q.y));
    }

    std::vector<double> lengths;
    lengths.reserve(graph.num_edges());
    for (const Edge& e : graph.edges())
        lengths.push_back(std::hypot(p[e.u].x - p[e.v].x, p[e.u].y - p[e.v].y));
    double edge_unit = 1.0;
    if (!lengths.empty()) {
        std::vector<double> sorted = lengths;
        std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
        if (sorted[sorted.size() / 2] > 1e-9) edge_unit = sorted[sorted.size() / 2];
    }
    // On lattices the two agree; elsewhere edges can be far longer than the gaps between
    // vertices, and sizes taken from them would bury the drawing.
    const double spacing = median_nearest_neighbour_distance(p);
    unit_ = spacing > 1e-9 ? spacing : edge_unit;
    constexpr double kLatticeDimerWidth = 0.36, kLongEdgeRatio = 3;
    dimer_width_ = kLatticeDimerWidth * unit_ * std::min(1.0, kLongEdgeRatio * unit_ / edge_unit);

    const auto& axes = graph.edge_axes();
    const bool lattice = axes.size() == graph.num_edges();
    const std::vector<std::uint8_t> side = lattice ? two_colouring(graph) : std::vector<std::uint8_t>{};
    has_classes_ = lattice && !side.empty();

    instances_.reserve(graph.num_edges());
    edge_first_instance_.reserve(graph.num_edges() + std::size_t(1));
    for (EdgeId id = 0; id < graph.num_edges(); ++id) {
        edge_first_instance_.push_back(static_cast<std::uint32_t>(instances_.size()));
        const Edge& e = graph.edge(id);
        const glm::dvec2 a(p[e.u].x, p[e.u].y), b(p[e.v].x, p[e.v].y);
        // Only lattices wrap; elsewhere a long edge is a real chord of the drawing.
        const bool wraps = lattice && lengths[id] > 2 * edge_unit;
        std::uint8_t cls = kOtherClass;
        if (has_classes_ && axes[id] != EdgeAxis::other) {
            const bool horizontal = axes[id] == EdgeAxis::horizontal;
            const double da = horizontal ? a.x : a.y, db = horizontal ? b.x : b.y;
            // The left/lower end; on a wrap edge the unwrapped step goes from the far end.
            const VertexId first = ((da <= db) != wraps) ? e.u : e.v;
            cls = static_cast<std::uint8_t>((horizontal ? kHorizontalEven : kVerticalEven) + side[first]);
        }
        if (!wraps) {
            instances_.push_back({float(a.x), float(a.y), float(b.x), float(b.y)});
            instance_edge_.push_back(id);
            instance_class_.push_back(cls);
            continue;
        }
        const glm::dvec2 out = glm::normalize(a - b) * (0.5 * unit_);
        instances_.push_back({float(a.x), float(a.y), float(a.x + out.x), float(a.y + out.y)});
        instances_.push_back({float(b.x), float(b.y), float(b.x - out.x), float(b.y - out.y)});
        instance_edge_.insert(instance_edge_.end(), {id, id});
        instance_class_.insert(instance_class_.end(), {cls, cls});
    }

    edge_first_instance_.push_back(static_cast<std::uint32_t>(instances_.size()));
    for (VertexId v = 0; v < n; ++v) cells_[cell_key(p[v].x, p[v].y)].push_back(v);
}

std::int64_t SceneGeometry::cell_key(double x, double y) const {
    const auto cx = static_cast<std::int64_t>(std::floor(x / unit_));
    const auto cy = static_cast<std::int64_t>(std::floor(y / unit_));
    return cx * 2654435761LL + cy;
}

void SceneGeometry::edge_states(std::span<const std::uint32_t> mate, std::vector<std::uint8_t>& out) const {
    // The rule the CUDA–OpenGL interop kernel applies, so both paths fill the buffer alike.
    instance_states_from_mate(*graph_, instance_edge_, mate, out);
}

void SceneGeometry::monomer_flags(std::span<const std::uint32_t> mate, std::vector<std::uint8_t>& out) {
    out.resize(mate.size());
    for (std::size_t v = 0; v < mate.size(); ++v) out[v] = mate[v] == kNoMate ? 1 : 0;
}

std::optional<VertexId> SceneGeometry::nearest_vertex(glm::dvec2 world, double radius) const {
    std::optional<VertexId> best;
    double best_d = radius;
    const int reach = static_cast<int>(std::ceil(radius / unit_));
    for (int dx = -reach; dx <= reach; ++dx) {
        for (int dy = -reach; dy <= reach; ++dy) {
            const auto it = cells_.find(cell_key(world.x + dx * unit_, world.y + dy * unit_));
            if (it == cells_.end()) continue;
            for (VertexId v : it->second) {
                const double d = glm::distance(world, glm::dvec2(vertex_xy_[2 * v], vertex_xy_[2 * v + 1]));
                if (d <= best_d) {
                    best_d = d;
                    best = v;
                }
            }
        }
    }
    return best;
}

std::optional<PickResult> SceneGeometry::pick(glm::dvec2 world) const {
    if (auto v = nearest_vertex(world, 0.3 * unit_)) return PickResult{PickResult::Kind::vertex, *v};
    const auto near = nearest_vertex(world, 1.5 * unit_);
    if (!near) return std::nullopt;
    std::optional<PickResult> best;
    double best_d = 0.25 * unit_;
    for (EdgeId id : graph_->incident_edges(*near)) {
        for (std::uint32_t i = edge_first_instance_[id]; i < edge_first_instance_[id + 1]; ++i) {
            const EdgeInstance& s = instances_[i];
            const glm::dvec2 a(s.x0, s.y0), b(s.x1, s.y1);
            const glm::dvec2 ab = b - a;
            const double t =
                std::clamp(glm::dot(world - a, ab) / std::max(1e-12, glm::dot(ab, ab)), 0.0, 1.0);
            const double d = glm::distance(world, a + t * ab);
            if (d <= best_d) {
                best_d = d;
                best = PickResult{PickResult::Kind::edge, id};
            }
        }
    }
    return best;
}

}  // namespace dimerlab::render
