#pragma once
// Memoised vertex recursion Z(S) = Z(S−v) + λ Σ_{u~v, u∈S} Z(S−u−v) over subsets S of at most 64
// vertices, branching on the first remaining vertex (docs/algorithms.md §4.2). Independent of the frontier
// DP, which makes it a cross-check as well as the method for small dense graphs.
#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab {

// Throws InfeasibleError above 64 vertices or when the memo would hold more than
// options.max_states subsets.
MatchingPolynomial vertex_recursion_matching_polynomial(const Graph& g, const ExactOptions& options = {});

}  // namespace dimerlab
