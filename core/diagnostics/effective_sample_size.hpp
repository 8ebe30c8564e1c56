#pragma once
#include <cmath>
#include <limits>

#include "diagnostics/integrated_autocorrelation.hpp"

namespace dimerlab {

// ESS = N / τ_int with τ_int = 1 + 2 Σ ρ(k) (our convention, docs/algorithms.md §6.1). Texts that define
// τ = 1/2 + Σ ρ(k) write ESS = N / (2τ): the same number, do not divide by 2 again here.
inline double effective_sample_size(const TauEstimate& est) {
    if (!std::isfinite(est.tau) || est.tau <= 0) return std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(est.samples) / est.tau;
}

}  // namespace dimerlab
