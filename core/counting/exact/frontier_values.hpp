#pragma once
// The frontier DP evaluated at one λ in long double, with vertices optionally forced unmatched
// (equivalent to deleting them). Every term is positive, so the relative error stays within a
// few ulps per step: far below double precision. Used for the limb schedule of the exact pass,
// for cost figures, and for marginals Z(G−v)/Z(G), λ Z(G−u−v)/Z(G).
#include <cstdint>
#include <vector>

#include "counting/exact/frontier_plan.hpp"
#include "counting/exact/frontier_transitions.hpp"

namespace dimerlab::exact_detail {

// mantissa · 2^exponent; layers are rescaled by powers of two so nothing overflows.
struct ScaledValue {
    long double mantissa = 0;
    std::int64_t exponent = 0;
    double log2() const;
};

struct FrontierPassStats {
    std::vector<std::uint64_t> states;  // states after each step
    std::vector<double> log2_total;     // log2 of Σ over states after each step
};

class FrontierEvaluator {
  public:
    // cache_transitions: keep every step's matrix, for repeated evaluations (marginals).
    FrontierEvaluator(const FrontierPlan& plan, bool cache_transitions);

    // Z at λ with the vertices flagged in `forced` (size n, or empty) unmatched.
    ScaledValue evaluate(long double lambda, const std::vector<char>& forced,
                         FrontierPassStats* stats = nullptr);

    // Bytes the cached matrices take (after the first evaluate).
    std::uint64_t cached_bytes() const;

  private:
    const FrontierPlan& plan_;
    bool cache_;
    std::vector<StepTransitions> cached_;
};

}  // namespace dimerlab::exact_detail
