// Built when nvcc was not found at configure time.
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/face_rotation.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

void face_rotation_on_device(const FaceSet&, const FaceColouring&, const FaceCoinThresholds&, std::uint64_t,
                             std::uint64_t, std::uint64_t, MateArray&) {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
