#pragma once
// How long an estimate of ln Z will take, before it runs (docs/algorithms.md §5.5): a cost model
// for the chain updates the estimator spends, times an update rate measured on the same machine
// and graph just before. Used to warn before a long estimate and to offer a larger ε.
#include <cstdint>

#include "counting/approx/approx_method.hpp"

namespace dimerlab {

// Chain updates of estimate_log_z at target half-width ε on a graph with n vertices at λ, a
// projection good to a factor of about two, not a bound. The paired product: c(n, λ) · n² / ε²,
// the work shape measured in §5.5 (updates·ε²/n² ≈ 56 on grid:8x8, growing slowly with n and
// with λ: ≈ 56 (n/64)^0.07 (1 + 0.28 ln λ) for λ ≥ 1), with the 16% of the within-replica floor
// added. The control variate (§5.6): 3 n^1.7 (1 + 0.9 ln λ) / ε² for the statistical part, plus
// the floor of 200 sweeps per node for about 18 replicas and 12 nodes, about 9e4 n updates on
// lattices (m ≈ 2n).
double projected_estimate_updates(std::uint64_t vertices, double lambda, double epsilon,
                                  ApproxMethod method = ApproxMethod::ti_control_variate);

struct EstimateProjection {
    double updates = 0;
    double seconds = 0;
};

// updates_per_second: of the whole estimate (all its threads together), > 0.
EstimateProjection project_estimate(std::uint64_t vertices, double lambda, double epsilon,
                                    double updates_per_second,
                                    ApproxMethod method = ApproxMethod::ti_control_variate);

struct LongEstimateAdvice {
    EstimateProjection projection;  // at the requested ε
    bool warn = false;              // projection.seconds > threshold
    double suggested_epsilon = 0;   // when warning: a larger ε projected to take about target_seconds
    EstimateProjection suggested;   // the projection at suggested_epsilon
};

// Warns above threshold_seconds (a few minutes). The suggested ε is the least value of two
// significant digits whose projection is at most target_seconds, and at most max_epsilon (then it
// may still take longer than the target: the control variate's floor does not shrink with ε).
LongEstimateAdvice advise_estimate(std::uint64_t vertices, double lambda, double epsilon,
                                   double updates_per_second, double threshold_seconds = 180,
                                   double target_seconds = 60, double max_epsilon = 1.0,
                                   ApproxMethod method = ApproxMethod::ti_control_variate);

// Seconds left of a running estimate: the projected updates not yet done at the rate seen so far;
// 0 once the projection is used up (the estimate is then running longer than projected).
double estimate_seconds_left(double projected_updates, std::uint64_t updates_done, double seconds_so_far);

}  // namespace dimerlab
