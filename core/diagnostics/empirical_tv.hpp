#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "diagnostics/exact_chain.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// The production sampler against the exact chain: R independent chains (chain r on the tape of
// seed + r) from one start x, their states histogrammed at several times t, and the empirical
// distance ½ Σ_y |p̂_t(y) − π_y| compared with the exact ½ Σ_y |P^t(x, y) − π_y|.
//
// Tolerance with false-alarm rate alpha over all K times together (union bound):
//   |TV_emp − TV| <= bias + sqrt(ln(2K / alpha) / (2R)),
// where bias = ½ Σ_y sqrt(p_y (1 − p_y) / R) bounds |E TV_emp − TV| (E|p̂_y − p_y| <= sd(p̂_y))
// and the square root is McDiarmid's inequality (one chain moves TV_emp by at most 1/R).
struct EmpiricalTvPoint {
    std::uint64_t updates = 0;
    double tv_empirical = 0;
    double tv_exact = 0;  // from the same start
    double bias_bound = 0;
    double tolerance = 0;  // bias_bound + McDiarmid term
};

struct EmpiricalTvResult {
    std::uint32_t start = 0;  // index into chain.states
    std::size_t chains = 0;
    std::uint64_t seed = 0;
    double alpha = 0;
    std::vector<EmpiricalTvPoint> points;
    bool within_tolerance() const;
};

// times ascending, each >= 0. The chain's dynamics must have a sequential CPU sampler.
EmpiricalTvResult empirical_tv(const Graph& graph, const ExactChain& chain, std::uint32_t start,
                               const std::vector<std::uint64_t>& times, std::size_t chains,
                               std::uint64_t seed, double alpha = 1e-3,
                               const std::atomic<bool>* cancel = nullptr);

// Times at which to compare: fractions 1/4, 1/2, 1, 3/2, 2 of t_mix(1/4) (deduplicated, >= 1),
// or of a quarter of the curve's length when t_mix is unknown.
std::vector<std::uint64_t> empirical_tv_times(std::uint64_t tmix_or_zero, std::size_t curve_length);

}  // namespace dimerlab
