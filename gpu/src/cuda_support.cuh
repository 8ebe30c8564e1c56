/** @file cuda_support.cuh
 *  @brief Error checking and an owning device buffer shared by the launch wrappers: every CUDA
 *  failure becomes an InfeasibleError with the call that failed, and device memory is freed on
 *  every path, exceptions included. */
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "util/errors.hpp"

namespace dimerlab::gpu {

// Clears the sticky error so that a later probe or call starts clean.
inline void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        cudaGetLastError();
        throw InfeasibleError(std::string("CUDA ") + what + ": " + cudaGetErrorString(err));
    }
}

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
