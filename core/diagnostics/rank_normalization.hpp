#pragma once
#include <vector>

namespace dimerlab {

using ChainSet = std::vector<std::vector<double>>;  // K chains of draws, one vector each

// Each chain cut in two halves (the middle draw dropped when the length is odd), so that a trend
// within a chain shows up as disagreement between chains. Chains must have equal lengths >= 4;
// throws std::invalid_argument otherwise.
ChainSet split_chains(const ChainSet& chains);

// Vehtari et al. (2021): pool all S draws, give tied draws their average rank (|M| is an integer,
// so ties are the rule), and map rank r to Φ⁻¹((r − 3/8) / (S + 1/4)).
ChainSet rank_normalize(const ChainSet& chains);

// |x − median of all draws|: the folded draws whose R̂ detects differences in scale.
ChainSet fold_about_median(const ChainSet& chains);

}  // namespace dimerlab
