#include "counting/approx/stage_variance.hpp"

#include <algorithm>
#include <cstddef>

namespace dimerlab {

double batch_means_unit_variance(std::span<const double> y, unsigned max_batches, unsigned min_batch) {
    const std::size_t n = y.size();
    const std::size_t batches = std::min<std::size_t>(max_batches, n / std::max(1u, min_batch));
    if (batches < 2) return 0;
    const std::size_t length = n / batches;
    // The first samples are the ones closest to the previous stage's λ: drop the remainder there.
    const std::size_t start = n - batches * length;
    double sum = 0;
    double sum_sq = 0;
    for (std::size_t b = 0; b < batches; ++b) {
        double s = 0;
        for (std::size_t j = 0; j < length; ++j) s += y[start + b * length + j];
        const double mean = s / double(length);
        sum += mean;
        sum_sq += mean * mean;
    }
    const double k = double(batches);
    const double var_of_means = std::max(0.0, (sum_sq - sum * sum / k) / (k - 1));
    return var_of_means * double(length);
}

}  // namespace dimerlab
