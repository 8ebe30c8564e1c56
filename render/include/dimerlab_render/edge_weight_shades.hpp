#pragma once
// What the edge-weights colour mode draws (docs/algorithms.md §8): every edge's weight on the
// sequential ramp, on a log scale from the lightest weight (0) to the heaviest (1), so that a
// weight and its inverse sit symmetrically about 1; 0.5 everywhere when every weight is the same.
// The legend's end labels are the exact lightest and heaviest weights.
#include <QString>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::render {

std::vector<float> edge_weight_shades(const Graph& graph);

struct WeightRange {
    QString lightest, heaviest;  // exact texts ("1/2", "3"); both "1" when unweighted
};
WeightRange weight_range(const Graph& graph);

}  // namespace dimerlab::render
