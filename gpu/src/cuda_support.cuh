/** @file cuda_support.cuh
 *  @brief Error checking and an owning device buffer shared by the launch wrappers: every CUDA
 *  failure becomes an InfeasibleError with the call that failed, and device memory is freed on
 *  every path, exceptions included. */
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cuda_launch.cuh"
#include "util/errors.hpp"

namespace dimerlab::gpu {

// Clears the sticky error so that a later probe or call starts clean.
inline void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        cudaGetLastError();
        throw InfeasibleError(std::string("CUDA ") + what + ": " + cudaGetErrorString(err));
    }
}

// 1-D launches: kStrideThreads per block, at most 2^20 blocks; kernels walk their range with
// DIMERLAB_GRID_STRIDE, so any n is covered whatever the grid.
constexpr unsigned kStrideThreads = 256;

inline unsigned grid_for(std::uint64_t n) {
    return static_cast<unsigned>(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>((n + kStrideThreads - 1) / kStrideThreads, 1u << 20)));
}

#define DIMERLAB_GRID_STRIDE(i, n)                                                        \
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < (n); \
         i += std::uint64_t{gridDim.x} * blockDim.x)

template <class T>
struct DeviceBuffer {
    T* ptr = nullptr;
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t n) { allocate(n); }
    // One spare byte: never a zero-size cudaMalloc. Reallocation drops the old contents.
    void allocate(std::size_t n) {
        cudaFree(ptr);
        ptr = nullptr;
        check(cudaMalloc(&ptr, n * sizeof(T) + 1), "cudaMalloc");
    }
    ~DeviceBuffer() { cudaFree(ptr); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace dimerlab::gpu
