#pragma once
// The face-class rotation scan on the device (docs/algorithms.md §2.7): one kernel launch per face
// colour class (or per piece of one, where a run stops inside a class), every thread running the
// shared body of core/faces/face_class_update.hpp. Compiled from CUDA sources when nvcc was found;
// the stub throws InfeasibleError.
#include <cstdint>

#include "faces/face_coin_thresholds.hpp"
#include "faces/face_colouring.hpp"
#include "faces/face_set.hpp"
#include "model/matching.hpp"

namespace dimerlab::gpu {

// Runs face-class updates [t_begin, t_begin + count) of the faces `faces` in the classes of
// `colouring`, each face's coin against its threshold in `face_coins`, updating `mate` in place:
// bit-identical to FaceClassSampler's run of the same updates. Throws InfeasibleError when no
// device is available or a CUDA call fails.
void face_rotation_on_device(const FaceSet& faces, const FaceColouring& colouring,
                             const FaceCoinThresholds& face_coins, std::uint64_t seed, std::uint64_t t_begin,
                             std::uint64_t count, MateArray& mate);

}  // namespace dimerlab::gpu
