#pragma once
#include <cstdint>

#include "graph/graph.hpp"
#include "model/matching.hpp"
#include "sampling/start_kind.hpp"

namespace dimerlab {

// empty: no dimers. greedy: a random maximal matching (edges scanned in a uniformly random order
// drawn from the greedy_start stream of `seed`, each added when both ends are free). maximum: a
// maximum-cardinality matching (Edmonds, via Boost.Graph); `seed` is unused. exact: a random
// perfect matching from the equilibrium at λ = ∞ (uniform, or ∝ Π w_e when weighted), drawn from the
// exact_start stream of `seed`: (generalised) domino shuffling on aztec:N, coupling from the past on the
// other simply connected regions of the square and hexagonal lattices (grid, hex, hexagon); InputError naming
// those families otherwise, InfeasibleError when the region has no perfect matching or coupling needs more
// than kExactStartMaxSweeps sweeps.
MateArray make_start_state(const Graph& graph, StartKind kind, std::uint64_t seed);

inline constexpr std::uint64_t kExactStartMaxSweeps = 1u << 20;

}  // namespace dimerlab
