#include "counting/exact/torus_transfer.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <future>
#include <string>
#include <vector>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

std::uint32_t rotate(std::uint32_t s, std::uint32_t by, std::uint32_t w) {
    const std::uint32_t full = (1u << w) - 1;
    return by == 0 ? s : (((s << by) | (s >> (w - by))) & full);
}

std::uint32_t reverse(std::uint32_t s, std::uint32_t w) {
    std::uint32_t r = 0;
    for (std::uint32_t c = 0; c < w; ++c)
        if (s >> c & 1u) r |= 1u << (w - 1 - c);
    return r;
}

// Size of the dihedral orbit of s when s is its smallest member, else 0.
std::uint32_t orbit_if_canonical(std::uint32_t s, std::uint32_t w) {
    std::vector<std::uint32_t> images;
    images.reserve(2 * w);
    const std::uint32_t mirrored = reverse(s, w);
    for (std::uint32_t k = 0; k < w; ++k) {
        const std::uint32_t a = rotate(s, k, w);
        const std::uint32_t b = rotate(mirrored, k, w);
        if (a < s || b < s) return 0;
        images.push_back(a);
        images.push_back(b);
    }
    std::sort(images.begin(), images.end());
    return static_cast<std::uint32_t>(std::unique(images.begin(), images.end()) - images.begin());
}

// ln of the weight of the rows×w cylinder whose wrap edges in `wrap` are occupied (the weight
// λ^|wrap| of those edges excluded) and the other wrap edges absent.
long double cylinder_log_weight(std::uint32_t rows, std::uint32_t w, double lambda, std::uint32_t wrap,
                                std::vector<double>& cur, std::vector<double>& next) {
    const std::size_t states = std::size_t{1} << w;
    std::fill(cur.begin(), cur.end(), 0.0);
    cur[0] = 1;  // nothing above row 0 can take a dimer
    long double log_scale = 0;
    for (std::uint32_t r = 0; r < rows; ++r) {
        const bool end_row = r == 0 || r + 1 == rows;
        for (std::uint32_t c = 0; c < w; ++c) {
            std::fill(next.begin(), next.end(), 0.0);
            const std::size_t bit = std::size_t{1} << c;
            const std::size_t left = c > 0 ? std::size_t{1} << (c - 1) : 0;
            const bool wraps = c + 1 == w;  // (r, w-1) – (r, 0); bit 0 is (r, 0) by now
            if (end_row && (wrap >> c & 1u)) {
                // (r, c) holds a wrap dimer: nothing else may match it, and the vertex above it
                // (bit c) retires unmatched.
                for (std::size_t p = 0; p < states; ++p)
                    if (cur[p] != 0) next[p & ~bit] += cur[p];
            } else {
                for (std::size_t p = 0; p < states; ++p) {
                    const double v = cur[p];
                    if (v == 0) continue;
                    const std::size_t base = p & ~bit;
                    next[base | bit] += v;                                              // unmatched for now
                    if (p & bit) next[base] += lambda * v;                              // with the one above
                    if (p & left) next[base & ~left] += lambda * v;                     // with the left one
                    if (wraps && (p & 1u)) next[base & ~std::size_t{1}] += lambda * v;  // around the row
                }
            }
            cur.swap(next);
        }
        const double top = *std::max_element(cur.begin(), cur.end());
        for (double& x : cur) x /= top;
        log_scale += std::log(static_cast<long double>(top));
    }
    long double total = 0;
    for (double x : cur) total += x;
    return log_scale + std::log(total);
}

}  // namespace

TorusLogZ torus_log_z(std::uint32_t rows, std::uint32_t cols, long double lambda, unsigned threads) {
    if (rows < 3 || cols < 3) throw InputError("torus sides must be at least 3");
    if (!(lambda > 0) || !std::isfinite(lambda)) throw InputError("lambda must be a positive number");
    TorusLogZ out;
    out.ring = std::min(rows, cols);
    const std::uint32_t length = std::max(rows, cols);
    const std::uint32_t w = out.ring;
    if (w > 20)
        throw InfeasibleError("the torus transfer matrix needs 2^" + std::to_string(w) +
                              " profile states per wrap-edge set; the shorter side must be at most 20");
    std::vector<std::uint32_t> classes;
    std::vector<std::uint32_t> orbit;
    for (std::uint32_t s = 0; s < (1u << w); ++s) {
        if (const std::uint32_t k = orbit_if_canonical(s, w)) {
            classes.push_back(s);
            orbit.push_back(k);
        }
    }
    out.boundary_classes = classes.size();
    // ln of each class's total weight: orbit size · λ^|S| · cylinder weight.
    std::vector<long double> terms(classes.size());
    std::atomic<std::size_t> next_class{0};
    const auto worker = [&] {
        std::vector<double> cur(std::size_t{1} << w);
        std::vector<double> next(cur.size());
        for (std::size_t i = next_class++; i < classes.size(); i = next_class++) {
            terms[i] = std::log(static_cast<long double>(orbit[i])) +
                       std::popcount(classes[i]) * std::log(lambda) +
                       cylinder_log_weight(length, w, static_cast<double>(lambda), classes[i], cur, next);
        }
    };
    std::vector<std::future<void>> futures;
    for (unsigned t = 0; t < std::max(1u, threads); ++t)
        futures.push_back(std::async(std::launch::async, worker));
    for (auto& f : futures) f.get();
    const long double top = *std::max_element(terms.begin(), terms.end());
    long double sum = 0;
    for (long double t : terms) sum += std::exp(t - top);
    out.log_z = top + std::log(sum);
    return out;
}

}  // namespace dimerlab
