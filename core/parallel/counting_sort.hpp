#pragma once
// Stable counting sort of item indices by a small integer key, on the thread pool: the CPU
// stand-in for cub::DeviceRadixSort::SortPairs (also stable). Stability is what keeps each
// vertex's events in time order (science.md §2.3 step 1).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "parallel/parallel_scan.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {

// Scratch reused across calls, so that a sort per block allocates nothing in steady state.
struct CountingSortBuffers {
    std::vector<std::uint32_t> counts;  // parts x num_keys
};

// order := the indices 0..num_items-1 sorted by key(i), equal keys in increasing i;
// offsets (num_keys + 1 entries) := start of each key's run in `order`.
template <class Key>
void stable_counting_sort(ThreadPool& pool, std::uint32_t num_items, std::uint32_t num_keys, Key&& key,
                          std::vector<std::uint32_t>& order, std::vector<std::uint32_t>& offsets,
                          CountingSortBuffers& buf) {
    order.resize(num_items);
    offsets.assign(static_cast<std::size_t>(num_keys) + 1, 0);
    // One histogram row per part: parts x num_keys counters must stay small next to the items.
    const std::uint64_t cap = 4ull * num_items / std::max<std::uint32_t>(num_keys, 1);
    const unsigned parts = static_cast<unsigned>(
        std::min<std::uint64_t>(pool.parts_for(num_items, 1 << 14), std::max<std::uint64_t>(cap, 1)));
    buf.counts.resize(static_cast<std::size_t>(parts) * num_keys);
    std::uint32_t* const counts = buf.counts.data();

    pool.run_parts(num_items, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint32_t* row = counts + static_cast<std::size_t>(p) * num_keys;
        std::fill(row, row + num_keys, 0u);
        for (std::size_t i = begin; i < end; ++i) ++row[key(static_cast<std::uint32_t>(i))];
    });
    // Per key: exclusive sum over parts (stable order across chunks), total into offsets.
    pool.for_chunks(num_keys, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            std::uint32_t run = 0;
            for (unsigned p = 0; p < parts; ++p) {
                std::uint32_t& c = counts[static_cast<std::size_t>(p) * num_keys + k];
                const std::uint32_t here = c;
                c = run;
                run += here;
            }
            offsets[k] = run;
        }
    });
    parallel_exclusive_scan(pool, std::span<std::uint32_t>(offsets.data(), num_keys));
    offsets[num_keys] = num_items;
    pool.run_parts(num_items, parts, [&](unsigned p, std::size_t begin, std::size_t end) {
        std::uint32_t* row = counts + static_cast<std::size_t>(p) * num_keys;
        for (std::size_t i = begin; i < end; ++i) {
            const std::uint32_t k = key(static_cast<std::uint32_t>(i));
            order[offsets[k] + row[k]++] = static_cast<std::uint32_t>(i);
        }
    });
}

}  // namespace dimerlab
