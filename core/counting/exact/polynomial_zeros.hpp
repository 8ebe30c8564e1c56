#pragma once
// The zeros of the matching polynomial Z(G, λ) = Σ_k m_k λ^k. Heilmann and Lieb proved them all
// real and negative, and for maximum degree Δ ≥ 2 below −1/(4(Δ−1)); the lecture plot shows both.
#include <cstdint>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab {

// Every zero with its multiplicity, nearest to 0 first (so in decreasing order), as doubles.
// Laguerre's method, which converges from any start on a polynomial with only real zeros, run in
// big-float arithmetic wide enough for the coefficients' range, with forward deflation (stable
// for zeros taken in increasing modulus) and a final Newton polish on the undeflated polynomial.
std::vector<double> matching_polynomial_zeros(const MatchingPolynomial& p);

// −1/(4(Δ−1)) for Δ ≥ 2: every zero lies strictly below it. Δ ≤ 1 (no two adjacent edges):
// Z = (1 + λ)^m, every zero is −1, and the bound returned is −1 itself (met, not exceeded).
double heilmann_lieb_zero_bound(std::uint32_t max_degree);

}  // namespace dimerlab
