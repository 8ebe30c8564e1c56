#include "faces/expected_slope.hpp"

#include <algorithm>
#include <cmath>

namespace dimerlab {

namespace {

struct Centre {
    double x = 0, y = 0;
};

std::vector<Centre> face_centres(const Graph& graph, const FaceSet& faces) {
    std::vector<Centre> out(faces.num_faces());
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
        for (VertexId v : faces.face(f)) {
            out[f].x += graph.layout()[v].x;
            out[f].y += graph.layout()[v].y;
        }
        out[f].x /= faces.face_size;
        out[f].y /= faces.face_size;
    }
    return out;
}

// The normal equations of the least-squares gradient: Σ d dᵀ and Σ d Δh over the neighbours.
struct Normal {
    double xx = 0, xy = 0, yy = 0, xh = 0, yh = 0;
    void add(double dx, double dy, double dh) {
        xx += dx * dx;
        xy += dx * dy;
        yy += dy * dy;
        xh += dx * dh;
        yh += dy * dh;
    }
    double gradient_norm() const {
        const double det = xx * yy - xy * xy;
        if (std::abs(det) <= 1e-12 * (xx * yy + 1e-300)) {
            // Neighbours along one line only (a face at a corner of the region): the slope along it.
            const double along = xx + yy;
            return along > 0 ? std::hypot(xh, yh) / along : 0.0;
        }
        const double gx = (yy * xh - xy * yh) / det, gy = (xx * yh - xy * xh) / det;
        return std::hypot(gx, gy);
    }
};

}  // namespace

FaceSlopes expected_slopes(const Graph& graph, const HeightFunction& height,
                           std::span<const float> probability) {
    const FaceSet& faces = height.faces();
    const std::vector<Centre> centre = face_centres(graph, faces);
    std::vector<Normal> normal(faces.num_faces());
    for (const HeightFunction::Crossing& c : height.crossings()) {
        const std::optional<EdgeId> e = graph.find_edge(c.a, c.b);
        const double occupied = e && *e < probability.size() ? probability[*e] : 0.0;
        const double dh = height.expected_step(occupied, c.b);  // from c.from into c.to
        const double dx = centre[c.to].x - centre[c.from].x, dy = centre[c.to].y - centre[c.from].y;
        normal[c.from].add(dx, dy, dh);
        normal[c.to].add(-dx, -dy, -dh);
    }
    FaceSlopes out;
    out.magnitude.resize(faces.num_faces());
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
        out.magnitude[f] = normal[f].gradient_norm();
        out.max = std::max(out.max, out.magnitude[f]);
    }
    return out;
}

std::vector<float> edge_slope_shares(const Graph& graph, const HeightFunction& height,
                                     const FaceSlopes& slopes) {
    std::vector<double> sum(graph.num_edges(), 0.0);
    std::vector<std::uint8_t> count(graph.num_edges(), 0);
    const auto add = [&](VertexId a, VertexId b, std::uint32_t face) {
        if (const std::optional<EdgeId> e = graph.find_edge(a, b)) {
            sum[*e] += slopes.magnitude[face];
            ++count[*e];
        }
    };
    for (const HeightFunction::Crossing& c : height.crossings()) {
        add(c.a, c.b, c.from);
        add(c.a, c.b, c.to);
    }
    for (const HeightFunction::FaceEdge& b : height.boundary_edges()) add(b.a, b.b, b.face);
    std::vector<float> out(graph.num_edges(), 0.0f);
    if (slopes.max <= 0) return out;
    for (EdgeId e = 0; e < graph.num_edges(); ++e)
        if (count[e]) out[e] = static_cast<float>(std::min(1.0, sum[e] / count[e] / slopes.max));
    return out;
}

}  // namespace dimerlab
