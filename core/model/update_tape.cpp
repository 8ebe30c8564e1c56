#include "model/update_tape.hpp"

#include <cmath>
#include <limits>

namespace dimerlab {

namespace {

std::uint64_t threshold_of_activity(long double activity) {
    if (!(activity >= 0)) return 0;
    if (std::isinf(activity)) return 1ull << 32;
    const long double p = activity / (1.0L + activity);
    const long double scaled = std::floor(p * 4294967296.0L);
    if (scaled >= 4294967296.0L) return 1ull << 32;
    return static_cast<std::uint64_t>(scaled);
}

}  // namespace

std::uint64_t heat_bath_threshold(double lambda) {
    return threshold_of_activity(static_cast<long double>(lambda));
}

std::uint64_t heat_bath_threshold(double lambda, double weight) {
    return threshold_of_activity(static_cast<long double>(lambda) * static_cast<long double>(weight));
}

double effective_lambda(std::uint64_t threshold) {
    if (threshold >= (1ull << 32)) return std::numeric_limits<double>::infinity();
    return static_cast<double>(threshold) / static_cast<double>((1ull << 32) - threshold);
}

}  // namespace dimerlab
