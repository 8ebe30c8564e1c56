#pragma once
// Frontier (path-decomposition / transfer-matrix) DP for the whole matching polynomial with exact
// coefficients (docs/algorithms.md §4.3). State = which frontier vertices are still unmatched; value =
// polynomial in λ whose coefficients are fixed-width multi-limb integers, the width per step taken
// from a floating-point pass (every coefficient ≤ Σ of all values at λ = 1).
#include <string>

#include "counting/exact/frontier_plan.hpp"
#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab {

// What the frontier DP would need, before running it.
struct FrontierCost {
    std::uint32_t width = 0;  // log2 of the most states held at once
    double log2_states = 0;   // = width, or the plan's slot count when no usable order exists
    double bytes = 0;         // two layers of coefficients plus the step matrix
    double coefficient_updates = 0;
    std::string order_name;
};

// Static estimate from the plan and an estimate of the coefficients' size (no DP run).
FrontierCost estimate_frontier_cost(const Graph& g, const FrontierPlan& plan);

// The InfeasibleError text for a cost over the limits.
std::string infeasible_message(const std::string& name, const FrontierCost& cost);

// Throws InfeasibleError when over options' limits.
MatchingPolynomial frontier_matching_polynomial(const Graph& g, const ExactOptions& options = {});
// Same with a given plan (tests use it to compare orders).
MatchingPolynomial frontier_matching_polynomial(const Graph& g, const FrontierPlan& plan,
                                                const ExactOptions& options = {});

}  // namespace dimerlab
