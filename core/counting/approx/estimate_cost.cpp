#include "counting/approx/estimate_cost.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

// updates·ε²/n² of grid:8x8 at λ = 1 (§5.5), times 1.16 for the within-replica floor.
constexpr double kWorkPerSquaredSite = 56 * 1.16;
constexpr double kSizeExponent = 0.07;
constexpr double kLambdaSlope = 0.28;
// The control variate's measured runs of §5.6, fitted within a factor of 1.5: updates·ε²/n^1.7
// of about 3 once the floor is taken off (grid:16x16, torus:32x32, grid:64x64 at λ = 1), 2.3 times
// as much at λ = 4 on grid:16x16; the floor
// 18 replicas × 12 nodes × 203 sweeps × 2n edges.
constexpr double kControlVariateWork = 3;
constexpr double kControlVariateExponent = 1.7;
constexpr double kControlVariateLambdaSlope = 0.9;
constexpr double kControlVariateFloorPerVertex = 18 * 12 * 203 * 2;

// Rounded up to two significant digits: 0.0734 → 0.074.
double round_up_two_digits(double x) {
    const double scale = std::pow(10.0, std::floor(std::log10(x)) - 1);
    return std::ceil(x / scale - 1e-9) * scale;
}

}  // namespace

double projected_estimate_updates(std::uint64_t vertices, double lambda, double epsilon,
                                  ApproxMethod method) {
    if (!(epsilon > 0) || !(lambda > 0) || !std::isfinite(lambda))
        throw InputError("estimate cost: need epsilon > 0 and a finite lambda > 0");
    const double n = static_cast<double>(std::max<std::uint64_t>(vertices, 1));
    if (method == ApproxMethod::ti_control_variate) {
        const double statistical = kControlVariateWork * std::pow(n, kControlVariateExponent) *
                                   (1 + kControlVariateLambdaSlope * std::max(0.0, std::log(lambda))) /
                                   (epsilon * epsilon);
        return statistical + kControlVariateFloorPerVertex * n;
    }
    const double c = kWorkPerSquaredSite * std::pow(n / 64, kSizeExponent) *
                     (1 + kLambdaSlope * std::max(0.0, std::log(lambda)));
    return c * n * n / (epsilon * epsilon);
}

EstimateProjection project_estimate(std::uint64_t vertices, double lambda, double epsilon,
                                    double updates_per_second, ApproxMethod method) {
    if (!(updates_per_second > 0))
        throw InputError("estimate cost: the update rate must be > 0, got " +
                         std::to_string(updates_per_second));
    EstimateProjection p;
    p.updates = projected_estimate_updates(vertices, lambda, epsilon, method);
    p.seconds = p.updates / updates_per_second;
    return p;
}

LongEstimateAdvice advise_estimate(std::uint64_t vertices, double lambda, double epsilon,
                                   double updates_per_second, double threshold_seconds, double target_seconds,
                                   double max_epsilon, ApproxMethod method) {
    LongEstimateAdvice a;
    a.projection = project_estimate(vertices, lambda, epsilon, updates_per_second, method);
    a.warn = a.projection.seconds > threshold_seconds;
    if (!a.warn) return a;
    // Start where pure 1/ε² work would meet the target, then step up while the projection (with
    // any floor that does not shrink with ε) is still above it.
    double wanted = round_up_two_digits(epsilon * std::sqrt(a.projection.seconds / target_seconds));
    while (wanted < max_epsilon &&
           project_estimate(vertices, lambda, wanted, updates_per_second, method).seconds > target_seconds)
        wanted = round_up_two_digits(wanted * 1.05);
    a.suggested_epsilon = std::min(max_epsilon, wanted);
    a.suggested = project_estimate(vertices, lambda, a.suggested_epsilon, updates_per_second, method);
    return a;
}

double estimate_seconds_left(double projected_updates, std::uint64_t updates_done, double seconds_so_far) {
    const double done = static_cast<double>(updates_done);
    if (done <= 0 || seconds_so_far <= 0)
        return projected_updates > 0 ? std::numeric_limits<double>::infinity() : 0;
    return std::max(0.0, projected_updates - done) * seconds_so_far / done;
}

}  // namespace dimerlab
