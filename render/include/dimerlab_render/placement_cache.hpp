#pragma once
// The exact-probabilities colour modes' data: P(e in M) of the uniform perfect matching for every
// edge (tilings/placement_probabilities.hpp), kept for the last graph so a running chain computes
// it once. The viewport computes on the GUI thread, so Kasteleyn ratios that would take more than
// about a second are refused here with the reason, before they start.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::render {

class PlacementCache {
  public:
    // Multiply-adds the Kasteleyn ratios may take on one graph (about a second on one core).
    static constexpr double kMaxRatioOperations = 3e8;

    // The probabilities by edge id, or nothing when they cannot be had (error() says why, in a
    // sentence for the window's note). They are the law of the uniform perfect matching, so a
    // finite λ is refused without computing anything.
    std::optional<std::span<const float>> get(const Graph& graph, double lambda);
    const std::string& error() const { return shown_error_; }

  private:
    std::string shown_error_;
    std::optional<std::uint64_t> graph_hash_;
    bool ok_ = false;
    std::vector<float> values_;
    std::string error_;
};

}  // namespace dimerlab::render
