/** @file cub_protocol.hpp
 *  @brief What the host versions of the CUB entry points share: CUB's two-phase temp-storage
 *  protocol and the checks a device would enforce by faulting. A call with d_temp_storage null
 *  only reports the size it needs; a real call must bring a device allocation at least that big.
 *  The size grows with the item count, as CUB's does, so a buffer sized for fewer items fails. */
#pragma once
#include <cstddef>
#include <cstdint>

#include "cuda_on_host/runtime_api.hpp"

namespace cuda_on_host::cub_protocol {

inline std::size_t temp_bytes_for(std::int64_t items, std::size_t bytes_per_item) {
    return 256 + static_cast<std::size_t>(items) * bytes_per_item;
}

// Returns cudaSuccess with size_only set for the size query, an error for bad arguments, and
// cudaSuccess otherwise.
inline cudaError_t begin(void* d_temp, std::size_t& temp_bytes, std::int64_t items,
                         std::size_t bytes_per_item, bool& size_only) {
    size_only = false;
    if (items < 0) return cudaErrorInvalidValue;
    const std::size_t need = temp_bytes_for(items, bytes_per_item);
    if (d_temp == nullptr) {
        temp_bytes = need;
        size_only = true;
        return cudaSuccess;
    }
    if (temp_bytes < need || !is_device_range(d_temp, temp_bytes)) return cudaErrorInvalidValue;
    return cudaSuccess;
}

template <class T>
bool device_array(const T* p, std::int64_t items) {
    return items == 0 || is_device_range(p, static_cast<std::size_t>(items) * sizeof(T));
}

// CUB's out-of-place entry points require outputs that do not overlap their inputs.
template <class A, class B>
bool disjoint(const A* a, std::int64_t na, const B* b, std::int64_t nb) {
    const auto a0 = reinterpret_cast<std::uintptr_t>(a), b0 = reinterpret_cast<std::uintptr_t>(b);
    const auto a1 = a0 + static_cast<std::uintptr_t>(na) * sizeof(A),
               b1 = b0 + static_cast<std::uintptr_t>(nb) * sizeof(B);
    return na == 0 || nb == 0 || a1 <= b0 || b1 <= a0;
}

inline cudaError_t fail(cudaError_t err) {
    record_error(err);
    return err;
}

}  // namespace cuda_on_host::cub_protocol
