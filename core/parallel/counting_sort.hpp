#pragma once
// Stable counting sort by a small integer key on the thread pool, in three steps so that a caller
// can fuse the histogram and the scatter into passes it makes anyway (the CPU stand-in for
// cub::DeviceRadixSort::SortPairs, also stable):
//   1. part p of ThreadPool::run_parts(num_items, rows.parts(), ...) counts its items' keys into
//      rows.row(p) (after zeroing it);
//   2. counting_sort_cursors turns the rows into start positions and the keys' offsets;
//   3. the same parts, over the same chunks in the same order, place each item at row(p)[key]++.
// Parts are contiguous chunks taken in order, so equal keys keep their item order: that is what
// keeps each vertex's events in time order (docs/algorithms.md §3.2 step 1). O(items + parts x keys).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "parallel/thread_pool.hpp"

namespace dimerlab {

// One histogram row per part, reused from sort to sort (no allocation in steady state).
class CountingSortRows {
  public:
    // Sizes the rows for a sort of num_items items; parts x num_keys counters must stay small next
    // to the items, so large key ranges get fewer parts.
    void prepare(const ThreadPool& pool, std::uint64_t num_items, std::uint32_t num_keys,
                 std::size_t min_chunk) {
        const std::uint64_t cap = 4 * num_items / std::max<std::uint32_t>(num_keys, 1);
        parts_ = static_cast<unsigned>(
            std::min<std::uint64_t>(pool.parts_for(num_items, min_chunk), std::max<std::uint64_t>(cap, 1)));
        num_keys_ = num_keys;
        counts_.resize(static_cast<std::size_t>(parts_) * num_keys);
    }
    unsigned parts() const { return parts_; }
    std::uint32_t num_keys() const { return num_keys_; }
    std::uint32_t* row(unsigned p) { return counts_.data() + static_cast<std::size_t>(p) * num_keys_; }

  private:
    unsigned parts_ = 1;
    std::uint32_t num_keys_ = 0;
    std::vector<std::uint32_t> counts_;
};

// Step 2: row(p)[k] := where part p's first item with key k goes; offsets (num_keys + 1 entries)
// := start of each key's run. Returns the number of items.
inline std::uint64_t counting_sort_cursors(ThreadPool& pool, CountingSortRows& rows,
                                           std::vector<std::uint32_t>& offsets) {
    const std::uint32_t num_keys = rows.num_keys();
    const unsigned parts = rows.parts();
    offsets.resize(static_cast<std::size_t>(num_keys) + 1);
    const unsigned chunks = pool.parts_for(num_keys, 1 << 14);
    std::vector<std::uint64_t> chunk_start(chunks + 1, 0);
    pool.run_parts(num_keys, chunks, [&](unsigned c, std::size_t begin, std::size_t end) {
        std::uint64_t sum = 0;
        for (unsigned p = 0; p < parts; ++p) {
            const std::uint32_t* row = rows.row(p);
            for (std::size_t k = begin; k < end; ++k) sum += row[k];
        }
        chunk_start[c + 1] = sum;
    });
    for (unsigned c = 0; c < chunks; ++c) chunk_start[c + 1] += chunk_start[c];
    pool.run_parts(num_keys, chunks, [&](unsigned c, std::size_t begin, std::size_t end) {
        std::uint64_t run = chunk_start[c];
        for (std::size_t k = begin; k < end; ++k) {
            offsets[k] = static_cast<std::uint32_t>(run);
            for (unsigned p = 0; p < parts; ++p) {
                std::uint32_t& count = rows.row(p)[k];
                const std::uint32_t here = count;
                count = static_cast<std::uint32_t>(run);
                run += here;
            }
        }
    });
    offsets[num_keys] = static_cast<std::uint32_t>(chunk_start[chunks]);
    return chunk_start[chunks];
}

}  // namespace dimerlab
