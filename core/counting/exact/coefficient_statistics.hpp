#pragma once
// ln Z, E|M| and Var|M| at λ from the logarithms of a matching polynomial's coefficients
// (−inf for a zero coefficient): the one computation behind the integer and the weighted
// polynomials, with terms taken relative to the largest so that nothing overflows.
#include <vector>

namespace dimerlab::exact_detail {

struct CoefficientStatistics {
    double log_z = 0;
    double mean = 0;
    double variance = 0;
};

CoefficientStatistics coefficient_statistics(const std::vector<double>& log_coefficients, double lambda);

}  // namespace dimerlab::exact_detail
