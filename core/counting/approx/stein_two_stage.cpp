#include "counting/approx/stein_two_stage.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "counting/approx/replica_interval.hpp"

namespace dimerlab {

std::uint64_t stein_second_stage_size(double first_sd, std::size_t first_count, double epsilon,
                                      double confidence, std::uint64_t min_count) {
    if (first_count < 2) throw std::invalid_argument("Stein's first stage needs two replicas");
    const double t = student_t_quantile(confidence, double(first_count - 1));
    const double wanted = std::ceil((t * first_sd / epsilon) * (t * first_sd / epsilon));
    auto n = static_cast<std::uint64_t>(std::clamp(wanted, double(min_count), 1e15));
    // ceil() of a rounded square can land one short of the bound; step up until it holds.
    while (t * first_sd / std::sqrt(double(n)) > epsilon) ++n;
    return n;
}

SteinInterval stein_interval(std::span<const double> second_stage, double first_sd, std::size_t first_count,
                             double confidence) {
    if (second_stage.empty() || first_count < 2)
        throw std::invalid_argument("stein_interval needs a second stage and two first-stage replicas");
    const double n = double(second_stage.size());
    SteinInterval out;
    for (double v : second_stage) out.mean += v;
    out.mean /= n;
    if (second_stage.size() >= 2) {
        double ss = 0;
        for (double v : second_stage) ss += (v - out.mean) * (v - out.mean);
        out.second_sd = std::sqrt(ss / (n - 1));
    }
    out.half_width = student_t_quantile(confidence, double(first_count - 1)) * first_sd / std::sqrt(n);
    out.lo = out.mean - out.half_width;
    out.hi = out.mean + out.half_width;
    return out;
}

}  // namespace dimerlab
