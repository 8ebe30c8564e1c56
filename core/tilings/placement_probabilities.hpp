#pragma once
// Exact placement probabilities P(e in M) of the perfect matching at λ = ∞ (uniform, or ∝ Π w_e on a
// weighted graph) for every edge, by the method that fits the graph (docs/algorithms.md §4.9):
//   aztec:N (N <= 400)            urban renewal, in floating point, about 1e-13 absolute;
//   lozenge and domino regions    Kenyon's |K(b,w) K⁻¹(w,b)| through the path reduction (§4.10),
//                                 every cofactor an exact integer by the Chinese remainder theorem;
//   other drawn planar bipartite  P(uv) = w_uv Z(G - u - v) / Z(G), each Z an exact Kasteleyn
//   graphs (no reference          determinant (§4.8, weighted when the graph is);
//   direction), small
// so outside Aztec diamonds every probability is a ratio of exact integers, rounded once.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct PlacementProbabilities {
    std::string method;        // "urban-renewal", "kasteleyn-inverse-crt" or "kasteleyn-ratios"
    std::vector<double> edge;  // by edge id
    double log_perfect_matchings = 0;
    double max_square_sum_error = 0;  // max over vertices of |1 - Σ P(e)| over its edges
};

// The Kasteleyn methods are refused (InfeasibleError) past this many multiply-adds in all: about a
// minute on one core.
inline constexpr double kMaxPlacementRatioOperations = 3e10;

// K⁻¹ through the path reduction is one pass per prime and reports its progress: it may run up to
// this many (several minutes on 10⁵-vertex lozenge regions).
inline constexpr double kMaxPlacementInverseOperations = 1e12;

// What the method placement_probabilities would choose costs, in multiply-adds (0 for urban
// renewal and for graphs it refuses at once).
double placement_operations(const Graph& graph);

// InputError when the graph has no perfect matching (with the obstruction) or is neither aztec:N
// nor a drawn planar bipartite graph; InfeasibleError when too large.
// primes_done(done, total), when given, follows the path route's modular passes. per_edge_ratios:
// the ratios even where K⁻¹ through the path reduction applies (the tests compare the two).
PlacementProbabilities placement_probabilities(
    const Graph& graph, double max_operations = kMaxPlacementRatioOperations,
    const std::function<void(std::size_t, std::size_t)>& primes_done = {}, bool per_edge_ratios = false);

// Writes "u v p" per edge, in edge order, atomically, with a '#' header naming the graph and the
// method. p is printed with 17 significant digits.
void write_placement_probabilities(const std::string& path, const Graph& graph,
                                   const PlacementProbabilities& p);

}  // namespace dimerlab
