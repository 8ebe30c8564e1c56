#pragma once
#include "diagnostics/rank_normalization.hpp"

namespace dimerlab {

// Multi-chain ESS (Vehtari et al. 2021, as in Stan and the `posterior` package): combined
// autocorrelations ρ_t = 1 − (W − mean_j acov_j(t)) / var⁺, truncated and made monotone by
// Geyer's initial monotone sequence. Counts draws, so divide by nothing else: the same
// convention as effective_sample_size (N / τ with τ = 1 + 2 Σ ρ).
struct MultiChainEss {
    double bulk = 0;  // ESS of the rank-normalised split chains
    double tail = 0;  // min over the 5% and 95% quantile indicators of their ESS
};

// Equal-length chains (>= 4 draws each), used as given; NaN when the draws are all equal.
double geyer_ess(const ChainSet& chains);

// Splits, then bulk (rank-normalised) and tail ESS.
MultiChainEss multichain_ess(const ChainSet& chains);

}  // namespace dimerlab
