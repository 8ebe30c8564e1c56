#pragma once
// Algorithm A (docs/algorithms.md §3.2) on the device for one tape block: a wrapper that builds a
// JacobiDeviceState (dimerlab_gpu/device_state.hpp: the per-element steps of
// core/parallel/jacobi_steps.hpp as kernels, CUB radix sorts, a segmented exclusive max-scan and
// DeviceSelect compaction), runs one block and copies the matching back. Compiled from CUDA
// sources when nvcc was found; the stub throws InfeasibleError.
#include <cstdint>

#include "graph/graph.hpp"
#include "model/matching.hpp"
#include "parallel/jacobi_block_stats.hpp"

namespace dimerlab::gpu {

// Runs tape updates [t_begin, t_begin + count) at the heat-bath `threshold` from matching `mate`
// (updated in place to the block's final matching): bit-identical to the sequential CPU
// reference and to JacobiBlockSolver, with the same rounds and work. count <= kMaxJacobiBlock.
// Throws InfeasibleError when no device is available or a CUDA call fails.
JacobiBlockStats jacobi_block_on_device(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                        std::uint64_t count, std::uint64_t threshold, MateArray& mate);

}  // namespace dimerlab::gpu
