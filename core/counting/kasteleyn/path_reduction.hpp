#pragma once
// Kasteleyn's matrix reduced onto the vertices that a reference matching leaves free
// (docs/algorithms.md §4.10). When the edges of one oriented direction of the drawing form a
// matching M0 (every direction of the honeycomb; the black-left horizontal edges of the square
// lattice) and M0 admits no alternating cycle, its rows
// and columns can be ordered so that K restricted to M0 is triangular with det ±Π w(M0). The
// Schur complement S = D − C A⁻¹ B onto the free vertices then has |det S| = |det K| / |det A|,
// and its entries are signed sums over the alternating paths from a free black vertex to a free
// white one: Lindström–Gessel–Viennot's matrix, read off the graph instead of a formula. On
// hexagon:A,B,C it has min(A, B, C) rows instead of AB + BC + CA.
#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "counting/kasteleyn/kasteleyn_matrix.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct PathReduction {
    std::uint32_t paths = 0;                  // free rows = free columns: S is paths × paths
    std::vector<std::int64_t> mate_column;    // per row: its M0 column, or -1 when free
    std::vector<std::int64_t> mate_row;       // per column: its M0 row, or -1 when free
    std::vector<std::uint32_t> free_rows;     // S's rows, in order
    std::vector<std::uint32_t> free_columns;  // S's columns, in order
    std::vector<std::uint32_t> back_order;    // matched rows, each after every row it reaches
    double direction_degrees = 0;             // M0's edges' direction, black end to white, in [0, 360)
};

// The reduction with the fewest paths over the drawing's oriented edge directions (black end to
// white end) whose edges form an acyclic reference matching, or nothing when none does. On the
// honeycomb each direction is one; on the square lattice the horizontal edges with black on the
// left form a staggered brick wall, acyclic because every arc moves left, leaving about one
// vertex of each colour per two rows free.
std::optional<PathReduction> reduce_to_paths(const KasteleynMatrix& k, const Graph& graph);

// S exactly, row-major, for an unweighted matrix (every entry ±1, so A⁻¹ is an integer matrix).
// The columns are independent and shared among the machine's cores.
std::vector<mpz_class> path_matrix(const KasteleynMatrix& k, const PathReduction& r);

// det A · det S modulo an odd prime p < 2^62, for integer entries sign[i] · magnitude[i] (each
// magnitude already reduced mod p; a weighted count's row-scaled weights): ±det K, with the same
// sign for every prime, so residues combine by the Chinese remainder theorem. S is formed modulo p
// (A's diagonal inverted once for all, by one Fermat inverse and Montgomery's batch trick), then
// eliminated densely: about paths · entries + paths³/3 multiply-adds. 0 when A is singular mod p.
std::uint64_t path_determinant_mod_prime(const KasteleynMatrix& k, const PathReduction& r, std::uint64_t p,
                                         std::span<const std::uint64_t> magnitude);

// Kenyon's local statistics modulo p: for every entry i of K, at (b, w), K(b,w) · K⁻¹(w,b) · d,
// with d = det A · det S (±det K, one sign for every prime). Summed over the reduction's blocks,
//   K⁻¹ = [[A⁻¹ + X M Y, −X M], [−M Y, M]],  X = A⁻¹B, Y = C A⁻¹, M = S⁻¹,
// and A⁻¹ contributes only on M0's own entries: an entry (b_i, w_j) off M0 is an arc i → j, so j
// comes after i and the triangular A⁻¹ is 0 there. About 3 · paths · entries + paths² · rows
// multiply-adds. Nothing when p divides det A or det S (the caller takes another prime).
struct PathInverseResidues {
    std::uint64_t det = 0;
    std::vector<std::uint64_t> entry;  // plain residues in [0, p)
};
std::optional<PathInverseResidues> path_inverse_mod_prime(const KasteleynMatrix& k, const PathReduction& r,
                                                          std::uint64_t p,
                                                          std::span<const std::uint64_t> magnitude);

}  // namespace dimerlab
