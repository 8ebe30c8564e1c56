// Built when nvcc was not found at configure time.
#include "dimerlab_gpu/chromatic.hpp"
#include "dimerlab_gpu/device.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

void chromatic_on_device(const Graph&, const EdgeColouring&, std::uint64_t, std::uint64_t, std::uint64_t,
                         const HeatBathThresholds&, MateArray&, ClassOrder) {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
