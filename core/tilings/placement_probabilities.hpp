#pragma once
// Exact placement probabilities P(e in M) of the perfect matching at λ = ∞ (uniform, or ∝ Π w_e on a
// weighted graph) for every edge, by the method that fits the graph (docs/algorithms.md §4.9):
//   aztec:N (N <= 400)            urban renewal, in floating point, about 1e-13 absolute;
//   other drawn planar bipartite  P(uv) = w_uv Z(G - u - v) / Z(G), each Z an exact Kasteleyn
//   graphs, small                 determinant (§4.8, weighted when the graph is), so every
//                                 probability is exact to double rounding.
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct PlacementProbabilities {
    std::string method;        // "urban-renewal" or "kasteleyn-ratios"
    std::vector<double> edge;  // by edge id
    double log_perfect_matchings = 0;
    double max_square_sum_error = 0;  // max over vertices of |1 - Σ P(e)| over its edges
};

// Kasteleyn ratios are refused (InfeasibleError) when the counts would take more than this many
// multiply-adds in all: about a minute on one core.
inline constexpr double kMaxPlacementRatioOperations = 3e10;

// InputError when the graph has no perfect matching (with the obstruction) or is neither aztec:N
// nor a drawn planar bipartite graph; InfeasibleError when too large.
PlacementProbabilities placement_probabilities(const Graph& graph);

// Writes "u v p" per edge, in edge order, atomically, with a '#' header naming the graph and the
// method. p is printed with 17 significant digits.
void write_placement_probabilities(const std::string& path, const Graph& graph,
                                   const PlacementProbabilities& p);

}  // namespace dimerlab
