/** @file device_scan.cuh
 *  @brief Host version of cub::DeviceScan::ExclusiveScanByKey: each run of consecutive equal
 *  keys is scanned on its own, starting from the initial value; out[i] = init for a run's first
 *  item, op(out[i-1], in[i-1]) after it. */
#pragma once
#include <cstdint>
#include <functional>

#include "cuda_on_host/cub_protocol.hpp"

namespace cub {

struct DeviceScan {
    template <class KeyT, class ValueT, class ScanOpT, class InitValueT, class NumItemsT,
              class EqualityOpT = std::equal_to<>>
    static cudaError_t ExclusiveScanByKey(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                          const KeyT* d_keys_in, const ValueT* d_values_in,
                                          ValueT* d_values_out, ScanOpT scan_op, InitValueT init_value,
                                          NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                                          cudaStream_t = nullptr) {
        namespace p = cuda_on_host::cub_protocol;
        const auto n = static_cast<std::int64_t>(num_items);
        bool size_only = false;
        if (const cudaError_t err =
                p::begin(d_temp_storage, temp_storage_bytes, n, sizeof(KeyT) + sizeof(ValueT), size_only);
            err != cudaSuccess)
            return p::fail(err);
        if (size_only) return cudaSuccess;
        if (!p::device_array(d_keys_in, n) || !p::device_array(d_values_in, n) ||
            !p::device_array(d_values_out, n))
            return p::fail(cudaErrorIllegalAddress);
        ValueT running = static_cast<ValueT>(init_value);
        for (std::int64_t i = 0; i < n; ++i) {
            if (i == 0 || !equality_op(d_keys_in[i - 1], d_keys_in[i]))
                running = static_cast<ValueT>(init_value);
            const ValueT item = d_values_in[i];  // read before the write: in-place scans are allowed
            d_values_out[i] = running;
            running = scan_op(running, item);
        }
        return cudaSuccess;
    }
};

}  // namespace cub
