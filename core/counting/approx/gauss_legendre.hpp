#pragma once
// Gauss–Legendre quadrature and its error bound for integrands analytic in a strip
// (docs/algorithms.md §5.6).
#include <cmath>
#include <vector>

namespace dimerlab {

struct QuadratureRule {
    std::vector<double> nodes;    // ascending
    std::vector<double> weights;  // positive, summing to the interval's length
};

// The K-point Gauss–Legendre rule on [a, b], K >= 1 (nodes by Newton's method on P_K from
// Chebyshev-like starting points, to about 1e-15).
QuadratureRule gauss_legendre(unsigned k, double a, double b);

// A bound on |∫_a^b f - Q_K f| for the K-point rule when f is analytic in the strip
// |Im t| < strip_half_width and |f| <= bound(a', b', y) on the part of the strip with
// a' <= Re t <= b' and |Im t| <= y: for the Bernstein ellipse E_ρ of [a, b] inside the strip,
// |error| <= (b - a)/2 · 64 M / (15 (ρ² - 1) ρ^{2(K-1)}) (Trefethen, Approximation Theory and
// Approximation Practice, Thm 19.3, whose (n+1)-point rule is this K = n + 1; scaled from
// [-1, 1]). Minimised over a grid of ellipses.
template <class Bound>
double gauss_legendre_error_bound(unsigned k, double a, double b, double strip_half_width, Bound&& bound);

double gauss_legendre_ellipse_term(unsigned k, double half_length, double rho, double sup);

template <class Bound>
double gauss_legendre_error_bound(unsigned k, double a, double b, double strip_half_width, Bound&& bound) {
    const double h = (b - a) / 2, c = (a + b) / 2;
    double best = 1e300;
    // The ellipse with semi-minor axis y = h (ρ - 1/ρ)/2 and semi-major h (ρ + 1/ρ)/2.
    for (int i = 1; i < 128; ++i) {
        const double y = strip_half_width * i / 128.0;
        const double s = y / h;
        const double rho = s + std::sqrt(s * s + 1);
        const double reach = h * (rho + 1 / rho) / 2;
        const double sup = bound(c - reach, c + reach, y);
        const double e = gauss_legendre_ellipse_term(k, h, rho, sup);
        if (e < best) best = e;
    }
    return best;
}

}  // namespace dimerlab
