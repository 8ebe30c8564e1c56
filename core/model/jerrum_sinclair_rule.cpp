#include "model/jerrum_sinclair_rule.hpp"

#include <cmath>
#include <limits>

#include "model/lambda_record.hpp"

namespace dimerlab {
namespace {

constexpr std::uint64_t kTwo32 = 1ull << 32;

// floor(x 2^32) clamped to [0, 2^32], in long double so that x = 1 gives exactly 2^32.
std::uint64_t scaled_probability(long double x) {
    const long double scaled = std::floor(x * 4294967296.0L);
    if (scaled >= 4294967296.0L) return kTwo32;
    if (scaled <= 0) return 0;
    return static_cast<std::uint64_t>(scaled);
}

}  // namespace

JsThresholds jerrum_sinclair_thresholds(double lambda) {
    check_lambda(lambda);
    return jerrum_sinclair_thresholds_at(lambda);
}

JsThresholds jerrum_sinclair_thresholds_at(long double activity) {
    return {scaled_probability(activity), scaled_probability(1.0L / activity)};
}

std::uint64_t jerrum_sinclair_slide_threshold(double w_new, double w_old) {
    return scaled_probability(static_cast<long double>(w_new) / static_cast<long double>(w_old));
}

double jerrum_sinclair_effective_lambda(const JsThresholds& thr) {
    if (thr.remove == 0) return std::numeric_limits<double>::infinity();
    return static_cast<double>(static_cast<long double>(thr.add) / static_cast<long double>(thr.remove));
}

}  // namespace dimerlab
