#pragma once
// The one-pass round-count oracle of docs/algorithms.md §3.4, for tests: runs a block sequentially and
// computes, for every update t, the round R(t) in which Algorithm A determines it:
//   R(t) = 0 for dead updates (coin "free") and for the virtual M_0 updates;
//   live t: R(t) = 1 + max_{parents s} R(s)            if X_t = 1,
//           R(t) = 1 + min_{parents s, X_s = 1} R(s)   if X_t = 0,
// parents = the last update before t of each edge f != e_t sharing an endpoint with e_t. It
// shares no code with the parallel solver beyond the sequential heat-bath rule.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab {

struct DepthOracle {
    std::uint32_t max_depth = 0;         // R* = max_t R(t): the rounds Algorithm A needs
    std::uint64_t total_depth = 0;       // sum_t R(t): its work with compaction
    std::uint64_t live = 0;              // updates whose coin said "occupied"
    std::vector<std::uint32_t> depth;    // R(t) per update of the block
    std::vector<std::uint8_t> occupied;  // X_t per update of the block
    MateArray final_mate;                // M_T
};

// Block = tape updates [t_begin, t_begin + count) at `threshold`, started from `start`.
DepthOracle depth_oracle(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, MateArray start);

}  // namespace dimerlab
