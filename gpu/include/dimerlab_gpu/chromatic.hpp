#pragma once
// The chromatic sampler on the device (docs/algorithms.md §2.3): one kernel launch per colour class (or
// per piece of one, where a run stops inside a class), every thread running the shared body of
// core/chromatic/chromatic_update.hpp. Compiled from CUDA sources when nvcc was found; the stub
// throws InfeasibleError.
#include <cstdint>

#include "chromatic/class_order.hpp"
#include "chromatic/edge_colouring.hpp"
#include "graph/graph.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "model/matching.hpp"

namespace dimerlab::gpu {

// Runs chromatic updates [t_begin, t_begin + count) at the heat-bath `threshold` with `colouring`
// (validated here again) in `class_order`, updating `mate` in place: bit-identical to
// ChromaticSampler's run of the same updates with the same colouring and class order. Throws
// InfeasibleError when no device is available or a CUDA call fails.
void chromatic_on_device(const Graph& g, const EdgeColouring& colouring, std::uint64_t seed,
                         std::uint64_t t_begin, std::uint64_t count, const HeatBathThresholds& thresholds,
                         MateArray& mate, ClassOrder class_order = ClassOrder::fixed);

}  // namespace dimerlab::gpu
