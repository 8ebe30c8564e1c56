#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab::testing {

// Every matching of a small graph as a mate array, by plain recursion over edges (an
// independent method: it shares nothing with the samplers). Refuses graphs with more than
// `limit` matchings by returning an empty vector.
std::vector<MateArray> enumerate_matchings(const Graph& g, std::size_t limit = 1'000'000);

// The exact Gibbs law π(M) ∝ λ^|M| over every matching, for χ² tests of samplers.
struct GibbsLaw {
    std::vector<MateArray> states;
    std::map<MateArray, std::size_t> index;  // state -> position in `states`
    std::vector<double> probability;
};
GibbsLaw exact_gibbs_law(const Graph& g, double lambda);

}  // namespace dimerlab::testing
