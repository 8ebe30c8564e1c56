#pragma once
// The heat-bath thresholds as a kernel reads them: one value for every edge, or a per-edge class
// index into a small table (a weighted graph; model/heat_bath_thresholds.hpp builds the table).
// Plain pointers, so the same view works on the host and, with device pointers, in a kernel.
#include <cstdint>

#include "util/host_device.hpp"

namespace dimerlab {

struct CoinThresholds {
    std::uint64_t uniform = 0;                  // every edge's threshold when edge_class is null
    const std::uint32_t* edge_class = nullptr;  // per edge, an index into table
    const std::uint64_t* table = nullptr;

    CoinThresholds() = default;
    // One threshold for every edge; implicit, so that callers with one number pass it unchanged.
    DIMERLAB_HD CoinThresholds(std::uint64_t threshold) : uniform(threshold) {}  // NOLINT
    DIMERLAB_HD CoinThresholds(std::uint64_t u, const std::uint32_t* classes, const std::uint64_t* thresholds)
        : uniform(u), edge_class(classes), table(thresholds) {}

    DIMERLAB_HD std::uint64_t operator()(std::uint32_t edge) const {
        return edge_class == nullptr ? uniform : table[edge_class[edge]];
    }
};

}  // namespace dimerlab
