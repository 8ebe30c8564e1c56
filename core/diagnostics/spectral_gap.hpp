#pragma once
#include <vector>

#include "diagnostics/exact_chain.hpp"

namespace dimerlab {

// Spectrum of one update's transition matrix, from the symmetric D^{1/2} P D^{-1/2}
// (D = diag π). spectral_analysis: Eigen's dense SelfAdjointEigenSolver, O(|Ω|³) time, |Ω|²
// doubles. sparse_spectral_analysis: Lanczos (Spectra) on the sparse matrix, for chains too
// large for the dense solver; it finds only the extreme eigenvalues.
struct SpectralSummary {
    // Ascending; the last is 1. Dense: the whole spectrum. Sparse: {λ_min, λ_2, 1} only.
    std::vector<double> eigenvalues;
    bool full_spectrum = true;
    double gap = 0;              // 1 − λ_2, per update
    double absolute_gap = 0;     // 1 − max(λ_2, |λ_min|); equals gap for PSD chains
    double relaxation_time = 0;  // 1 / absolute_gap, in updates
    double min_eigenvalue = 0;   // >= 0 for Glauber (projections) and lazy JS
};

// The chain must be reversible (checked by the caller with max_detailed_balance_error):
// otherwise the symmetrised matrix is not similar to P and its spectrum means nothing.
SpectralSummary spectral_analysis(const ExactChain& chain);

// λ_2 as the largest eigenvalue of A − √π √πᵀ (the known top eigenvector deflated, so Lanczos
// converges to λ_2 itself rather than to 1), λ_min as the smallest of A; relative tolerance
// 1e-13. Throws std::runtime_error when Lanczos does not converge.
SpectralSummary sparse_spectral_analysis(const ExactChain& chain);

}  // namespace dimerlab
