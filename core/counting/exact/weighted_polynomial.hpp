#pragma once
// The weighted matching polynomial Z(G, λ, w) = Σ_k c_k λ^k, c_k = Σ_{|M|=k} Π_{e∈M} w_e, with exact
// rational coefficients (docs/algorithms.md §1.4). The frontier DP of §4.3 with big-integer values:
// weights are brought to a common denominator D, each step multiplies by the integer D·w_e, and
// c_k is the integer of degree k divided by D^k.
#include <gmpxx.h>

#include <string>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct WeightedMatchingPolynomial {
    std::vector<mpq_class> coefficients;  // c_0 = 1, c_1 = Σ w_e, ...; each in lowest terms
    std::string method;                   // "weighted-frontier"

    // ln Z, E|M| and Var|M| at λ > 0 in double precision, without overflow.
    double log_z(double lambda) const;
    double mean_dimers(double lambda) const;
    double variance_dimers(double lambda) const;
    // Z at a rational λ, exactly.
    mpq_class z(const mpq_class& lambda) const;
};

// ln q for a rational q > 0, without overflow (its parts may have millions of bits).
double log_of_rational(const mpq_class& q);

// Any graph, weighted or not (unit weights give the integer polynomial's coefficients). Throws
// InfeasibleError when the frontier would hold more than options.max_states states.
WeightedMatchingPolynomial weighted_matching_polynomial(const Graph& graph, const ExactOptions& options = {});

}  // namespace dimerlab
