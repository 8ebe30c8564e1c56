/** @file jacobi_block.cu
 *  @brief One Algorithm A block on the device as a thin wrapper over JacobiDeviceState, so the
 *  project has one set of Jacobi kernels (jacobi_device_state.cu, each a loop over one step of
 *  core/parallel/jacobi_steps.hpp). A one-off block pays for uploading the graph and sizing the
 *  buffers, which CudaJacobiSampler pays once per run instead. */
#include <algorithm>

#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/device_state.hpp"
#include "dimerlab_gpu/jacobi_block.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

JacobiBlockStats jacobi_block_on_device(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                        std::uint64_t count, std::uint64_t threshold, MateArray& mate) {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
    if (count > kMaxJacobiBlock) throw InfeasibleError("Jacobi block larger than kMaxJacobiBlock");
    if (count == 0 || g.num_edges() == 0) {
        JacobiBlockStats stats;
        stats.updates = count;
        return stats;
    }
    JacobiDeviceState state(g, mate, count);
    const JacobiBlockStats stats = state.run_block(seed, t_begin, count, threshold);
    state.download_mate(mate);
    return stats;
}

}  // namespace dimerlab::gpu
