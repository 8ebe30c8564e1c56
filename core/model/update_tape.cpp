#include "model/update_tape.hpp"

#include <cmath>
#include <limits>

namespace dimerlab {

std::uint64_t heat_bath_threshold(double lambda) {
    if (!(lambda >= 0)) return 0;
    if (std::isinf(lambda)) return 1ull << 32;
    const long double p = static_cast<long double>(lambda) / (1.0L + static_cast<long double>(lambda));
    const long double scaled = std::floor(p * 4294967296.0L);
    if (scaled >= 4294967296.0L) return 1ull << 32;
    return static_cast<std::uint64_t>(scaled);
}

double effective_lambda(std::uint64_t threshold) {
    if (threshold >= (1ull << 32)) return std::numeric_limits<double>::infinity();
    return static_cast<double>(threshold) / static_cast<double>((1ull << 32) - threshold);
}

}  // namespace dimerlab
