#include "counting/limits/square_lattice_limit.hpp"

#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

// Sites are numbered along the helix; site i touches i−1 (across) and i−W (along the strip), so the
// strip is a square lattice wound on a cylinder with a shift of one site per turn. Before site i
// is added, state bit j says whether site i−W+j is already covered by a dimer (bit 0: i−W, the
// site about to leave the window; bit W−1: i−1). Adding i: leave it uncovered for now (weight 1),
// or cover it by a dimer to i−1 or to i−W when that site is still uncovered (weight λ each).
// The per-site growth rate of the sum over all states is the Perron eigenvalue Λ of this
// operator, and f = ln Λ.
struct HelicalOperator {
    unsigned width;
    double lambda;
    std::uint32_t states() const { return std::uint32_t{1} << width; }
    std::uint32_t top() const { return std::uint32_t{1} << (width - 1); }     // site i after the shift
    std::uint32_t across() const { return std::uint32_t{1} << (width - 2); }  // site i−1 after the shift

    // out = T in, written as a gather so that it runs through memory in order. A new state with
    // its top bit clear came from leaving site i uncovered (old states 2b and 2b+1); one with the
    // top bit set came from a dimer to i−W (old state 2b, bit 0 clear) or, when the across bit is
    // set, from a dimer to i−1 (old states 2b' and 2b'+1 with b' = b without the across bit).
    void apply(const std::vector<double>& in, std::vector<double>& out) const {
        const std::uint32_t half = top();
        for (std::uint32_t b = 0; b < half; ++b) out[b] = in[2 * b] + in[2 * b + 1];
        for (std::uint32_t b = 0; b < half; ++b) {
            const double from_across = (b & across()) ? out[b ^ across()] : 0.0;
            out[half + b] = lambda * (in[2 * b] + from_across);
        }
    }
    // out = Tᵀ in (gather into each old state).
    void apply_transposed(const std::vector<double>& in, std::vector<double>& out) const {
        for (std::uint32_t s = 0; s < states(); ++s) {
            const std::uint32_t base = s >> 1;
            double y = in[base];
            if (!(s & top())) y += lambda * in[base | across() | top()];
            if (!(s & 1u)) y += lambda * in[base | top()];
            out[s] = y;
        }
    }
    // uᵀ T_dimer v: the part of uᵀ T v that places a dimer at the new site.
    double dimer_weight(const std::vector<double>& u, const std::vector<double>& v) const {
        double sum = 0;
        for (std::uint32_t s = 0; s < states(); ++s) {
            const std::uint32_t base = s >> 1;
            double y = 0;
            if (!(s & top())) y += u[base | across() | top()];
            if (!(s & 1u)) y += u[base | top()];
            sum += lambda * y * v[s];
        }
        return sum;
    }
};

double normalise(std::vector<double>& v) {
    const double sum = std::accumulate(v.begin(), v.end(), 0.0);
    for (double& x : v) x /= sum;
    return sum;
}

// Power iteration to the Perron vector. The operator advances one site of a W-site turn, so its
// subdominant eigenvalues can have modulus close to Λ per step; convergence is judged on whole
// turns (W steps), whose growth is Λ^W times (1 + a geometrically decaying correction).
// Returns ln Λ; `v` ends normalised to sum 1.
template <typename Apply>
double perron(Apply apply, unsigned width, std::vector<double>& v, std::uint64_t& iterations) {
    std::vector<double> next(v.size());
    normalise(v);
    double previous = 0;
    int stable = 0;
    constexpr int kMaxTurns = 20000;
    for (int turn = 0; turn < kMaxTurns; ++turn) {
        // One normalisation per turn: Λ^W stays far inside the double range (ln Λ < 6 for λ < 10⁵).
        for (unsigned k = 0; k < width; ++k) {
            apply(v, next);
            v.swap(next);
            ++iterations;
        }
        const double estimate = std::log(normalise(v)) / width;
        // 4e-15: a few rounding errors of a sum over 2^W positive terms.
        if (turn > 0 && std::abs(estimate - previous) <= 4e-15 * std::max(1.0, std::abs(estimate))) {
            if (++stable == 2) return estimate;
        } else {
            stable = 0;
        }
        previous = estimate;
    }
    return previous;  // not reached for any λ the callers use; the value is still the best estimate
}

}  // namespace

SquareLatticeLimit square_lattice_limit_at_width(double lambda, unsigned width) {
    if (!(lambda > 0) || !std::isfinite(lambda))
        throw InputError("square lattice limit: lambda must be finite and > 0, got " +
                         std::to_string(lambda));
    if (width < 2 || width > 24)
        throw InputError("square lattice limit: strip width must be 2..24, got " + std::to_string(width));
    const HelicalOperator op{width, lambda};
    SquareLatticeLimit r;
    r.lambda = lambda;
    r.width = width;
    std::vector<double> right(op.states(), 1.0), left(op.states(), 1.0);
    const double log_perron =
        perron([&](const auto& in, auto& out) { op.apply(in, out); }, width, right, r.iterations);
    perron([&](const auto& in, auto& out) { op.apply_transposed(in, out); }, width, left, r.iterations);
    r.free_energy = log_perron;
    // λ dΛ/dλ = uᵀ T_dimer v / uᵀ v (left u, right v), so the mean number of dimers placed per site,
    // which is E|M|/n, is uᵀ T_dimer v / (Λ uᵀ v); each dimer covers two sites.
    double overlap = 0;
    for (std::uint32_t s = 0; s < op.states(); ++s) overlap += left[s] * right[s];
    r.covered_fraction = 2 * op.dimer_weight(left, right) / (std::exp(log_perron) * overlap);
    return r;
}

ConvergedLatticeLimit square_lattice_limit(double lambda, double tolerance, unsigned min_width,
                                           unsigned max_width) {
    if (min_width < 4 || max_width < min_width)
        throw InputError("square lattice limit: need 4 <= min_width <= max_width");
    using Key = std::tuple<double, double, unsigned, unsigned>;
    static std::mutex mutex;
    static std::map<Key, ConvergedLatticeLimit> cache;
    const Key key{lambda, tolerance, min_width, max_width};
    {
        std::lock_guard lock(mutex);
        if (auto it = cache.find(key); it != cache.end()) return it->second;
    }
    ConvergedLatticeLimit r;
    SquareLatticeLimit narrower = square_lattice_limit_at_width(lambda, min_width - 2);
    for (unsigned w = min_width;; w += 2) {
        r.value = square_lattice_limit_at_width(lambda, w);
        r.free_energy_change = std::abs(r.value.free_energy - narrower.free_energy);
        r.covered_fraction_change = std::abs(r.value.covered_fraction - narrower.covered_fraction);
        if ((r.free_energy_change < tolerance && r.covered_fraction_change < tolerance) || w + 2 > max_width)
            break;
        narrower = r.value;
    }
    std::lock_guard lock(mutex);
    cache.emplace(key, r);
    return r;
}

}  // namespace dimerlab
