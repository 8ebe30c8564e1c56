#pragma once
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab::testing {

// Every matching of a small graph as a mate array, by plain recursion over edges (an
// independent method: it shares nothing with the samplers). Refuses graphs with more than
// `limit` matchings by returning an empty vector.
std::vector<MateArray> enumerate_matchings(const Graph& g, std::size_t limit = 1'000'000);

}  // namespace dimerlab::testing
