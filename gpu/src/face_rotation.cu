/** @file face_rotation.cu
 *  @brief Thin launch wrapper for the face-class rotation scan: one launch per class piece
 *  (face_class_piece, the CPU sampler's cut of the run), each thread calling face_class_thread
 *  (core/faces/face_class_update.hpp), the body FaceClassSampler runs. The faces of one class share
 *  no vertex, so the threads of a launch write disjoint mate entries; launches on one stream are
 *  ordered, which is the barrier between classes. Thread ids are 64-bit. */
#include <cuda_runtime.h>

#include "cuda_support.cuh"
#include "device_coin_thresholds.cuh"
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/face_rotation.hpp"
#include "faces/face_class_update.hpp"
#include "faces/face_colouring.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

constexpr unsigned kThreads = 256;

__global__ void face_class_kernel(std::uint32_t* __restrict__ mate,
                                  const std::uint32_t* __restrict__ face_vertices, std::uint32_t face_size,
                                  const std::uint32_t* __restrict__ order, std::uint32_t begin,
                                  std::uint32_t end, std::uint64_t seed, std::uint64_t sweep_start,
                                  CoinThresholds face_coins) {
    const std::uint64_t thread = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
    face_class_thread(mate, face_vertices, face_size, order, begin, end, thread, seed, sweep_start,
                      face_coins);
}

}  // namespace

void face_rotation_on_device(const FaceSet& faces, const FaceColouring& colouring,
                             const FaceCoinThresholds& face_coins, std::uint64_t seed, std::uint64_t t_begin,
                             std::uint64_t count, MateArray& mate) {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
    const std::uint32_t num_faces = faces.num_faces();
    if (num_faces == 0 || count == 0) return;
    if (colouring.order.size() != num_faces) throw InputError("face colouring does not match the faces");
    // Race freedom of a class launch rests on this (claim FR-RACE), so it is checked here, as
    // chromatic_on_device checks its edge colouring, not only where the colouring was built.
    validate_face_colouring(faces, colouring, static_cast<std::uint32_t>(mate.size()));
    if (!face_coins.uniform() && face_coins.face_classes().size() != num_faces)
        throw InputError("face coin thresholds do not match the faces");
    DeviceBuffer<std::uint32_t> d_faces(faces.vertices.size());
    DeviceBuffer<std::uint32_t> d_order(num_faces);
    DeviceBuffer<std::uint32_t> d_mate(mate.size());
    check(cudaMemcpy(d_faces.ptr, faces.vertices.data(), faces.vertices.size() * sizeof(std::uint32_t),
                     cudaMemcpyHostToDevice),
          "copy faces");
    check(cudaMemcpy(d_order.ptr, colouring.order.data(), num_faces * sizeof(std::uint32_t),
                     cudaMemcpyHostToDevice),
          "copy order");
    check(cudaMemcpy(d_mate.ptr, mate.data(), mate.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy mate");
    DeviceCoinThresholds device_coins(face_coins.face_classes(), face_coins.table().size());
    const CoinThresholds coins = device_coins.view(
        face_coins.uniform(), face_coins.uniform() ? std::span<const std::uint64_t>(&kFairFaceCoin, 1)
                                                   : std::span<const std::uint64_t>(face_coins.table()));
    // The CPU sampler's pieces, so the same launches in the same order.
    const std::uint64_t t_end = t_begin + count;
    for (std::uint64_t t = t_begin; t < t_end;) {
        const FaceClassPiece piece = face_class_piece(colouring, t, t_end);
        const auto blocks =
            static_cast<unsigned>((std::uint64_t{piece.end - piece.begin} + kThreads - 1) / kThreads);
        DIMERLAB_LAUNCH(face_class_kernel, blocks, kThreads)
        (d_mate.ptr, d_faces.ptr, faces.face_size, d_order.ptr, piece.begin, piece.end, seed,
         piece.sweep_start, coins);
        check(cudaGetLastError(), "kernel launch");
        t = piece.sweep_start + piece.end;
    }
    check(cudaDeviceSynchronize(), "kernel run");
    check(cudaMemcpy(mate.data(), d_mate.ptr, mate.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
          "copy back");
}

}  // namespace dimerlab::gpu
