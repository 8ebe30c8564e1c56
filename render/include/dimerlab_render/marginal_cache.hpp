#pragma once
// The exact-marginals colour mode's data: P(v unmatched) at λ for every vertex, from the exact
// counting engine (core/counting/exact), kept for the last (graph, λ) so a running chain at a
// fixed λ computes it once. Graphs too large to count within the cap are refused with a reason.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::render {

class MarginalCache {
  public:
    // State updates the frontier DP may spend on one (graph, λ): about a second on one core, as
    // the viewport computes on the GUI thread.
    static constexpr double kMaxUpdates = 2e8;

    // The marginals, or nothing when the graph is too large (error() says why).
    std::optional<std::span<const float>> get(const Graph& graph, double lambda);
    const std::string& error() const { return error_; }

  private:
    std::optional<std::uint64_t> graph_hash_;
    double lambda_ = 0;
    bool ok_ = false;
    std::vector<float> values_;
    std::string error_;
};

}  // namespace dimerlab::render
