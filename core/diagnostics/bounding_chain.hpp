#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "graph/graph.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "model/matching.hpp"

namespace dimerlab {

// The bounding chain of heat-bath Glauber on the update tape of `seed` (docs/algorithms.md §6.3). It
// starts with every edge unknown, i.e. it covers every starting matching at once. Once no edge
// is unknown (coalescence), every Glauber run on this tape from ANY start is in the same,
// resolved matching, so TV(t) <= P(τ_coal > t) is a valid bound.
//
// Running two (or a few) chosen starts until they meet is NOT such a bound: the model is not
// monotone (hard-core on the line graph, which has triangles once Δ >= 3), so two meeting chains
// say nothing about the others.
class BoundingChain {
  public:
    BoundingChain(const Graph& graph, std::uint64_t seed, double lambda);

    // Runs tape updates time() .. time()+updates-1, stopping early at coalescence.
    void advance(std::uint64_t updates);
    std::uint64_t time() const { return time_; }
    std::uint64_t unknown_edges() const { return unknown_; }
    bool coalesced() const { return unknown_ == 0; }
    // The first update count at which no edge was unknown.
    std::optional<std::uint64_t> coalescence_time() const { return coalesced_at_; }
    const std::vector<std::uint8_t>& edge_states() const { return state_; }  // kBoundOut/In/Unknown
    // The common matching of all copies; requires coalesced().
    MateArray resolved_matching() const;

  private:
    const Graph& graph_;
    std::uint64_t seed_;
    // Each edge's heat-bath threshold (one for all edges when unweighted): the bounding rule itself
    // never looks at weights, only at each update's coin.
    HeatBathThresholds thresholds_;
    std::vector<std::uint8_t> state_;
    std::uint64_t unknown_;
    std::uint64_t time_ = 0;
    std::optional<std::uint64_t> coalesced_at_;
};

// Coalescence times of `runs` bounding chains on the tapes of seeds seed, seed+1, ...,
// each capped at max_sweeps sweeps.
struct CoalescenceSummary {
    std::uint32_t num_edges = 0;
    std::uint64_t cap_updates = 0;
    std::vector<std::optional<std::uint64_t>> times;  // updates; empty: not coalesced by the cap
    std::uint64_t completed() const;
    // Order statistic ⌈q R⌉ of the R times in sweeps (not-coalesced runs count as +∞); empty
    // when that statistic is censored by the cap.
    std::optional<double> quantile_sweeps(double q) const;
    // Empirical P(τ_coal > t), the bound on TV(t), at t updates (t <= cap).
    double tail_probability(std::uint64_t t_updates) const;
};

CoalescenceSummary measure_coalescence(const Graph& graph, double lambda, std::uint32_t runs,
                                       std::uint64_t seed, std::uint64_t max_sweeps);

}  // namespace dimerlab
