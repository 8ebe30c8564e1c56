// The runtime API over host memory (runtime_api.hpp). Every call completes before it returns, so
// cudaDeviceSynchronize and events only report what already happened.
#include "cuda_on_host/runtime_api.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "cuda_on_host/launch.hpp"
#include "device_memory.hpp"

struct CUevent_st {
    std::chrono::steady_clock::time_point at{};
    bool recorded = false;
};

namespace cuda_on_host {
namespace {

thread_local cudaError_t t_last_error = cudaSuccess;

cudaError_t fail(cudaError_t err) {
    t_last_error = err;
    return err;
}

// Host memory may end exactly where a device allocation starts: only an overlap is an error.
bool is_host_range(const void* p, std::size_t bytes) {
    return p != nullptr && !overlaps_device_memory(p, bytes);
}

// Which sides of a copy must be device memory, per kind; Default infers it, as UVA does.
bool valid_copy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    if (bytes == 0) return true;
    switch (kind) {
        case cudaMemcpyHostToDevice:
            return is_device_range(dst, bytes) && is_host_range(src, bytes);
        case cudaMemcpyDeviceToHost:
            return is_host_range(dst, bytes) && is_device_range(src, bytes);
        case cudaMemcpyDeviceToDevice:
            return is_device_range(dst, bytes) && is_device_range(src, bytes);
        case cudaMemcpyHostToHost:
            return is_host_range(dst, bytes) && is_host_range(src, bytes);
        case cudaMemcpyDefault:
            return (is_device_range(dst, bytes) || is_host_range(dst, bytes)) &&
                   (is_device_range(src, bytes) || is_host_range(src, bytes));
    }
    return false;
}

}  // namespace

void record_error(cudaError_t err) {
    t_last_error = err;
}

}  // namespace cuda_on_host

using cuda_on_host::fail;

cudaError_t cudaGetDeviceCount(int* count) {
    if (count == nullptr) return fail(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
    if (prop == nullptr || device != 0) return fail(cudaErrorInvalidValue);
    *prop = cudaDeviceProp{};
    std::snprintf(prop->name, sizeof prop->name, "CUDA-on-host layer (%u worker threads, no GPU)",
                  cuda_on_host::worker_count());
    prop->major = 0;
    prop->minor = 0;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    prop->totalGlobalMem = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * page : 0;
    prop->multiProcessorCount = static_cast<int>(cuda_on_host::worker_count());
    prop->maxThreadsPerBlock = 1024;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
    if (value == nullptr || device != 0) return fail(cudaErrorInvalidValue);
    switch (attr) {
        case cudaDevAttrMultiProcessorCount:
            *value = static_cast<int>(cuda_on_host::worker_count());
            return cudaSuccess;
        case cudaDevAttrMaxThreadsPerBlock:
            *value = 1024;
            return cudaSuccess;
    }
    return fail(cudaErrorInvalidValue);
}

// No CUDA runtime or driver is involved: both versions are 0.
cudaError_t cudaRuntimeGetVersion(int* version) {
    if (version == nullptr) return fail(cudaErrorInvalidValue);
    *version = 0;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int* version) {
    if (version == nullptr) return fail(cudaErrorInvalidValue);
    *version = 0;
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize() {
    return cudaSuccess;
}

cudaError_t cudaGetLastError() {
    const cudaError_t err = cuda_on_host::t_last_error;
    cuda_on_host::t_last_error = cudaSuccess;
    return err;
}

cudaError_t cudaPeekAtLastError() {
    return cuda_on_host::t_last_error;
}

const char* cudaGetErrorString(cudaError_t err) {
    switch (err) {
        case cudaSuccess:
            return "no error";
        case cudaErrorInvalidValue:
            return "invalid argument";
        case cudaErrorMemoryAllocation:
            return "out of memory";
        case cudaErrorInvalidConfiguration:
            return "invalid configuration argument";
        case cudaErrorInvalidDevicePointer:
            return "invalid device pointer";
        case cudaErrorInvalidMemcpyDirection:
            return "invalid copy direction for memcpy";
        case cudaErrorInsufficientDriver:
            return "CUDA driver version is insufficient for CUDA runtime version";
        case cudaErrorNoDevice:
            return "no CUDA-capable device is detected";
        case cudaErrorInvalidResourceHandle:
            return "invalid resource handle";
        case cudaErrorIllegalAddress:
            return "an illegal memory access was encountered";
        case cudaErrorLaunchFailure:
            return "unspecified launch failure";
        case cudaErrorNotSupported:
            return "operation not supported (not modelled by the CUDA-on-host layer)";
    }
    return "unknown error";
}

cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
    if (ptr == nullptr) return fail(cudaErrorInvalidValue);
    *ptr = cuda_on_host::device_allocate(bytes);
    return *ptr == nullptr ? fail(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
    if (ptr == nullptr) return cudaSuccess;
    return cuda_on_host::device_release(ptr) ? cudaSuccess : fail(cudaErrorInvalidDevicePointer);
}

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return fail(cudaErrorInvalidMemcpyDirection);
    if (!cuda_on_host::valid_copy(dst, src, bytes, kind)) return fail(cudaErrorInvalidValue);
    if (bytes != 0) std::memmove(dst, src, bytes);
    return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t) {
    return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t cudaMemset(void* ptr, int value, std::size_t bytes) {
    if (bytes == 0) return cudaSuccess;
    if (!cuda_on_host::is_device_range(ptr, bytes)) return fail(cudaErrorInvalidValue);
    std::memset(ptr, value, bytes);
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
    if (event == nullptr) return fail(cudaErrorInvalidValue);
    *event = new CUevent_st;
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    if (event == nullptr) return fail(cudaErrorInvalidResourceHandle);
    delete event;
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
    if (event == nullptr) return fail(cudaErrorInvalidResourceHandle);
    event->at = std::chrono::steady_clock::now();
    event->recorded = true;
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    return event == nullptr ? fail(cudaErrorInvalidResourceHandle) : cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t stop) {
    if (ms == nullptr || start == nullptr || stop == nullptr) return fail(cudaErrorInvalidValue);
    if (!start->recorded || !stop->recorded) return fail(cudaErrorInvalidResourceHandle);
    *ms = std::chrono::duration<float, std::milli>(stop->at - start->at).count();
    return cudaSuccess;
}
