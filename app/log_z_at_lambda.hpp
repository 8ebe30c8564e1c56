#pragma once
// ln Z for the Partition panel at the λ the window runs, λ = ∞ included. At ∞ the dimer model's
// partition function is the number of perfect matchings (Z/λ^(n/2) as λ → ∞), the polynomial's
// top coefficient when it has degree n/2; ln Z itself would be infinite.
#include <cstdint>

#include "counting/exact/matching_polynomial.hpp"

namespace dimerlab::app {

// InputError at λ = ∞ for a graph without a perfect matching (saying how many dimers fit).
double log_z_at_lambda(const MatchingPolynomial& polynomial, std::uint64_t vertices, double lambda);

}  // namespace dimerlab::app
