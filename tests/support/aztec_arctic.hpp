#pragma once
// The arctic circle of a uniform domino tiling of aztec:N (Jockusch–Propp–Shor), measured from
// the tiling: outside the circle of radius N/√2 inscribed in the diamond the dominoes are frozen
// in the type of their corner, inside they are mixed. Shared by the shuffling tests and the
// preset test that the `aztec` preset's first frame shows it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/families/aztec_numbering.hpp"
#include "model/matching.hpp"

namespace dimerlab::testing {

// The four domino types of a tiling of order N, read from square coordinates: a domino whose
// left (horizontal) or lower (vertical) square (i, j) has i + j + N even is north (horizontal) or
// east (vertical), odd south or west. In the frozen corners the types are north at the top, south
// at the bottom, east on the right and west on the left.
enum DominoType { north, south, east, west };

struct Domino {
    double x, y;  // centre, with the diamond's centre at the origin
    DominoType type;
};

inline std::vector<Domino> dominoes_of(std::uint32_t order, const MateArray& mate) {
    const AztecNumbering numbering(order);
    const std::int64_t n = order;
    std::vector<std::pair<std::int64_t, std::int64_t>> square(numbering.num_squares());
    for (std::int64_t j = -n; j < n; ++j)
        for (std::int64_t i = -numbering.half_width(j); i < numbering.half_width(j); ++i)
            square[numbering.id(i, j)] = {i, j};
    std::vector<Domino> out;
    for (std::uint32_t v = 0; v < mate.size(); ++v) {
        const std::uint32_t w = mate[v];
        if (w == kNoMate || w < v) continue;
        auto [i, j] = square[v];
        auto [i2, j2] = square[w];
        const bool horizontal = j == j2;
        const std::int64_t li = std::min(i, i2), lj = std::min(j, j2);
        const bool even = ((li + lj + n) % 2 + 2) % 2 == 0;
        const DominoType t = horizontal ? (even ? north : south) : (even ? east : west);
        out.push_back({(double(i) + double(i2)) / 2 + 0.5, (double(j) + double(j2)) / 2 + 0.5, t});
    }
    return out;
}

inline DominoType frozen_type_at(double x, double y) {
    if (std::abs(y) >= std::abs(x)) return y > 0 ? north : south;
    return x > 0 ? east : west;
}

// Dominoes outside (1 + δ)N/√2 and inside (1 − δ)N/√2, how many of each have their corner's type,
// and the type counts within N/(2√2) of the centre.
struct ArcticStats {
    std::size_t outside = 0, outside_frozen = 0, inside = 0, inside_frozen = 0, centre = 0;
    std::array<std::size_t, 4> centre_types{0, 0, 0, 0};
    double outside_fraction() const { return double(outside_frozen) / double(outside); }
    double inside_fraction() const { return double(inside_frozen) / double(inside); }
    double centre_fraction(int type) const {
        return double(centre_types[std::size_t(type)]) / double(centre);
    }
};

inline ArcticStats arctic_stats(std::uint32_t order, const MateArray& mate, double delta) {
    const double radius = order / std::sqrt(2.0);
    ArcticStats s;
    for (const Domino& d : dominoes_of(order, mate)) {
        const double r = std::hypot(d.x, d.y);
        const bool agrees = d.type == frozen_type_at(d.x, d.y);
        if (r > (1 + delta) * radius) {
            ++s.outside;
            s.outside_frozen += agrees;
        } else if (r < (1 - delta) * radius) {
            ++s.inside;
            s.inside_frozen += agrees;
        }
        if (r < radius / 2) {
            ++s.centre;
            ++s.centre_types[d.type];
        }
    }
    return s;
}

}  // namespace dimerlab::testing
