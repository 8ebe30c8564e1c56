/** @file device_probe.cu
 *  @brief Finds a usable CUDA device without ever aborting: no driver (error 35), no device or a
 *  broken runtime all come back as a reason string (docs/building.md §4.3). */
#include <cuda_runtime.h>

#include <string>

#include "dimerlab_gpu/device.hpp"

namespace dimerlab::gpu {

DeviceInfo probe() {
    DeviceInfo info;
    info.compiled = true;
    cudaRuntimeGetVersion(&info.runtime_version);
    cudaDriverGetVersion(&info.driver_version);
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaErrorInsufficientDriver && info.driver_version == 0) {
        // The runtime says "driver version is insufficient" also where no driver is installed at
        // all; driver version 0 is that case, which on a classroom machine means no NVIDIA GPU.
        info.reason = "no usable CUDA device: no NVIDIA driver is installed (CUDA driver version 0)";
        cudaGetLastError();
        return info;
    }
    if (err != cudaSuccess) {
        info.reason = std::string("no usable CUDA device: ") + cudaGetErrorString(err);
        cudaGetLastError();  // clear the sticky error so later probes start clean
        return info;
    }
    if (count == 0) {
        info.reason = "no CUDA device found";
        return info;
    }
    cudaDeviceProp prop{};
    err = cudaGetDeviceProperties(&prop, 0);
    if (err != cudaSuccess) {
        info.reason = std::string("cannot query CUDA device 0: ") + cudaGetErrorString(err);
        cudaGetLastError();
        return info;
    }
    info.available = true;
    info.name = prop.name;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.memory_bytes = prop.totalGlobalMem;
    return info;
}

}  // namespace dimerlab::gpu
