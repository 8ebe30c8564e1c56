#pragma once
#include "diagnostics/rank_normalization.hpp"

namespace dimerlab {

// Rank-normalised split-R̂ (Vehtari, Gelman, Simpson, Carpenter, Bürkner 2021; docs/algorithms.md §6.2).
// Accept R̂ < 1.01 together with bulk- and tail-ESS >= 400 in total.
struct RhatResult {
    double bulk = 0;    // R̂ of the rank-normalised split chains: differences in location
    double folded = 0;  // the same on |x − median|: differences in scale
    double max() const { return bulk > folded ? bulk : folded; }
};

// K >= 2 chains of equal length >= 4 (K >= 4 recommended). NaN when every draw is identical.
RhatResult split_rhat(const ChainSet& chains);

// Classic R̂ = √(var⁺ / W) on chains used as given (no split, no ranks): the building block.
double classic_rhat(const ChainSet& chains);

}  // namespace dimerlab
