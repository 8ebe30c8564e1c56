#include <cmath>
#include <cstdint>
#include <vector>

#include "graph/families/families.hpp"

namespace dimerlab::families {

Graph build_hexagon(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    // The honeycomb dual to the unit triangles of the A,B,C,A,B,C hexagon: its perfect matchings are
    // the lozenge tilings (two triangles sharing a side make a lozenge). Points of the triangular
    // lattice are x e1 + y e2 with e1 = (1, 0), e2 = (1/2, √3/2); the hexagon is
    // { 0 <= y <= B+C, -C <= x <= A, 0 <= x+y <= A+B }, with corners (0,0), (A,0), (A,B),
    // (A-C,B+C), (-C,B+C), (-C,C). The up triangle at (x, y) has corners (x,y), (x+1,y), (x,y+1);
    // the down triangle at (x, y) has (x+1,y), (x,y+1), (x+1,y+1). Up (x,y) shares a side with
    // down (x,y), down (x-1,y) and down (x,y-1). Vertices sit at the triangles' centroids, so the
    // drawing is the true honeycomb (nearest neighbours 1/√3 apart); they are numbered row by row
    // (y up), left to right, up before down at the same x.
    const std::int64_t A = a, B = b, C = c;
    auto inside = [&](std::int64_t x, std::int64_t y) {
        return y >= 0 && y <= B + C && x >= -C && x <= A && x + y >= 0 && x + y <= A + B;
    };
    auto up_inside = [&](std::int64_t x, std::int64_t y) {
        return inside(x, y) && inside(x + 1, y) && inside(x, y + 1);
    };
    auto down_inside = [&](std::int64_t x, std::int64_t y) {
        return inside(x + 1, y) && inside(x, y + 1) && inside(x + 1, y + 1);
    };
    const std::int64_t width = A + C + 2;  // x from -C-1 to A
    auto slot = [&](std::int64_t x, std::int64_t y, int down) {
        return std::size_t(((y * width) + (x + C + 1)) * 2 + down);
    };
    std::vector<std::uint32_t> id(std::size_t((B + C) * width * 2), 0);  // read only where inside
    std::vector<Point2> layout;
    const double h = std::sqrt(3.0) / 2;
    for (std::int64_t y = 0; y < B + C; ++y) {
        for (std::int64_t x = -C - 1; x <= A; ++x) {
            for (int down = 0; down < 2; ++down) {
                if (!(down ? down_inside(x, y) : up_inside(x, y))) continue;
                id[slot(x, y, down)] = static_cast<std::uint32_t>(layout.size());
                const double third = down ? 2.0 / 3.0 : 1.0 / 3.0;
                const double px = double(x) + 0.5 * double(y) + 1.5 * third;  // centroid of the corners
                const double py = (double(y) + third) * h;
                layout.push_back({px, py});
            }
        }
    }
    std::vector<Edge> edges;
    for (std::int64_t y = 0; y < B + C; ++y) {
        for (std::int64_t x = -C; x <= A; ++x) {
            if (!up_inside(x, y)) continue;
            const std::uint32_t u = id[slot(x, y, 0)];
            if (down_inside(x - 1, y)) edges.push_back({id[slot(x - 1, y, 1)], u});
            if (down_inside(x, y)) edges.push_back({u, id[slot(x, y, 1)]});
            if (y > 0 && down_inside(x, y - 1)) edges.push_back({id[slot(x, y - 1, 1)], u});
        }
    }
    Graph g(static_cast<std::uint32_t>(layout.size()), std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    return g;
}

}  // namespace dimerlab::families
