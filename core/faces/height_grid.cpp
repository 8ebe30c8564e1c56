#include "faces/height_grid.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "model/matching_constants.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

Point2 operator-(Point2 a, Point2 b) {
    return {a.x - b.x, a.y - b.y};
}
Point2 operator+(Point2 a, Point2 b) {
    return {a.x + b.x, a.y + b.y};
}
double cross(Point2 a, Point2 b) {
    return a.x * b.y - a.y * b.x;
}

Point2 centroid(const Graph& g, std::span<const VertexId> face) {
    Point2 c;
    for (VertexId v : face) c = c + g.layout()[v];
    return {c.x / double(face.size()), c.y / double(face.size())};
}

// Two lattice steps between neighbouring points: the one reaching furthest along x, then, among
// those not parallel to it, the one reaching furthest along y.
std::pair<Point2, Point2> lattice_basis(const std::vector<Point2>& steps) {
    Point2 b1 = steps.front();
    for (Point2 s : steps)
        if (s.x > b1.x + 1e-9 || (std::abs(s.x - b1.x) <= 1e-9 && s.y < b1.y)) b1 = s;
    const double scale = b1.x * b1.x + b1.y * b1.y;
    bool found = false;
    Point2 b2;
    for (Point2 s : steps) {
        if (std::abs(cross(b1, s)) <= 1e-6 * scale) continue;
        if (!found || s.y > b2.y + 1e-9) b2 = s, found = true;
    }
    if (!found) throw std::logic_error("height_grid: the lattice steps are all parallel");
    return {b1, b2};
}

}  // namespace

HeightGrid height_grid(const Graph& g, const HeightFunction& hf, std::span<const VertexId> mate) {
    if (g.layout().size() != g.num_vertices())
        throw InputError("the height array needs the graph's drawing: build the graph with a layout");
    const auto monomers = std::count(mate.begin(), mate.end(), kNoMate);
    if (monomers > 0)
        throw InputError("the height function needs a perfect matching; this one has " +
                         std::to_string(monomers) +
                         " monomers (around a monomer the height depends on a seam, not on the matching)");
    const FaceHeights h = hf.heights(mate);
    const FaceSet& faces = hf.faces();

    struct Known {
        Point2 at;
        std::int32_t height;
    };
    std::vector<Known> points;
    std::vector<Point2> centres(faces.num_faces());
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
        centres[f] = centroid(g, faces.face(f));
        points.push_back({centres[f], h.height[f]});
    }
    std::vector<Point2> steps;
    for (std::size_t i = 0; i < hf.boundary_edges().size(); ++i) {
        const auto& e = hf.boundary_edges()[i];
        // The mirror image of the face's centre in the edge: the point just beyond it.
        const Point2 beyond = g.layout()[e.a] + g.layout()[e.b] - centres[e.face];
        points.push_back({beyond, h.boundary[i]});
        steps.push_back(beyond - centres[e.face]);
    }
    for (const auto& c : hf.crossings()) steps.push_back(centres[c.to] - centres[c.from]);
    const auto basis = lattice_basis(steps);
    const Point2 b1 = basis.first,
                 b2 = basis.second;  // named copies: lambdas cannot capture bindings in C++20
    const double det = cross(b1, b2);
    const Point2 origin = centres.front();
    std::map<std::pair<long, long>, std::int32_t> lattice;  // (row, column) → height
    const auto coordinates = [&](Point2 p) {
        const Point2 d = p - origin;
        const double i = cross(d, b2) / det, j = cross(b1, d) / det;
        return std::pair{std::lround(j), std::lround(i)};
    };
    for (const Known& k : points) {
        const auto rc = coordinates(k.at);
        const auto [it, fresh] = lattice.emplace(rc, k.height);
        if (!fresh && it->second != k.height)
            throw std::logic_error("height_grid: two heights at one lattice point");
    }
    // Square lattice: an outer corner of the region touches one tile v only. Walking around v, the
    // two sides through the corner step the same way (±1), so the corner's height is the mean of
    // its two neighbours along v's sides.
    if (faces.face_size == 4) {
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            const Point2 p = g.layout()[v] - origin;
            const double i = cross(p, b2) / det, j = cross(b1, p) / det;  // half-integers
            for (const double di : {-0.5, 0.5})
                for (const double dj : {-0.5, 0.5}) {
                    const std::pair<long, long> c{std::lround(j + dj), std::lround(i + di)};
                    if (lattice.count(c)) continue;
                    const auto a = lattice.find({c.first, std::lround(i - di)});
                    const auto b = lattice.find({std::lround(j - dj), c.second});
                    if (a == lattice.end() || b == lattice.end() || (a->second + b->second) % 2 != 0)
                        continue;
                    lattice.emplace(c, (a->second + b->second) / 2);
                }
        }
    }
    long r0 = LONG_MAX, r1 = LONG_MIN, c0 = LONG_MAX, c1 = LONG_MIN;
    for (const auto& [rc, value] : lattice) {
        r0 = std::min(r0, rc.first), r1 = std::max(r1, rc.first);
        c0 = std::min(c0, rc.second), c1 = std::max(c1, rc.second);
    }
    HeightGrid out;
    out.rows = std::uint32_t(r1 - r0 + 1);
    out.cols = std::uint32_t(c1 - c0 + 1);
    out.height.assign(std::size_t(out.rows) * out.cols, 0);
    out.inside.assign(out.height.size(), 0);
    // Dimers.jl's normalisation: the first point of the first row is 0 and the next one is +1.
    const auto& [first, first_height] = *lattice.begin();
    const auto next = lattice.find({first.first, first.second + 1});
    const int sign = next != lattice.end() && next->second - first_height < 0 ? -1 : 1;
    for (const auto& [rc, value] : lattice) {
        const std::size_t k = std::size_t(rc.first - r0) * out.cols + std::size_t(rc.second - c0);
        out.height[k] = sign * (value - first_height);
        out.inside[k] = 1;
    }
    return out;
}

}  // namespace dimerlab
