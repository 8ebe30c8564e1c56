#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "diagnostics/series_monitor.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// The live per-chain panel: call observe() once per sweep with the chain's mate array; report()
// when the display refreshes. Tracks dimers, monomers, the horizontal-minus-vertical imbalance
// (lattices only: the slow mode, docs/algorithms.md §6.5) and optionally one edge's indicator. Memory is
// bounded by the monitors' capacity whatever the run length.
class ChainMonitor {
  public:
    struct Entry {
        std::string name;  // "dimers", "monomers", "imbalance", "edge"
        TauEstimate tau;
        double ess = 0;  // over the retained window
    };

    ChainMonitor(const Graph& graph, std::optional<EdgeId> edge = std::nullopt,
                 std::size_t capacity = std::size_t{1} << 16);

    void observe(std::span<const std::uint32_t> mate);
    std::vector<Entry> report(double c = 5.0) const;
    std::uint64_t sweeps_observed() const { return dimers_.total_added(); }

  private:
    const Graph& graph_;
    std::optional<EdgeId> edge_;
    bool has_axes_;
    SeriesMonitor dimers_, monomers_, imbalance_, edge_indicator_;
};

}  // namespace dimerlab
