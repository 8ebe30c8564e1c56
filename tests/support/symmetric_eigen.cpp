#include "symmetric_eigen.hpp"

#include <algorithm>
#include <cmath>

namespace dimerlab::testing {

std::vector<double> symmetric_eigenvalues(std::vector<double> a, std::size_t n) {
    auto at = [&](std::size_t i, std::size_t j) -> double& { return a[i * n + j]; };
    for (int sweep = 0; sweep < 100; ++sweep) {
        double off = 0;
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) off += at(i, j) * at(i, j);
        }
        if (off < 1e-30) break;
        for (std::size_t p = 0; p < n; ++p) {
            for (std::size_t q = p + 1; q < n; ++q) {
                if (std::abs(at(p, q)) < 1e-300) continue;
                const double theta = (at(q, q) - at(p, p)) / (2 * at(p, q));
                const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
                const double c = 1 / std::sqrt(t * t + 1), s = t * c;
                for (std::size_t k = 0; k < n; ++k) {
                    const double akp = at(k, p), akq = at(k, q);
                    at(k, p) = c * akp - s * akq;
                    at(k, q) = s * akp + c * akq;
                }
                for (std::size_t k = 0; k < n; ++k) {
                    const double apk = at(p, k), aqk = at(q, k);
                    at(p, k) = c * apk - s * aqk;
                    at(q, k) = s * apk + c * aqk;
                }
            }
        }
    }
    std::vector<double> ev(n);
    for (std::size_t i = 0; i < n; ++i) ev[i] = at(i, i);
    std::sort(ev.begin(), ev.end());
    return ev;
}

}  // namespace dimerlab::testing
