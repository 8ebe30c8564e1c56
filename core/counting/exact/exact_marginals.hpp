#pragma once
// Marginals from ratios of partition functions (docs/algorithms.md §1.3):
// P(v unmatched) = Z(G−v)/Z(G), P(e = uv occupied) = λ Z(G−u−v)/Z(G).
#include <vector>

#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab {

struct ExactMarginals {
    std::vector<double> vertex_unmatched;  // by vertex id
    std::vector<double> edge_occupied;     // by edge id
    double log_z = 0;
};

// Evaluates the frontier DP once per vertex and per edge (the deleted vertices forced unmatched)
// in long double: all terms are positive, so the ratios are exact to double precision. Throws
// InfeasibleError when a single evaluation is over options' limits or all of them together
// would take more than max_marginal_updates state updates.
ExactMarginals exact_marginals(const Graph& g, double lambda, const ExactOptions& options = {},
                               double max_marginal_updates = 2e9);

}  // namespace dimerlab
