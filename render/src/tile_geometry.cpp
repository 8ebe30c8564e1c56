#include "dimerlab_render/tile_geometry.hpp"

#include <cmath>
#include <numbers>

namespace dimerlab::render {

namespace {

constexpr double kLengthTolerance = 0.01;  // relative
constexpr double kAngleTolerance = 0.02;   // radians

// Direction of the segment folded into [0, π).
double folded_angle(const EdgeInstance& s) {
    double a = std::atan2(double(s.y1 - s.y0), double(s.x1 - s.x0));
    if (a < 0) a += std::numbers::pi;
    if (a >= std::numbers::pi) a -= std::numbers::pi;
    return a;
}

// Distance between two folded angles, on the circle of period π.
double angle_gap(double a, double b) {
    const double d = std::fabs(a - b);
    return std::min(d, std::numbers::pi - d);
}

// Instances that are whole edges (a wrapped edge is two instances of one edge).
std::vector<bool> whole_instances(const SceneGeometry& scene) {
    const auto& edge = scene.instance_edge();
    std::vector<bool> whole(edge.size(), true);
    for (std::size_t i = 0; i + 1 < edge.size(); ++i) {
        if (edge[i] == edge[i + 1]) whole[i] = whole[i + 1] = false;
    }
    return whole;
}

}  // namespace

TileShape tile_shape(const SceneGeometry& scene) {
    const auto& inst = scene.instances();
    const std::vector<bool> whole = whole_instances(scene);
    std::vector<double> directions;
    for (std::size_t i = 0; i < inst.size(); ++i) {
        if (!whole[i]) continue;
        const double len = std::hypot(double(inst[i].x1 - inst[i].x0), double(inst[i].y1 - inst[i].y0));
        if (std::fabs(len - scene.unit()) > kLengthTolerance * scene.unit()) return TileShape::none;
        const double a = folded_angle(inst[i]);
        bool known = false;
        for (double d : directions) known = known || angle_gap(a, d) < kAngleTolerance;
        if (!known) directions.push_back(a);
        if (directions.size() > 3) return TileShape::none;
    }
    const double third = std::numbers::pi / 3, quarter = std::numbers::pi / 2;
    if (directions.size() == 2 &&
        std::fabs(angle_gap(directions[0], directions[1]) - quarter) < kAngleTolerance &&
        scene.has_orientation_classes())
        return TileShape::domino;
    // The triangular lattice has the honeycomb's three directions; its triangles are not tiles.
    if (directions.size() == 3 && scene.graph().is_bipartite()) {
        for (std::size_t i = 0; i < 3; ++i)
            if (std::fabs(angle_gap(directions[i], directions[(i + 1) % 3]) - third) > kAngleTolerance)
                return TileShape::none;
        return TileShape::lozenge;
    }
    return TileShape::none;
}

std::vector<std::uint8_t> tile_classes(const SceneGeometry& scene, TileShape shape) {
    const auto& inst = scene.instances();
    if (shape == TileShape::domino) return scene.instance_class();
    std::vector<std::uint8_t> cls(inst.size(), kOtherClass);
    if (shape != TileShape::lozenge) return cls;
    // Directions 60° apart: the class is the nearest multiple of 60° from the smallest one, so
    // a rotated honeycomb still gets three classes.
    double base = std::numbers::pi;
    for (const EdgeInstance& s : inst)
        base = std::min(base, std::fmod(folded_angle(s), std::numbers::pi / 3));
    for (std::size_t i = 0; i < inst.size(); ++i) {
        const double steps = (folded_angle(inst[i]) - base) / (std::numbers::pi / 3);
        cls[i] = static_cast<std::uint8_t>(static_cast<int>(std::lround(steps)) % 3);
    }
    return cls;
}

std::array<glm::dvec2, 4> tile_corners(TileShape shape, const EdgeInstance& s, bool stub, double unit) {
    const glm::dvec2 a(s.x0, s.y0), b(s.x1, s.y1);
    const double len = glm::length(b - a);
    const glm::dvec2 dir = len > 0 ? (b - a) / len : glm::dvec2(1, 0);
    const glm::dvec2 across(-dir.y, dir.x);
    if (shape == TileShape::domino) {
        // The unit squares centred on both ends; a stub ends at the edge of its own square.
        const glm::dvec2 start = a - 0.5 * unit * dir, end = stub ? b : b + 0.5 * unit * dir;
        const glm::dvec2 side = 0.5 * unit * across;
        return {start - side, end - side, end + side, start + side};
    }
    // Honeycomb of edge length s: each vertex is the centre of a triangle of side √3·s whose
    // far corner lies s beyond it, away from the edge's midpoint; the shared side is the dual
    // edge, √3·s long, through the midpoint.
    const glm::dvec2 mid = 0.5 * (a + b);
    const glm::dvec2 half_dual = 0.5 * std::sqrt(3.0) * len * across;
    return {a - len * dir, mid - half_dual, b + len * dir, mid + half_dual};
}

void append_tile_triangles(const SceneGeometry& scene, TileShape shape, std::span<const std::uint8_t> classes,
                           std::span<const std::uint8_t> instance_states, std::vector<float>& out) {
    if (shape == TileShape::none) return;
    const auto& inst = scene.instances();
    const std::vector<bool> whole = whole_instances(scene);
    for (std::size_t i = 0; i < inst.size() && i < instance_states.size(); ++i) {
        if (instance_states[i] == 0) continue;
        if (!whole[i] && shape == TileShape::lozenge) continue;
        const auto c = tile_corners(shape, inst[i], !whole[i], scene.unit());
        const float cls = float(classes[i]);
        for (int k : {0, 1, 2, 0, 2, 3}) {
            out.push_back(float(c[k].x));
            out.push_back(float(c[k].y));
            out.push_back(cls);
        }
    }
}

}  // namespace dimerlab::render
