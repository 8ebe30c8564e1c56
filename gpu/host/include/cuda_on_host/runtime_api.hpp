/** @file runtime_api.hpp
 *  @brief The part of the CUDA runtime API that dimerlab's kernels and launch wrappers call, with
 *  host memory standing in for device memory. Error codes keep CUDA's numbers so messages read
 *  the same. Calls are synchronous: each returns after its work is done, so the one (default)
 *  stream is trivially an ordered queue. Device allocations are registered, and copies, memsets
 *  and kernel pointer arguments are checked against them, so a host pointer handed to device
 *  code, a copy in the wrong direction or past the end of an allocation is an error here, as it
 *  would be (or would corrupt memory) on a GPU. See docs/cuda-on-host.md. */
#pragma once
#include <cstddef>
#include <cstdint>

// Tells shared headers (gpu/src/cuda_launch.cuh) which launch syntax to use.
#define CUDA_ON_HOST 1

enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInsufficientDriver = 35,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchFailure = 719,
    cudaErrorNotSupported = 801,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};

enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMultiProcessorCount = 16,
};

struct uint3 {
    unsigned x = 0, y = 0, z = 0;
};
// Assigned member by member: a defaulted assignment compiles to a block move, whose loads and
// stores the access shadow's tracing cannot see (copy_kernel copies uint4s).
struct uint4 {
    unsigned x, y, z, w;
    uint4& operator=(const uint4& o) {
        x = o.x;
        y = o.y;
        z = o.z;
        w = o.w;
        return *this;
    }
};
struct dim3 {
    unsigned x = 1, y = 1, z = 1;
    constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;

struct cudaDeviceProp {
    char name[256];
    int major, minor;
    std::size_t totalGlobalMem;
    int multiProcessorCount;
    int maxThreadsPerBlock;
};

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t err);

cudaError_t cudaMalloc(void** ptr, std::size_t bytes);
template <class T>
cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
    return cudaMalloc(reinterpret_cast<void**>(ptr), bytes);
}
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = nullptr);
cudaError_t cudaMemset(void* ptr, int value, std::size_t bytes);

cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t stop);

namespace cuda_on_host {

// The error a later cudaGetLastError returns (launch configuration, bad kernel argument).
void record_error(cudaError_t err);

// True when [p, p + bytes) lies inside one live device allocation.
bool is_device_range(const void* p, std::size_t bytes);
// True when p points into (or one past the end of) a live device allocation.
bool is_device_pointer(const void* p);
// True when some byte of [p, p + max(bytes, 1)) belongs to a live device allocation.
bool overlaps_device_memory(const void* p, std::size_t bytes);

}  // namespace cuda_on_host
