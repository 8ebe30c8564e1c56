#include "dimerlab_render/vertex_spacing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace dimerlab::render {

namespace {

constexpr double kCoincident = 1e-12;

struct Grid {
    double cell;
    double x0, y0;
    std::unordered_map<std::int64_t, std::vector<std::uint32_t>> cells;

    std::int64_t key(std::int64_t cx, std::int64_t cy) const { return cx * 2654435761LL + cy; }
    std::int64_t cx(double x) const { return static_cast<std::int64_t>(std::floor((x - x0) / cell)); }
    std::int64_t cy(double y) const { return static_cast<std::int64_t>(std::floor((y - y0) / cell)); }
};

}  // namespace

double median_nearest_neighbour_distance(std::span<const Point2> p, std::size_t max_probes) {
    const std::size_t n = p.size();
    if (n < 2 || max_probes == 0) return 0;
    double lo_x = p[0].x, hi_x = p[0].x, lo_y = p[0].y, hi_y = p[0].y;
    for (const Point2& q : p) {
        lo_x = std::min(lo_x, q.x);
        hi_x = std::max(hi_x, q.x);
        lo_y = std::min(lo_y, q.y);
        hi_y = std::max(hi_y, q.y);
    }
    const double w = hi_x - lo_x, h = hi_y - lo_y;
    if (std::max(w, h) <= kCoincident) return 0;
    // About one point per cell for points spread over the box; a drawing on a line has no area,
    // so its length shares out instead.
    const double cell = std::max({std::sqrt(w * h / double(n)), std::max(w, h) / double(n), kCoincident});
    Grid grid{cell, lo_x, lo_y, {}};
    for (std::uint32_t v = 0; v < n; ++v) grid.cells[grid.key(grid.cx(p[v].x), grid.cy(p[v].y))].push_back(v);

    const std::size_t probes = std::min(n, max_probes);
    std::vector<double> nearest;
    nearest.reserve(probes);
    const auto max_ring = static_cast<std::int64_t>(std::ceil(std::max(w, h) / cell)) + 1;
    for (std::size_t i = 0; i < probes; ++i) {
        const std::size_t v = i * n / probes;
        const std::int64_t cx = grid.cx(p[v].x), cy = grid.cy(p[v].y);
        double best = INFINITY;
        // Rings of cells outward; once a neighbour is found, rings beyond best/cell cannot hold a
        // nearer one.
        for (std::int64_t r = 0; r <= max_ring; ++r) {
            if (std::isfinite(best) && double(r - 1) * cell > best) break;
            for (std::int64_t dx = -r; dx <= r; ++dx) {
                for (std::int64_t dy = -r; dy <= r; ++dy) {
                    if (std::max(std::abs(dx), std::abs(dy)) != r) continue;
                    const auto it = grid.cells.find(grid.key(cx + dx, cy + dy));
                    if (it == grid.cells.end()) continue;
                    for (std::uint32_t u : it->second) {
                        const double d = std::hypot(p[u].x - p[v].x, p[u].y - p[v].y);
                        if (d > kCoincident && d < best) best = d;
                    }
                }
            }
        }
        if (std::isfinite(best)) nearest.push_back(best);
    }
    if (nearest.empty()) return 0;
    std::nth_element(nearest.begin(), nearest.begin() + nearest.size() / 2, nearest.end());
    return nearest[nearest.size() / 2];
}

}  // namespace dimerlab::render
