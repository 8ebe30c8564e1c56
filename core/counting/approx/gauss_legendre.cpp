#include "counting/approx/gauss_legendre.hpp"

#include <cmath>
#include <numbers>

#include "util/errors.hpp"

namespace dimerlab {

QuadratureRule gauss_legendre(unsigned k, double a, double b) {
    if (k == 0) throw InputError("a Gauss-Legendre rule needs at least one node");
    QuadratureRule rule;
    rule.nodes.resize(k);
    rule.weights.resize(k);
    const double h = (b - a) / 2, c = (a + b) / 2;
    for (unsigned i = 0; i < (k + 1) / 2; ++i) {
        // Root i of P_k from the largest down, refined by Newton on the three-term recurrence.
        double x = std::cos(std::numbers::pi * (i + 0.75) / (k + 0.5));
        double derivative = 1;
        for (int iteration = 0; iteration < 100; ++iteration) {
            double p0 = 1, p1 = x;
            for (unsigned j = 2; j <= k; ++j) {
                const double p2 = ((2.0 * j - 1) * x * p1 - (j - 1.0) * p0) / j;
                p0 = p1;
                p1 = p2;
            }
            derivative = k * (x * p1 - p0) / (x * x - 1);
            const double step = p1 / derivative;
            x -= step;
            if (std::abs(step) < 1e-16) break;
        }
        const double w = 2 / ((1 - x * x) * derivative * derivative);
        rule.nodes[k - 1 - i] = c + h * x;
        rule.nodes[i] = c - h * x;
        rule.weights[k - 1 - i] = rule.weights[i] = h * w;
    }
    return rule;
}

double gauss_legendre_ellipse_term(unsigned k, double half_length, double rho, double sup) {
    // 64 M / (15 (ρ² - 1) ρ^{2(K-1)}): the theorem counts its rules by n = K - 1, the degree of
    // the interpolant. In logs so that large K cannot underflow into a NaN.
    const double log_term =
        std::log(64 * sup / 15) - std::log(rho * rho - 1) - 2.0 * (k - 1.0) * std::log(rho);
    return half_length * std::exp(log_term);
}

}  // namespace dimerlab
