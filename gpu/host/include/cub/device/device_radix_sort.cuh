/** @file device_radix_sort.cuh
 *  @brief Host version of cub::DeviceRadixSort::SortPairs (the only entry point dimerlab uses):
 *  a stable sort on the key bits [begin_bit, end_bit), keys and values moved together, inputs
 *  left unchanged, as CUB specifies for the non-DoubleBuffer overload. */
#pragma once
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include "cuda_on_host/cub_protocol.hpp"

namespace cub {

struct DeviceRadixSort {
    template <class KeyT, class ValueT, class NumItemsT>
    static cudaError_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                 KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out,
                                 NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                 cudaStream_t = nullptr) {
        static_assert(std::is_unsigned_v<KeyT>, "the host version sorts unsigned keys only");
        namespace p = cuda_on_host::cub_protocol;
        const auto n = static_cast<std::int64_t>(num_items);
        bool size_only = false;
        if (const cudaError_t err =
                p::begin(d_temp_storage, temp_storage_bytes, n,
                         sizeof(KeyT) + sizeof(ValueT) + sizeof(std::uint32_t), size_only);
            err != cudaSuccess)
            return p::fail(err);
        if (size_only) return cudaSuccess;
        if (begin_bit < 0 || end_bit > static_cast<int>(sizeof(KeyT) * 8) || begin_bit >= end_bit)
            return p::fail(cudaErrorInvalidValue);
        if (!p::device_array(d_keys_in, n) || !p::device_array(d_keys_out, n) ||
            !p::device_array(d_values_in, n) || !p::device_array(d_values_out, n))
            return p::fail(cudaErrorIllegalAddress);
        if (!p::disjoint(d_keys_in, n, d_keys_out, n) || !p::disjoint(d_values_in, n, d_values_out, n))
            return p::fail(cudaErrorInvalidValue);
        const int bits = end_bit - begin_bit;
        const KeyT mask =
            bits >= static_cast<int>(sizeof(KeyT) * 8) ? ~KeyT{0} : static_cast<KeyT>((KeyT{1} << bits) - 1);
        auto digit = [&](KeyT k) { return static_cast<KeyT>((k >> begin_bit) & mask); };
        std::vector<std::int64_t> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), std::int64_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
            return digit(d_keys_in[a]) < digit(d_keys_in[b]);
        });
        for (std::int64_t i = 0; i < n; ++i) {
            d_keys_out[i] = d_keys_in[order[i]];
            d_values_out[i] = d_values_in[order[i]];
        }
        return cudaSuccess;
    }
};

}  // namespace cub
