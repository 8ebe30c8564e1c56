#pragma once
#include <vector>

#include "diagnostics/exact_chain.hpp"

namespace dimerlab {

// Spectrum of one update's transition matrix, from the symmetric D^{1/2} P D^{-1/2}
// (D = diag π) with Eigen's SelfAdjointEigenSolver. Dense: O(|Ω|³) time, |Ω|² doubles.
struct SpectralSummary {
    std::vector<double> eigenvalues;  // ascending; the last is 1
    double gap = 0;                   // 1 − λ_2, per update
    double absolute_gap = 0;          // 1 − max(λ_2, |λ_min|); equals gap for PSD chains
    double relaxation_time = 0;       // 1 / absolute_gap, in updates
    double min_eigenvalue = 0;        // >= 0 for Glauber (projections) and lazy JS
};

// The chain must be reversible (checked by the caller with max_detailed_balance_error):
// otherwise the symmetrised matrix is not similar to P and its spectrum means nothing.
SpectralSummary spectral_analysis(const ExactChain& chain);

}  // namespace dimerlab
