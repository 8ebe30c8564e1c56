#pragma once
// Exclusive prefix sums and stream compaction on the thread pool: the CPU stand-ins for
// cub::DeviceScan and cub::DeviceSelect. Two passes over contiguous chunks (count, then write),
// so the output order equals the input order.
#include <cstdint>
#include <span>
#include <vector>

#include "parallel/thread_pool.hpp"

namespace dimerlab {

// values[i] := sum of the old values[0..i); returns the total.
inline std::uint64_t parallel_exclusive_scan(ThreadPool& pool, std::span<std::uint32_t> values) {
    const unsigned parts = pool.parts_for(values.size(), 1 << 15);
    std::vector<std::uint64_t> partial(parts + 1, 0);
    pool.run_parts(values.size(), parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint64_t sum = 0;
        for (std::size_t i = begin; i < end; ++i) sum += values[i];
        partial[p + 1] = sum;
    });
    for (unsigned p = 0; p < parts; ++p) partial[p + 1] += partial[p];
    pool.run_parts(values.size(), parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint64_t run = partial[p];
        for (std::size_t i = begin; i < end; ++i) {
            const std::uint32_t v = values[i];
            values[i] = static_cast<std::uint32_t>(run);
            run += v;
        }
    });
    return partial[parts];
}

// out := the items of `in` with keep(item) true, in input order. `keep` runs exactly once per
// item, so it may also do per-item work (the Jacobi decision step does).
template <class Keep>
void parallel_compact(ThreadPool& pool, std::span<const std::uint32_t> in, std::vector<std::uint32_t>& out,
                      Keep&& keep, std::vector<std::uint8_t>& flags) {
    flags.resize(in.size());
    const unsigned parts = pool.parts_for(in.size(), 4096);
    std::vector<std::size_t> offset(parts + 1, 0);
    pool.run_parts(in.size(), parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::size_t kept = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const bool k = keep(in[i]);
            flags[i] = k;
            kept += k;
        }
        offset[p + 1] = kept;
    });
    for (unsigned p = 0; p < parts; ++p) offset[p + 1] += offset[p];
    out.resize(offset[parts]);
    pool.run_parts(in.size(), parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::size_t o = offset[p];
        for (std::size_t i = begin; i < end; ++i)
            if (flags[i]) out[o++] = in[i];
    });
}

// out := the indices i in [begin, end) with pred(i) true, in increasing order. pred runs twice
// per index, so it must be cheap and side-effect free.
template <class Pred>
void parallel_select_indices(ThreadPool& pool, std::uint32_t begin, std::uint32_t end, Pred&& pred,
                             std::vector<std::uint32_t>& out) {
    const std::size_t n = end - begin;
    const unsigned parts = pool.parts_for(n, 4096);
    std::vector<std::size_t> offset(parts + 1, 0);
    pool.run_parts(n, parts, [&](unsigned p, std::size_t lo, std::size_t hi) {
        std::size_t kept = 0;
        for (std::size_t i = lo; i < hi; ++i) kept += pred(static_cast<std::uint32_t>(begin + i)) ? 1 : 0;
        offset[p + 1] = kept;
    });
    for (unsigned p = 0; p < parts; ++p) offset[p + 1] += offset[p];
    out.resize(offset[parts]);
    pool.run_parts(n, parts, [&](unsigned p, std::size_t lo, std::size_t hi) {
        std::size_t o = offset[p];
        for (std::size_t i = lo; i < hi; ++i) {
            const auto index = static_cast<std::uint32_t>(begin + i);
            if (pred(index)) out[o++] = index;
        }
    });
}

}  // namespace dimerlab
