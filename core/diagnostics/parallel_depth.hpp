#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab {

// Parallel-depth diagnostics (docs/algorithms.md §3.4, §3.5, §6.6): the Jacobi rounds each tape block of the
// exact cpu-parallel backend needs, next to the one-pass oracle R* of the same block (which they
// must equal, §3.4) and the scale min{Δ, m^{1/3}, √n} of the parallel depth bound (§3.5; the
// bound is Õ(·), so the ratio rounds/scale is the quantity to watch, not an inequality).
struct ParallelDepthOptions {
    double lambda = 1;
    std::uint64_t seed = 1;
    std::uint64_t blocks = 8;
    std::uint64_t block_updates = 0;  // 0: one sweep (m updates), the backend's default
    unsigned threads = 1;
    bool check_oracle = true;  // also run depth_oracle on every block (one sequential pass each)
    const std::atomic<bool>* cancel = nullptr;
};

struct ParallelDepthReport {
    std::uint64_t blocks = 0;
    std::uint64_t block_updates = 0;
    std::vector<std::uint32_t> rounds;        // per block, from the Jacobi solver
    std::vector<std::uint32_t> oracle_depth;  // per block, R* (empty without check_oracle)
    std::uint64_t oracle_mismatches = 0;      // blocks whose rounds or final matching differ from the oracle
    double rounds_mean = 0;
    std::uint32_t rounds_max = 0;
    double oracle_depth_mean = 0;
    double work_per_update = 0;  // evaluations of undetermined updates per tape update
    double max_degree = 0, cube_root_m = 0, sqrt_n = 0;
    double bound = 0;  // min{Δ, m^{1/3}, √n}
};

// The scale min{Δ, m^{1/3}, √n} of the parallel-depth bound, with its three terms.
struct DepthBoundScale {
    double max_degree = 0, cube_root_m = 0, sqrt_n = 0;
    double bound = 0;
};
DepthBoundScale depth_bound_scale(const Graph& graph);

// Runs `blocks` blocks of heat-bath Glauber from `start` (empty when empty) on the tape of seed.
ParallelDepthReport measure_parallel_depth(const Graph& graph, const ParallelDepthOptions& options,
                                           MateArray start = {});

}  // namespace dimerlab
