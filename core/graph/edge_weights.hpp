#pragma once
// The weight of every edge of a graph: Z(G, λ, w) = Σ_M λ^|M| Π_{e∈M} w_e. Weights are stored as
// classes of equal exact values with one class index per edge, since lattices with periodic
// weights have a handful of values over millions of edges and the samplers' per-edge threshold
// is then a lookup in a table of a few entries.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/exact_weight.hpp"

namespace dimerlab {

class EdgeWeights {
  public:
    // Every weight 1: today's unweighted model, with nothing stored.
    EdgeWeights() = default;
    // One weight per edge, in edge order. When every weight is exactly 1 the result is the
    // unweighted EdgeWeights(), so that such a graph hashes, samples and replays as before.
    explicit EdgeWeights(std::span<const ExactWeight> per_edge);
    // The distinct weights and each edge's index into them (every index < classes.size()); unit when
    // every class is exactly 1.
    EdgeWeights(std::vector<ExactWeight> classes, std::vector<std::uint32_t> edge_class);

    bool unit() const { return classes_.empty(); }
    std::size_t num_edges() const { return edge_class_.size(); }
    // The distinct weights, in order of first appearance, and each edge's index into them.
    const std::vector<ExactWeight>& classes() const { return classes_; }
    const std::vector<std::uint32_t>& edge_classes() const { return edge_class_; }

    double value(std::uint32_t edge) const { return unit() ? 1.0 : classes_[edge_class_[edge]].value; }
    // "1" for unit weights.
    const std::string& exact(std::uint32_t edge) const;
    // The smallest and largest weight (1 and 1 when unit).
    double min_value() const;
    double max_value() const;

  private:
    std::vector<ExactWeight> classes_;
    std::vector<std::uint32_t> edge_class_;
};

}  // namespace dimerlab
