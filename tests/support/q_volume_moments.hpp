#pragma once
// The mean and variance of the volume of a random plane partition in the A×B×C box drawn with
// probability ∝ q^volume, from MacMahon's product Z(q) = Π_{i,j,k} (1 − q^{n+1}) / (1 − q^n),
// n = i+j+k−2: E = q (ln Z)' = Σ f(n) − f(n+1) and Var = q E' = Σ g(n) − g(n+1), with
// f(n) = n q^n / (1 − q^n) and g(n) = n² q^n / (1 − q^n)². An independent reference for the
// weighted samplers: it never looks at a tiling. q ≠ 1.
#include <cmath>

namespace dimerlab::testing {

struct VolumeMoments {
    double mean = 0;
    double variance = 0;
};

inline VolumeMoments q_volume_moments(unsigned a, unsigned b, unsigned c, double q) {
    const auto f = [&](unsigned n) {
        const long double qn = std::pow(static_cast<long double>(q), n);
        return n * qn / (1 - qn);
    };
    const auto g = [&](unsigned n) {
        const long double qn = std::pow(static_cast<long double>(q), n);
        return static_cast<long double>(n) * n * qn / ((1 - qn) * (1 - qn));
    };
    long double mean = 0, variance = 0;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j)
            for (unsigned k = 1; k <= c; ++k) {
                const unsigned n = i + j + k - 2;
                mean += f(n) - f(n + 1);
                variance += g(n) - g(n + 1);
            }
    return {static_cast<double>(mean), static_cast<double>(variance)};
}

}  // namespace dimerlab::testing
