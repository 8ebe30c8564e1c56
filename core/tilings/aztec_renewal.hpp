#pragma once
// ln Z and every edge's placement probability for weighted domino tilings of the Aztec diamond, by
// urban renewal (generalised domino shuffling; docs/algorithms.md §4.9). The reduction from order
// k to order k - 1 only multiplies, adds positive numbers and divides, so nothing cancels: ln Z of
// aztec:1000 comes out to about 1e-12 relative, where any LU factorisation of Kasteleyn's matrix
// loses every digit (its inverse is exponentially large between the frozen corners).
// The cells are those of graph/families/aztec_cells.hpp.
#include <array>
#include <cstdint>
#include <vector>

#include "graph/families/aztec_cells.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// Positive edge weights of aztec:N by cell, each vector indexed u * order + v.
struct AztecCellWeights {
    std::uint32_t order = 0;
    std::vector<double> north, south, east, west;
};

AztecCellWeights uniform_aztec_weights(std::uint32_t order);
// The two-periodic Aztec diamond (two_periodic_cell_takes_b). With a != b its tilings show a frozen,
// a rough and a smooth (gas) region.
AztecCellWeights two_periodic_aztec_weights(std::uint32_t order, double a, double b);

// The cell weights of aztec:N read from the graph's own edge weights (all 1 when unweighted).
// InputError when `graph` is not aztec:`order`'s graph.
AztecCellWeights aztec_weights_of(std::uint32_t order, const Graph& graph);

// Every edge's weight, by edge id of `graph` (aztec:weights.order), from the cell weights.
std::vector<double> aztec_edge_weights(const AztecCellWeights& weights, const Graph& graph);

struct AztecLogZ {
    double log_z = 0;
    // |computed - exact| <= error_bound to first order in the unit roundoff u = 2^-53: each level's
    // ln Δ rounding (k² terms) plus the reweighting's rounding (4u on each weight of order k - 1)
    // carried to ln Z through its sensitivity Σ_e P(e) |δ_e| <= k(k + 1) · 4u.
    double error_bound = 0;
};

// InputError for order 0 or a weight that is not a positive finite number.
AztecLogZ aztec_log_partition(const AztecCellWeights& weights);

// The north-south share n s / Δ of every cell of every order k = 1 .. N, from one reduction: the
// probability that generalised shuffling fills an empty cell of order k with two horizontal
// dominoes, and the factor the placement probabilities take from each cell.
struct AztecShares {
    std::uint32_t order = 0;
    AztecLogZ log_z;
    std::vector<std::size_t> offset;  // order k's cells start at offset[k], cell u * k + v
    std::vector<double> share;
    double at(std::uint32_t k, std::uint32_t u, std::uint32_t v) const {
        return share[offset[k] + std::size_t(u) * k + v];
    }
};

// Orders above this are refused (InfeasibleError) where the shares of every order are kept: about
// order³/3 doubles, 171 MB at 400.
inline constexpr std::uint32_t kMaxAztecPlacementOrder = 400;

// InputError for bad weights (as aztec_log_partition), InfeasibleError above kMaxAztecPlacementOrder.
AztecShares aztec_shares(const AztecCellWeights& weights);

// max over vertices of |1 - Σ P(e)| over the vertex's edges: every vertex is covered exactly once, so
// placement probabilities check themselves by it.
double max_vertex_sum_error(const Graph& graph, const std::vector<double>& edge_probability);

struct AztecPlacement {
    AztecLogZ log_z;
    std::vector<double> edge_probability;  // by edge id of `graph`
    // max over squares of |1 - Σ P(e)| over its edges: the probabilities' own consistency check.
    double max_square_sum_error = 0;
};

// P(e in the tiling) for every edge of `graph`, which must be aztec:order's graph (InputError
// otherwise, and InfeasibleError above kMaxAztecPlacementOrder). From P = w ∂ ln Z / ∂w through one
// reduction: an edge of a cell with weights (a, b, c, d) around it, Δ = ac + bd, has
// P(a) = P'(the renewed cell's edge opposite a) + (ac / Δ)(1 - Σ P'(the renewed cell's edges)).
AztecPlacement aztec_placement_probabilities(const AztecCellWeights& weights, const Graph& graph);

}  // namespace dimerlab
