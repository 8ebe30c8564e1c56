#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab {

// Largest state space the exact analyses take by default: the dense eigenproblem is O(|Ω|³)
// and the worst-start TV curve O(|Ω|² m) per update. Measured on one core: petersen (332 states)
// 0.2 s, grid:3x4 (823) 1.6 s, grid:3x5 (5096) 150 s. The issue suggested 10^4, which would
// mean a quarter of an hour of silence; 2000 keeps every accepted request under about half a
// minute. A sparse (Lanczos) gap solver is what would let the limit grow.
inline constexpr std::size_t kDefaultMaxExactStates = 2'000;

// Every matching of `graph` as a mate array (vertex recursion: the lowest undecided vertex is
// either a monomer or matched to a higher undecided neighbour). Throws InfeasibleError when there
// are more than max_states, with the exact count when it is at most 10^7 and a lower bound
// otherwise, so the user learns how far off the request is.
std::vector<MateArray> enumerate_all_matchings(const Graph& graph,
                                               std::size_t max_states = kDefaultMaxExactStates);

// Number of matchings, counted by the same recursion but stopping at `cap` (returns cap then).
std::uint64_t count_matchings_capped(const Graph& graph, std::uint64_t cap);

}  // namespace dimerlab
