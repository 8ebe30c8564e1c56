#pragma once
// What one "sweep" of a dynamics is, for everything that counts in sweeps (the CLI's sample, the
// Python module's Chain): m updates for the chains; one update for shuffle, shuffle-steps and
// cftp, which are not chains: each update is one exact sample (or one shuffling step), and there
// is nothing to burn in.
#include <cstdint>

#include "sampling/sampler.hpp"

namespace dimerlab {

bool is_exact_sampler(Dynamics d);
std::uint64_t updates_per_sweep(Dynamics d, std::uint64_t num_edges);

}  // namespace dimerlab
