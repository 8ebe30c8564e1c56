/** @file device_select.cuh
 *  @brief Host versions of cub::DeviceSelect::Flagged and cub::DeviceSelect::If (out-of-place):
 *  the selected items in their input order, and their count written to device memory. */
#pragma once
#include <cstdint>
#include <vector>

#include "cuda_on_host/cub_protocol.hpp"

namespace cub {

struct DeviceSelect {
    template <class InputT, class FlagT, class OutputT, class NumSelectedT, class NumItemsT>
    static cudaError_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, const InputT* d_in,
                               const FlagT* d_flags, OutputT* d_out, NumSelectedT* d_num_selected_out,
                               NumItemsT num_items, cudaStream_t = nullptr) {
        namespace p = cuda_on_host::cub_protocol;
        const auto n = static_cast<std::int64_t>(num_items);
        bool size_only = false;
        if (const cudaError_t err =
                p::begin(d_temp_storage, temp_storage_bytes, n, sizeof(std::uint32_t), size_only);
            err != cudaSuccess)
            return p::fail(err);
        if (size_only) return cudaSuccess;
        if (!p::device_array(d_flags, n)) return p::fail(cudaErrorIllegalAddress);
        return select(d_in, d_out, d_num_selected_out, n,
                      [&](std::int64_t i) { return static_cast<bool>(d_flags[i]); });
    }

    template <class InputT, class OutputT, class NumSelectedT, class NumItemsT, class SelectOpT>
    static cudaError_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, const InputT* d_in,
                          OutputT* d_out, NumSelectedT* d_num_selected_out, NumItemsT num_items,
                          SelectOpT select_op, cudaStream_t = nullptr) {
        namespace p = cuda_on_host::cub_protocol;
        const auto n = static_cast<std::int64_t>(num_items);
        bool size_only = false;
        if (const cudaError_t err =
                p::begin(d_temp_storage, temp_storage_bytes, n, sizeof(std::uint32_t), size_only);
            err != cudaSuccess)
            return p::fail(err);
        if (size_only) return cudaSuccess;
        return select(d_in, d_out, d_num_selected_out, n,
                      [&](std::int64_t i) { return static_cast<bool>(select_op(d_in[i])); });
    }

  private:
    template <class InputT, class OutputT, class NumSelectedT, class Keep>
    static cudaError_t select(const InputT* d_in, OutputT* d_out, NumSelectedT* d_num_selected_out,
                              std::int64_t n, Keep&& keep) {
        namespace p = cuda_on_host::cub_protocol;
        if (!p::device_array(d_in, n) || !p::device_array(d_num_selected_out, 1))
            return p::fail(cudaErrorIllegalAddress);
        std::vector<std::int64_t> chosen;
        for (std::int64_t i = 0; i < n; ++i) {
            if (keep(i)) chosen.push_back(i);
        }
        // The output needs room for the selected items only (callers size it by what they know
        // can be selected), and must not overlap the input.
        const auto selected = static_cast<std::int64_t>(chosen.size());
        if (!p::device_array(d_out, selected)) return p::fail(cudaErrorIllegalAddress);
        if (!p::disjoint(d_in, n, d_out, selected)) return p::fail(cudaErrorInvalidValue);
        for (std::int64_t k = 0; k < selected; ++k) d_out[k] = d_in[chosen[static_cast<std::size_t>(k)]];
        *d_num_selected_out = static_cast<NumSelectedT>(selected);
        return cudaSuccess;
    }
};

}  // namespace cub
