#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "graph/families/families.hpp"

namespace dimerlab::families {

namespace {

// Half-open range [lo, hi) of x; empty when hi <= lo.
struct XRange {
    std::int64_t lo = 0, hi = 0;
    std::int64_t size() const { return std::max<std::int64_t>(0, hi - lo); }
    // How many x of the range lie below x.
    std::int64_t before(std::int64_t x) const { return std::clamp<std::int64_t>(x - lo, 0, size()); }
};

}  // namespace

std::uint64_t hexagon_q_offset(std::uint64_t a, std::uint64_t b) {
    return a * b * (b == 0 ? 0 : b - 1) / 2;
}

Graph build_hexagon(std::uint32_t a, std::uint32_t b, std::uint32_t c, const ExactWeight* q) {
    // The honeycomb dual to the unit triangles of the A,B,C,A,B,C hexagon: its perfect matchings are
    // the lozenge tilings (two triangles sharing a side make a lozenge). Points of the triangular
    // lattice are x e1 + y e2 with e1 = (1, 0), e2 = (1/2, √3/2); the hexagon is
    // { 0 <= y <= B+C, -C <= x <= A, 0 <= x+y <= A+B }, with corners (0,0), (A,0), (A,B),
    // (A-C,B+C), (-C,B+C), (-C,C). The up triangle at (x, y) has corners (x,y), (x+1,y), (x,y+1);
    // the down triangle at (x, y) has (x+1,y), (x,y+1), (x+1,y+1). Up (x,y) shares a side with
    // down (x,y), down (x-1,y) and down (x,y-1). Vertices sit at the triangles' centroids, so the
    // drawing is the true honeycomb (nearest neighbours 1/√3 apart); they are numbered row by row
    // (y up), left to right, up before down at the same x.
    //
    // The hexagon meets each row of its bounding parallelogram in an interval, so ids come from
    // per-row interval arithmetic: the workspace is O(B+C), not the parallelogram's
    // (A+C)(B+C), which for hexagon:5,1,15111 was 1.8 GB beside a 16 MB graph.
    const std::int64_t A = a, B = b, C = c, rows = B + C;
    // Lattice points of row y inside the hexagon: -C <= x <= A and -y <= x <= A+B-y.
    auto points = [&](std::int64_t y) -> XRange {
        if (y < 0 || y > rows) return {};
        return {std::max(-C, -y), std::min(A, A + B - y) + 1};
    };
    // The x whose triangle has all three corners (x+dx_i, y+dy_i) inside.
    auto corners_inside = [&](std::int64_t y, std::initializer_list<std::pair<int, int>> corners) {
        XRange r{INT64_MIN / 2, INT64_MAX / 2};
        for (const auto& [dx, dy] : corners) {
            const XRange p = points(y + dy);
            r.lo = std::max(r.lo, p.lo - dx);
            r.hi = std::min(r.hi, p.hi - dx);
        }
        return r.size() > 0 ? r : XRange{};
    };
    std::vector<XRange> up(static_cast<std::size_t>(rows)), down(static_cast<std::size_t>(rows));
    std::vector<std::uint32_t> row_start(std::size_t(rows) + 1, 0);
    for (std::int64_t y = 0; y < rows; ++y) {
        up[std::size_t(y)] = corners_inside(y, {{0, 0}, {1, 0}, {0, 1}});
        down[std::size_t(y)] = corners_inside(y, {{1, 0}, {0, 1}, {1, 1}});
        row_start[std::size_t(y) + 1] =
            row_start[std::size_t(y)] +
            static_cast<std::uint32_t>(up[std::size_t(y)].size() + down[std::size_t(y)].size());
    }
    // Up (x,y) follows every up and down triangle of its row with a smaller x; down (x,y) follows
    // those and up (x,y) as well.
    auto up_id = [&](std::int64_t x, std::int64_t y) {
        const std::size_t r = std::size_t(y);
        return static_cast<std::uint32_t>(row_start[r] + up[r].before(x) + down[r].before(x));
    };
    auto down_id = [&](std::int64_t x, std::int64_t y) {
        const std::size_t r = std::size_t(y);
        return static_cast<std::uint32_t>(row_start[r] + up[r].before(x + 1) + down[r].before(x));
    };
    auto in = [](const XRange& r, std::int64_t x) { return x >= r.lo && x < r.hi; };

    const std::uint32_t n = row_start.back();
    std::vector<Point2> layout;
    layout.reserve(n);
    std::vector<Edge> edges;
    edges.reserve(std::size_t(3) * (A * B + B * C + C * A));
    // With q: class y is q^y on the edge up (x, y) - down (x, y) (class 0, q^0 = 1, on every other edge).
    std::vector<std::uint32_t> edge_class;
    if (q) edge_class.reserve(edges.capacity());
    const double h = std::sqrt(3.0) / 2;
    for (std::int64_t y = 0; y < rows; ++y) {
        const XRange& u = up[std::size_t(y)];
        const XRange& d = down[std::size_t(y)];
        for (std::int64_t x = std::min(u.lo, d.lo); x < std::max(u.hi, d.hi); ++x) {
            for (int is_down = 0; is_down < 2; ++is_down) {
                if (!in(is_down ? d : u, x)) continue;
                const double third = is_down ? 2.0 / 3.0 : 1.0 / 3.0;
                const double px = double(x) + 0.5 * double(y) + 1.5 * third;  // centroid of the corners
                const double py = (double(y) + third) * h;
                layout.push_back({px, py});
            }
            if (!in(u, x)) continue;
            const std::uint32_t v = up_id(x, y);
            if (in(d, x - 1)) edges.push_back({down_id(x - 1, y), v});
            if (q && in(d, x - 1)) edge_class.push_back(0);
            if (in(d, x)) edges.push_back({v, down_id(x, y)});
            if (q && in(d, x)) edge_class.push_back(static_cast<std::uint32_t>(y));
            if (y > 0 && in(down[std::size_t(y) - 1], x)) edges.push_back({down_id(x, y - 1), v});
            if (q && y > 0 && in(down[std::size_t(y) - 1], x)) edge_class.push_back(0);
        }
    }
    Graph g(n, std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    if (q) {
        std::vector<ExactWeight> classes{ExactWeight{"1", 1.0}};
        for (std::int64_t y = 1; y < rows; ++y) classes.push_back(power_of(*q, static_cast<long>(y)));
        g.set_weights(EdgeWeights(std::move(classes), std::move(edge_class)));
    }
    return g;
}

}  // namespace dimerlab::families
