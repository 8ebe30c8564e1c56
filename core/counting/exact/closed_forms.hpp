#pragma once
// Closed forms of the matching polynomial (docs/algorithms.md §4.4) for graphs recognised from their
// structure (never from the spec string): paths, cycles, stars, complete and complete bipartite
// graphs, and forests by the tree dynamic program.
#include <optional>

#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab {

// The polynomial when g is one of the families above (method "closed-form:<family>"), else none.
std::optional<MatchingPolynomial> closed_form_matching_polynomial(const Graph& g);

// The formulas themselves, usable as test oracles without a Graph.
std::vector<mpz_class> path_polynomial(std::uint32_t n);      // C(n−k, k)
std::vector<mpz_class> cycle_polynomial(std::uint32_t n);     // n/(n−k) C(n−k, k), n ≥ 3
std::vector<mpz_class> complete_polynomial(std::uint32_t n);  // n!/(k!(n−2k)!2^k)
std::vector<mpz_class> complete_bipartite_polynomial(std::uint32_t a, std::uint32_t b);  // C(a,k)C(b,k)k!
std::vector<mpz_class> star_polynomial(std::uint32_t leaves);                            // 1 + leaves·λ

// Tree dynamic program on a forest (docs/algorithms.md §4.4); throws std::invalid_argument on a cycle.
std::vector<mpz_class> forest_polynomial(const Graph& forest);

}  // namespace dimerlab
