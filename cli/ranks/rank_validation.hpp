#pragma once
// Validation under mpirun: each rank checks the inputs itself, and a check can fail on one rank
// alone (a `file:` graph that only some nodes can read). The outcomes are gathered before any
// work, so every rank stops together and main() lets rank 0 print the one error line.
#include <exception>
#include <functional>
#include <string>

namespace dimerlab::cli {

// Runs `validate` on this rank, then gathers every rank's outcome: when any rank failed, every
// rank throws the first failure (by rank) with its kind (InputError, InfeasibleError, or an
// internal error), prefixed "rank R: " when R is not 0. With one rank, the failure itself.
void validate_on_every_rank(const std::function<void()>& validate);

}  // namespace dimerlab::cli
