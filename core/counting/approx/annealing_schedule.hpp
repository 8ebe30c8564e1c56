#pragma once
// A λ schedule for the paired product estimator, learned from pooled TPA points (docs/algorithms.md §5.3).
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct AnnealingSchedule {
    // 0 < λ_0 < λ_1 < ... < λ_r = λ. λ_0 is so small that ln Z(λ_0) is known to double precision
    // from the first three coefficients of the matching polynomial.
    std::vector<double> lambdas;
    double log_z_bottom = 0;  // ln Z(λ_0)
    std::size_t stages() const { return lambdas.empty() ? 0 : lambdas.size() - 1; }
};

// `tpa_points` are the pooled ln λ values of `tpa_runs` TPA runs started at λ. They form a
// Poisson process of rate tpa_runs in the ln Z coordinate, so they give a cheap monotone estimate
// L(β) of ln Z at β = ln λ. Stages [a, b] are chosen with (L(b) - L(a))(b - a) <= 4 curvature:
// since d ln Z/dβ = E|M| and d² ln Z/dβ² = Var|M| <= E|M| (Heilmann–Lieb), this keeps the
// paired-estimator variance term ln(Z(a) Z(b) / Z(mid)²) ≈ Var|M| (b - a)²/4 near `curvature`.
AnnealingSchedule schedule_from_tpa(const Graph& graph, double lambda, const std::vector<double>& tpa_points,
                                    unsigned tpa_runs, double curvature);

// ln Z(G, λ) for tiny λ by the series 1 + m λ + m_2 λ² (m_2: pairs of disjoint edges).
double log_z_small_lambda(const Graph& graph, double lambda);

}  // namespace dimerlab
