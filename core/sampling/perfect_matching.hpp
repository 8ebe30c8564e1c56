#pragma once
// λ = ∞ is the uniform law on perfect matchings; these checks say whether a graph has any and
// which dynamics can sample them.
#include <cstdint>

#include "graph/graph.hpp"
#include "model/lambda_record.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// The size of a maximum matching (Edmonds, as the "maximum" start state).
std::uint32_t maximum_matching_size(const Graph& graph);

// InfeasibleError (exit 3) unless `graph` has a perfect matching, saying why not: a colour
// imbalance or a Hall violator, with the cells that show it (sampling/tiling_obstruction.hpp).
void require_perfect_matching(const Graph& graph);

// The same error, for a caller that already knows there is no perfect matching.
[[noreturn]] void throw_no_perfect_matching(const Graph& graph);

// InputError unless `dynamics` can run at every λ of `record`. At λ = ∞ a single-edge heat-bath
// update removes a dimer and always puts it back (both ends are free and the coin always says
// "occupied"), so glauber, chromatic and jerrum-sinclair never leave their start: they are refused,
// pointing at shuffle. shuffle, shuffle-steps and cftp run at λ = ∞ only (their samplers say so).
void require_dynamics_runs_at(Dynamics dynamics, const LambdaRecord& record);

}  // namespace dimerlab
