/** @file chromatic.cu
 *  @brief Thin launch wrapper for the chromatic sampler: one launch per class piece (ClassSchedule,
 *  the CPU sampler's cut of the run, fixed or random class order), each thread
 *  calling chromatic_thread (core/chromatic/chromatic_update.hpp), the body the CPU backend and
 *  the access-logging emulation run. Launches on one stream are ordered, which is the barrier
 *  between classes. Thread ids are 64-bit, so the index arithmetic cannot wrap. */
#include <cuda_runtime.h>

#include <string>

#include "chromatic/chromatic_update.hpp"
#include "chromatic/class_schedule.hpp"
#include "cuda_support.cuh"
#include "device_coin_thresholds.cuh"
#include "dimerlab_gpu/chromatic.hpp"
#include "dimerlab_gpu/device.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

constexpr unsigned kThreads = 256;

__global__ void chromatic_class_kernel(std::uint32_t* __restrict__ mate, const Edge* __restrict__ edges,
                                       const std::uint32_t* __restrict__ order, std::uint32_t begin,
                                       std::uint32_t end, std::uint64_t seed, std::uint64_t sweep,
                                       std::uint32_t num_edges, CoinThresholds thresholds) {
    const std::uint64_t thread = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
    chromatic_thread(mate, edges, order, begin, end, thread, seed, sweep, num_edges, thresholds);
}

}  // namespace

void chromatic_on_device(const Graph& g, const EdgeColouring& colouring, std::uint64_t seed,
                         std::uint64_t t_begin, std::uint64_t count, const HeatBathThresholds& thresholds,
                         MateArray& mate, ClassOrder class_order) {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
    validate_colouring(g, colouring);
    const std::uint32_t m = g.num_edges();
    if (m == 0 || count == 0) return;
    DeviceBuffer<Edge> d_edges(m);
    DeviceBuffer<std::uint32_t> d_order(m);
    DeviceBuffer<std::uint32_t> d_mate(mate.size());
    check(cudaMemcpy(d_edges.ptr, g.edges().data(), m * sizeof(Edge), cudaMemcpyHostToDevice), "copy edges");
    check(cudaMemcpy(d_order.ptr, colouring.order.data(), m * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy order");
    check(cudaMemcpy(d_mate.ptr, mate.data(), mate.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy mate");
    DeviceCoinThresholds device_coins(g);
    const CoinThresholds coins = device_coins.view(thresholds);
    // The CPU sampler's schedule: the same pieces, so the same launches in the same order.
    ClassSchedule schedule(colouring, class_order, seed);
    const std::uint64_t end = t_begin + count;
    for (std::uint64_t t = t_begin; t < end;) {
        const ClassPiece piece = schedule.piece(t, end - t);
        const auto blocks =
            static_cast<unsigned>((std::uint64_t{piece.end - piece.begin} + kThreads - 1) / kThreads);
        DIMERLAB_LAUNCH(chromatic_class_kernel, blocks, kThreads)
        (d_mate.ptr, d_edges.ptr, d_order.ptr, piece.begin, piece.end, seed, piece.sweep, m, coins);
        check(cudaGetLastError(), "kernel launch");
        t += piece.end - piece.begin;
    }
    check(cudaDeviceSynchronize(), "kernel run");
    check(cudaMemcpy(mate.data(), d_mate.ptr, mate.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
          "copy back");
}

}  // namespace dimerlab::gpu
