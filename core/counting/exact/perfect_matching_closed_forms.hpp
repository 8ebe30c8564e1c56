#pragma once
// The number of perfect matchings (the partition function at λ = ∞) of the tiling regions whose
// count is known in closed form, for graphs too large for the exact polynomial: the Aztec diamond
// of order N has 2^{N(N+1)/2} domino tilings, and the hexagon with sides a, b, c, a, b, c has
// MacMahon's Π_{i≤a, j≤b, k≤c} (i + j + k − 1)/(i + j + k − 2) lozenge tilings
// (docs/algorithms.md §4.4). Recognised from the graph's spec, which names the region it was built
// from.
#include <optional>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

struct PerfectMatchingCount {
    double log_count = 0;  // ln of the number of perfect matchings
    std::string formula;   // how it was obtained, in words: "2^(N(N+1)/2) (Aztec diamond, N = 200)"
};

// The count when `graph` is an aztec:N or hexagon:A,B,C region (its spec says so), else none.
std::optional<PerfectMatchingCount> closed_form_perfect_matchings(const Graph& graph);
// The same from the spec alone, before the graph is built.
std::optional<PerfectMatchingCount> closed_form_perfect_matchings(const std::string& spec);

// The formulas, as test oracles without a Graph.
double aztec_log_tilings(unsigned order);
double hexagon_log_tilings(unsigned a, unsigned b, unsigned c);

}  // namespace dimerlab
