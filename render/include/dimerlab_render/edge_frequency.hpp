#pragma once
// Per edge, the share of the samples (frames shown) in which it held a dimer: the chain's
// empirical estimate of P(e in M), shown beside the exact placement probabilities.
#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::render {

class EdgeFrequency {
  public:
    // Forgets every sample; `edges` fractions of 0 until the first add().
    void reset(std::size_t edges);
    // One sample; ignored when the sizes do not match the graph.
    void add(const Graph& graph, std::span<const std::uint32_t> mate);
    std::span<const float> fractions() const { return fractions_; }
    std::uint64_t samples() const { return samples_; }
    // fractions() minus `exact`, per edge, into `out` (empty on a size mismatch).
    void minus(std::span<const float> exact, std::vector<float>& out) const;

  private:
    std::vector<std::uint64_t> counts_;
    std::vector<float> fractions_;
    std::uint64_t samples_ = 0;
};

}  // namespace dimerlab::render
