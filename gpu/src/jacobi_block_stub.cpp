// Built when nvcc was not found at configure time.
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/jacobi_block.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

JacobiBlockStats jacobi_block_on_device(const Graph&, std::uint64_t, std::uint64_t, std::uint64_t,
                                        std::uint64_t, MateArray&) {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
