// Built when nvcc was not found at configure time.
#include "dimerlab_gpu/device.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

DeviceInfo probe() {
    DeviceInfo info;
    info.reason = "this build has no CUDA support (nvcc was not found when it was configured)";
    return info;
}

void heat_bath_on_device(const Graph&, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
                         MateArray&) {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
