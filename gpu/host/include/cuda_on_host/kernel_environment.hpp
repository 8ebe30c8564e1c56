/** @file kernel_environment.hpp
 *  @brief What a kernel body sees: the qualifiers (empty on the host), the thread coordinates of
 *  the thread being run, and atomicAdd as a relaxed atomic read-modify-write. Every grid thread
 *  runs to completion on its own, which is faithful only for kernels without barriers, shared
 *  memory or warp cooperation, so each of those fails to compile with a message instead of
 *  running with some other meaning. */
#pragma once
#include <atomic>
#include <type_traits>

#include "cuda_on_host/runtime_api.hpp"

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ \
    static_assert(false, "CUDA-on-host: __shared__ memory is not modelled (threads of a block run apart)");
#define __constant__ \
    static_assert(false, "CUDA-on-host: __constant__ memory is not modelled (no cudaMemcpyToSymbol)");

// Set by the grid runner for the thread it is running (launch.cpp); per OS thread, because the
// pool runs several grid threads at once.
inline thread_local uint3 blockIdx;
inline thread_local uint3 threadIdx;
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;

// Device atomics are relaxed; the integer and floating types CUDA overloads atomicAdd for.
template <class T>
requires(std::is_same_v<T, int> || std::is_same_v<T, unsigned> || std::is_same_v<T, unsigned long long> ||
         std::is_same_v<T, float> || std::is_same_v<T, double>) T
    atomicAdd(T* address, std::type_identity_t<T> value) {
    return std::atomic_ref<T>(*address).fetch_add(value, std::memory_order_relaxed);
}

namespace cuda_on_host::detail {
template <class...>
inline constexpr bool unmodelled = false;
}  // namespace cuda_on_host::detail

// A call compiles to a static_assert failure naming the intrinsic.
#define CUDA_ON_HOST_UNMODELLED(name)                                                              \
    template <class... Args>                                                                       \
    void name(Args...) {                                                                           \
        static_assert(::cuda_on_host::detail::unmodelled<Args...>,                                 \
                      "CUDA-on-host: " #name " is not modelled (grid threads run independently)"); \
    }
CUDA_ON_HOST_UNMODELLED(__syncthreads)
CUDA_ON_HOST_UNMODELLED(__syncthreads_count)
CUDA_ON_HOST_UNMODELLED(__syncthreads_and)
CUDA_ON_HOST_UNMODELLED(__syncthreads_or)
CUDA_ON_HOST_UNMODELLED(__syncwarp)
CUDA_ON_HOST_UNMODELLED(__threadfence)
CUDA_ON_HOST_UNMODELLED(__threadfence_block)
CUDA_ON_HOST_UNMODELLED(__activemask)
CUDA_ON_HOST_UNMODELLED(__ballot_sync)
CUDA_ON_HOST_UNMODELLED(__any_sync)
CUDA_ON_HOST_UNMODELLED(__all_sync)
CUDA_ON_HOST_UNMODELLED(__shfl_sync)
CUDA_ON_HOST_UNMODELLED(__shfl_up_sync)
CUDA_ON_HOST_UNMODELLED(__shfl_down_sync)
CUDA_ON_HOST_UNMODELLED(__shfl_xor_sync)
CUDA_ON_HOST_UNMODELLED(__match_any_sync)
CUDA_ON_HOST_UNMODELLED(__reduce_add_sync)
CUDA_ON_HOST_UNMODELLED(atomicCAS)
CUDA_ON_HOST_UNMODELLED(atomicExch)
CUDA_ON_HOST_UNMODELLED(atomicMin)
CUDA_ON_HOST_UNMODELLED(atomicMax)
#undef CUDA_ON_HOST_UNMODELLED
