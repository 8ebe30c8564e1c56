/** @file bandwidth.cu
 *  @brief Device-to-device copy bandwidth: the yardstick for "updates/s as a fraction of what the
 *  memory can move" (docs/building.md §8.1). cudaMemcpy is the driver's best copy; the kernel is a
 *  plain grid-stride copy of the kind our own kernels can reach, and it is checked word by word so
 *  that a fast-but-wrong copy cannot produce a number. Bytes count read + write (2 x buffer). */
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "cuda_launch.cuh"
#include "dimerlab_gpu/bandwidth.hpp"
#include "dimerlab_gpu/device.hpp"

namespace dimerlab::gpu {
namespace {

constexpr unsigned kThreads = 256;

// A word pattern that differs between neighbouring words, so a shifted or partial copy fails.
__device__ std::uint32_t pattern(std::uint64_t i) {
    return static_cast<std::uint32_t>(i * 2654435761u) ^ static_cast<std::uint32_t>(i >> 32);
}

__global__ void fill_kernel(std::uint32_t* p, std::uint64_t words) {
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < words;
         i += std::uint64_t{gridDim.x} * blockDim.x)
        p[i] = pattern(i);
}

__global__ void copy_kernel(const uint4* __restrict__ src, uint4* __restrict__ dst, std::uint64_t n) {
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < n;
         i += std::uint64_t{gridDim.x} * blockDim.x)
        dst[i] = src[i];
}

__global__ void count_mismatches_kernel(const std::uint32_t* p, std::uint64_t words,
                                        unsigned long long* mismatches) {
    unsigned long long local = 0;
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < words;
         i += std::uint64_t{gridDim.x} * blockDim.x)
        local += p[i] != pattern(i);
    if (local != 0) atomicAdd(mismatches, local);
}

// Thrown inside this file only; measure_copy_bandwidth turns it into ok = false.
struct CudaFailure {
    std::string what;
};

void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        cudaGetLastError();
        throw CudaFailure{std::string("CUDA ") + what + ": " + cudaGetErrorString(err)};
    }
}

struct DeviceBytes {
    void* ptr = nullptr;
    explicit DeviceBytes(std::size_t n) { check(cudaMalloc(&ptr, n), "cudaMalloc"); }
    ~DeviceBytes() { cudaFree(ptr); }
    DeviceBytes(const DeviceBytes&) = delete;
    DeviceBytes& operator=(const DeviceBytes&) = delete;
};

struct Events {
    cudaEvent_t start = nullptr, stop = nullptr;
    Events() {
        check(cudaEventCreate(&start), "cudaEventCreate");
        check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    ~Events() {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;
};

// Best (smallest) time of `repeats` runs of `launch`, after one untimed warm-up that also pays
// for first-touch and clock ramp-up.
template <class F>
double best_ms(Events& ev, int repeats, F&& launch) {
    launch();
    check(cudaGetLastError(), "warm-up launch");
    check(cudaDeviceSynchronize(), "warm-up");
    float best = 0;
    for (int r = 0; r < repeats; ++r) {
        check(cudaEventRecord(ev.start), "cudaEventRecord");
        launch();
        check(cudaGetLastError(), "launch");
        check(cudaEventRecord(ev.stop), "cudaEventRecord");
        check(cudaEventSynchronize(ev.stop), "cudaEventSynchronize");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, ev.start, ev.stop), "cudaEventElapsedTime");
        best = r == 0 ? ms : std::min(best, ms);
    }
    return best;
}

}  // namespace

CopyBandwidth measure_copy_bandwidth(std::uint64_t bytes, int repeats) {
    CopyBandwidth r;
    r.bytes = bytes / 16 * 16;
    r.repeats = std::max(1, repeats);
    const DeviceInfo info = probe();
    if (!info.available) {
        r.error = info.reason;
        return r;
    }
    if (r.bytes == 0) {
        r.error = "buffer size below 16 bytes";
        return r;
    }
    try {
        DeviceBytes src(r.bytes), dst(r.bytes), mismatches(sizeof(unsigned long long));
        const std::uint64_t words = r.bytes / 4, vecs = r.bytes / 16;
        // Enough blocks to fill every SM several times over; more only adds loop overhead.
        int sms = 0;
        check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "SM count");
        const unsigned blocks = static_cast<unsigned>(std::max(1, sms) * 8);
        DIMERLAB_LAUNCH(fill_kernel, blocks, kThreads)(static_cast<std::uint32_t*>(src.ptr), words);
        check(cudaGetLastError(), "fill kernel");
        Events ev;
        const double double_bytes = 2.0 * static_cast<double>(r.bytes);

        r.memcpy_ms = best_ms(ev, r.repeats, [&] {
            check(cudaMemcpyAsync(dst.ptr, src.ptr, r.bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy D2D");
        });
        r.memcpy_gbps = double_bytes / (r.memcpy_ms * 1e-3) / 1e9;

        // Clear dst so that the verification below sees the kernel's copy, not cudaMemcpy's.
        check(cudaMemset(dst.ptr, 0, r.bytes), "clear destination");
        r.kernel_ms = best_ms(ev, r.repeats, [&] {
            DIMERLAB_LAUNCH(copy_kernel, blocks, kThreads)
            (static_cast<const uint4*>(src.ptr), static_cast<uint4*>(dst.ptr), vecs);
        });
        r.kernel_gbps = double_bytes / (r.kernel_ms * 1e-3) / 1e9;

        check(cudaMemset(mismatches.ptr, 0, sizeof(unsigned long long)), "clear count");
        DIMERLAB_LAUNCH(count_mismatches_kernel, blocks, kThreads)
        (static_cast<const std::uint32_t*>(dst.ptr), words, static_cast<unsigned long long*>(mismatches.ptr));
        check(cudaGetLastError(), "verify kernel");
        unsigned long long bad = 1;
        check(cudaMemcpy(&bad, mismatches.ptr, sizeof bad, cudaMemcpyDeviceToHost), "read count");
        r.kernel_verified = bad == 0;
        // A copy that is fast but wrong measures nothing: report it as a failure.
        r.ok = r.kernel_verified;
        if (!r.kernel_verified) r.error = "copy kernel produced " + std::to_string(bad) + " wrong words";
    } catch (const CudaFailure& f) {
        r.ok = false;
        r.error = f.what;
    }
    return r;
}

}  // namespace dimerlab::gpu
