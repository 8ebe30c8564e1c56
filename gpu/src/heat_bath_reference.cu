/** @file heat_bath_reference.cu
 *  @brief One-thread device replay of the heat-bath tape: the device twin of the sequential CPU
 *  reference. It exists so that the tape (Philox on the device, __umul64hi edge choice) and the
 *  shared rule are checked on the GPU bit for bit before any parallel kernel is trusted. */
#include <cuda_runtime.h>

#include <string>

#include "cuda_support.cuh"
#include "dimerlab_gpu/device.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

__global__ void heat_bath_sequential_kernel(const Edge* edges, std::uint32_t num_edges, std::uint32_t* mate,
                                            std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                                            std::uint64_t threshold) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    for (std::uint64_t t = t_begin; t < t_begin + count; ++t) {
        const TapeWords w = tape_words(seed, t);
        const Edge e = edges[tape_edge(w, num_edges)];
        heat_bath_update(mate, e.u, e.v, tape_coin_occupied(w, threshold));
    }
}

}  // namespace

void heat_bath_on_device(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, MateArray& mate) {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
    if (g.num_edges() == 0 || count == 0) return;
    DeviceBuffer<Edge> d_edges(g.num_edges());
    DeviceBuffer<std::uint32_t> d_mate(mate.size());
    check(cudaMemcpy(d_edges.ptr, g.edges().data(), g.num_edges() * sizeof(Edge), cudaMemcpyHostToDevice),
          "copy edges");
    check(cudaMemcpy(d_mate.ptr, mate.data(), mate.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy mate");
    DIMERLAB_LAUNCH(heat_bath_sequential_kernel, 1, 1)
    (d_edges.ptr, g.num_edges(), d_mate.ptr, seed, t_begin, count, threshold);
    check(cudaGetLastError(), "kernel launch");
    check(cudaDeviceSynchronize(), "kernel run");
    check(cudaMemcpy(mate.data(), d_mate.ptr, mate.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
          "copy back");
}

}  // namespace dimerlab::gpu
