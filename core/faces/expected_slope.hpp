#pragma once
// The slope of the expected height function, face by face (docs/algorithms.md §8, the
// `expected-slope` colour mode). Where the limit shape is flat the slope is zero: the smooth
// ("gas") phase of the two-periodic Aztec diamond is a whole region of slope 0, the frozen
// corners have the largest slope there is, and the rough region lies between, so one exact field
// separates the three phases without sampling.
#include <cstdint>
#include <span>
#include <vector>

#include "faces/height_function.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct FaceSlopes {
    std::vector<double> magnitude;  // |∇E[h]| per face, in height units per drawing unit
    double max = 0;                 // over the faces
};

// `probability`: P(e ∈ M) per edge id of `graph` under a law of perfect matchings. The height
// change into each neighbouring face is the expected step across the shared edge (exact and local:
// nothing is summed along paths), and a face's gradient is the least-squares plane through those
// changes at the neighbours' centres of the drawing; with neighbours on opposite sides that is the
// central difference, so a pattern of period two (the gas's) has slope zero.
FaceSlopes expected_slopes(const Graph& graph, const HeightFunction& height,
                           std::span<const float> probability);

// Per edge id, in [0, 1]: the mean slope of the faces the edge borders over the largest slope (0
// for an edge on no face).
std::vector<float> edge_slope_shares(const Graph& graph, const HeightFunction& height,
                                     const FaceSlopes& slopes);

}  // namespace dimerlab
