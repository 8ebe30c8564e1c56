#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab {

// Largest state space the exact analyses take by default ("about 10^4": grid:4x4 has 10012).
// Up to kDenseExactStates the dense paths run (full spectrum, all starts at once: O(|Ω|³) and
// |Ω|² doubles; petersen (332 states) 0.2 s, grid:3x4 (823) 1.6 s on one core); above it the
// sparse ones (Lanczos gap, per-start TV propagation), whose cost is O(|Ω| · nnz(P) · t_mix).
inline constexpr std::size_t kDenseExactStates = 2'000;
inline constexpr std::size_t kDefaultMaxExactStates = 12'000;

// Every matching of `graph` as a mate array (vertex recursion: the lowest undecided vertex is
// either a monomer or matched to a higher undecided neighbour). Throws InfeasibleError when there
// are more than max_states, with the exact count when it is at most 10^7 and a lower bound
// otherwise, so the user learns how far off the request is.
std::vector<MateArray> enumerate_all_matchings(const Graph& graph,
                                               std::size_t max_states = kDefaultMaxExactStates);

// Number of matchings, counted by the same recursion but stopping at `cap` (returns cap then).
std::uint64_t count_matchings_capped(const Graph& graph, std::uint64_t cap);

}  // namespace dimerlab
