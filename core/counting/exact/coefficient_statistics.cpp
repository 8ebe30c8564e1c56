#include "counting/exact/coefficient_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dimerlab::exact_detail {

CoefficientStatistics coefficient_statistics(const std::vector<double>& log_coefficients, double lambda) {
    std::vector<double> w(log_coefficients.size());
    double top = -std::numeric_limits<double>::infinity();
    const double log_lambda = std::log(lambda);
    for (std::size_t k = 0; k < w.size(); ++k) {
        w[k] = log_coefficients[k] + double(k) * log_lambda;
        top = std::max(top, w[k]);
    }
    double sum = 0, first = 0;
    for (std::size_t k = 0; k < w.size(); ++k) {
        w[k] = std::exp(w[k] - top);
        sum += w[k];
        first += double(k) * w[k];
    }
    CoefficientStatistics s;
    s.log_z = top + std::log(sum);
    s.mean = first / sum;
    // Two passes: E[(k - mean)²] avoids the cancellation of E[k²] - mean² on large graphs.
    double second = 0;
    for (std::size_t k = 0; k < w.size(); ++k) second += (double(k) - s.mean) * (double(k) - s.mean) * w[k];
    s.variance = second / sum;
    return s;
}

}  // namespace dimerlab::exact_detail
