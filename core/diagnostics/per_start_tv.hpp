#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "diagnostics/exact_chain.hpp"
#include "diagnostics/total_variation.hpp"

namespace dimerlab {

// The worst-start curve for chains too large for worst_start_tv_curve's |Ω|² dense block: every
// start's distribution is evolved on its own by sparse products (blocks of starts, in parallel),
// O(|Ω| · nnz(P) · t) time but only O(threads · |Ω| · block) memory. Each start is dropped once
// its own distance is <= stop_below (distances from one start never increase), so fast starts
// cost little. Consequence, recorded as tail_is_bound: d(t) is exact wherever it is above
// stop_below; at or below it the value is an upper bound (still <= stop_below). t_mix(1/4) is
// exact whenever stop_below < 1/4.
struct PerStartTvOptions {
    double stop_below = 0.01;
    std::uint64_t max_updates = 1'000'000;
    unsigned threads = 0;  // 0: one per hardware thread
    const std::atomic<bool>* cancel = nullptr;
    // (starts finished, starts total); called from worker threads, serialised.
    std::function<void(std::size_t, std::size_t)> progress;
};

TvCurve per_start_tv_curve(const ExactChain& chain, const PerStartTvOptions& options = {});

// P^t(x, ·) from one start x at each of the (ascending) times, exactly, by sparse products.
std::vector<std::vector<double>> start_distributions(const ExactChain& chain, std::uint32_t start,
                                                     const std::vector<std::uint64_t>& times);

// ½ Σ_y |p_y − π_y|.
double tv_to_stationary(const std::vector<double>& p, const std::vector<double>& pi);

}  // namespace dimerlab
