#pragma once
// The cells of aztec:N, shared by the family's periodic weights and by urban renewal and weighted
// shuffling (tilings/aztec_renewal.hpp). The N^2 faces of aztec:N at lattice points (x, y) with
// |x| + |y| <= N - 1 and x + y + N odd use every edge of the diamond exactly once. Cell (u, v),
// 0 <= u, v < N, is the point x = u - v, y = u + v - N + 1. Its four edges join the squares
// (AztecNumbering) around it: north (x-1, y)-(x, y), south (x-1, y-1)-(x, y-1), east (x, y-1)-(x, y),
// west (x-1, y-1)-(x-1, y).
#include <array>
#include <cstdint>
#include <vector>

#include "graph/exact_weight.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

enum class AztecSide : std::uint8_t { north = 0, south = 1, east = 2, west = 3 };

// The two squares (i, j) that cell (u, v)'s edge on `side` joins, as {i0, j0, i1, j1}.
std::array<std::int64_t, 4> aztec_cell_edge_squares(std::uint32_t order, std::uint32_t u, std::uint32_t v,
                                                    AztecSide side);

// The id in `graph` of every cell side of aztec:`order`, at (u * order + v) * 4 + side (sides in
// AztecSide order). InputError when `graph` is not aztec:`order`'s graph.
std::vector<EdgeId> aztec_cell_edge_ids(std::uint32_t order, const Graph& graph);

// The two-periodic Aztec diamond's rule: the four edges of cell (u, v) weigh b when u + v is even
// and a when it is odd.
inline bool two_periodic_cell_takes_b(std::uint32_t u, std::uint32_t v) {
    return (u + v) % 2 == 0;
}

// Gives `graph` (aztec:`order`'s graph) the two-periodic weights a and b.
void set_two_periodic_weights(Graph& graph, std::uint32_t order, const ExactWeight& a, const ExactWeight& b);

}  // namespace dimerlab
