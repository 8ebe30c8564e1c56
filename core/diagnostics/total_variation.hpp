#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "diagnostics/exact_chain.hpp"

namespace dimerlab {

// Exact worst-start distance d(t) = max_x ½ ‖P^t(x,·) − π‖₁ (docs/algorithms.md §6.4), by evolving every
// start's distribution: O(|Ω| · nnz(P)) per update, |Ω|² doubles of memory.
struct TvCurve {
    std::vector<double> tv;  // tv[t] = d(t), t = 0, 1, ... updates
    // Smallest t with d(t) <= 1/4; empty when the curve stopped first (max_updates).
    std::optional<std::uint64_t> tmix_quarter;
    // worst_start[t]: a start x attaining d(t) (the first in enumeration order).
    std::vector<std::uint32_t> worst_start;
    // True when values <= stop_below are upper bounds rather than exact (per_start_tv_curve).
    bool tail_is_bound = false;
};

struct TvOptions {
    double stop_below = 0.01;               // stop once d(t) <= this (d is non-increasing)
    std::uint64_t max_updates = 1'000'000;  // and never run longer than this
};

TvCurve worst_start_tv_curve(const ExactChain& chain, const TvOptions& options = {});

// First t with tv[t] <= 1/4.
std::optional<std::uint64_t> first_quarter_crossing(const std::vector<double>& tv);

}  // namespace dimerlab
