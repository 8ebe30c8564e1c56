#pragma once
// The per-thread body of the face-class rotation scan (docs/algorithms.md §2.7), shared by the
// cpu-parallel FaceClassSampler and the CUDA kernel (gpu/src/face_rotation.cu), so both run the
// very same code.
//
// Randomness: update t of a run is the visit of face order[t mod F] in sweep t / F, with the fair
// coin tape_face_phase_a(tape_words(seed, t, kFaceClassStream), face_coins(face)): a pure function of
// (seed, t) and the weights, so the trajectory depends neither on the thread count nor on the backend.
#include <cstdint>

#include "bodies/class_member_body.h"
#include "model/coin_thresholds.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// The counter word that names this chain's stream (model/update_tape.hpp): far from the small
// values of the TapeStream enum, so its coins never reuse another stream's numbers.
inline constexpr auto kFaceClassStream = static_cast<TapeStream>(0x46434c53u);  // "FCLS"

// Thread `thread` of a class launch over positions [begin, end) of `order` in the sweep whose
// first update is `sweep_start`: rotates face order[begin + thread] with the coin of update
// sweep_start + begin + thread against the face's threshold in face_coins (fair on an unweighted
// graph: faces/face_coin_thresholds.hpp). Threads past the end do nothing. Only `mate` is written, at the
// face's own vertices, which no other face of the class touches: the choice of face is the C body
// bodies/class_member_body.h (claim CH-WP), the rotation bodies/face_rotation_body.h (FR-WP).
// (In the access hooks' inline namespace, as every inline caller of a body is.)
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline bool face_class_thread(std::uint32_t* mate, const std::uint32_t* face_vertices,
                                          std::uint32_t face_size, const std::uint32_t* order,
                                          std::uint32_t begin, std::uint32_t end, std::uint64_t thread,
                                          std::uint64_t seed, std::uint64_t sweep_start,
                                          CoinThresholds face_coins) {
    std::uint32_t f = 0;
    if (!dl_class_member(order, begin, end, thread, &f)) return false;
    const std::uint32_t pos = begin + static_cast<std::uint32_t>(thread);
    return face_rotation_update(
        mate, face_vertices + std::uint64_t{f} * face_size, face_size,
        tape_face_phase_a(tape_words(seed, sweep_start + pos, kFaceClassStream), face_coins(f)));
}
}  // namespace DL_CXX_VARIANT

}  // namespace dimerlab
