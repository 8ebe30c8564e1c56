#pragma once
// The variance of the height function at chosen points of a weighted Aztec diamond, over
// independent exact samples drawn by generalised shuffling: the measurement that tells the smooth
// (gas) phase of the two-periodic diamond, where it stays bounded as the order grows, from the
// rough phase, where it grows like log N (docs/algorithms.md §1.4).
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct AztecHeightVariance {
    std::vector<double> variance;      // one per probe, of Thurston's height (steps ±1, ∓3)
    std::vector<std::uint32_t> faces;  // the face each probe landed on
    std::uint32_t samples = 0;
};

// `graph` is aztec:N with its layout (weighted or not); each probe (x, y) is a point in units of
// the order, the diamond being |x| + |y| <= 1, and is measured at the lattice face whose centre is
// nearest to (N x, N y). Samples s = 0 .. samples - 1 of `seed`. InputError for a graph that is not
// an Aztec diamond or a probe outside it; InfeasibleError above the weighted shuffle's order limit.
AztecHeightVariance aztec_height_variance(const Graph& graph, const std::vector<Point2>& probes,
                                          std::uint32_t samples, std::uint64_t seed);

}  // namespace dimerlab
