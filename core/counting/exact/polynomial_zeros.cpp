#include "counting/exact/polynomial_zeros.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <cstddef>

namespace dimerlab {

namespace {

struct Values {
    mpf_class p, d1, d2;  // q(x), q'(x), q''(x)
};

// Horner for q and its first two derivatives; coefficients ascending.
Values evaluate(const std::vector<mpf_class>& c, const mpf_class& x, mp_bitcnt_t bits) {
    Values v{mpf_class(0, bits), mpf_class(0, bits), mpf_class(0, bits)};
    for (std::size_t k = c.size(); k-- > 0;) {
        v.d2 = v.d2 * x + 2 * v.d1;
        v.d1 = v.d1 * x + v.p;
        v.p = v.p * x + c[k];
    }
    return v;
}

// One zero of q (degree n ≥ 1, only real zeros), by Laguerre from x = 0, which lies right of
// every zero: the iteration then moves monotonically to the zero nearest 0.
mpf_class laguerre_zero(const std::vector<mpf_class>& c, mp_bitcnt_t bits) {
    const double n = double(c.size() - 1);
    mpf_class x(0, bits), step(0, bits), g(0, bits), h(0, bits), root(0, bits);
    mpf_class tolerance(0, bits);
    mpf_div_2exp(tolerance.get_mpf_t(), mpf_class(1, bits).get_mpf_t(), bits - 32);
    for (int iteration = 0; iteration < 500; ++iteration) {
        const Values v = evaluate(c, x, bits);
        if (sgn(v.p) == 0) return x;
        g = v.d1 / v.p;
        h = g * g - v.d2 / v.p;
        mpf_class disc = (n - 1) * (n * h - g * g);
        if (sgn(disc) < 0) disc = 0;  // rounding: the exact value is ≥ 0 for real-rooted q
        root = sqrt(disc);
        // The larger denominator: the step toward the nearer zero.
        const mpf_class denominator = (sgn(g) >= 0) ? mpf_class(g + root) : mpf_class(g - root);
        if (sgn(denominator) == 0) break;
        step = n / denominator;
        x -= step;
        if (abs(step) <= tolerance * abs(x)) break;
    }
    return x;
}

// q(x) / (x − r), dropping the remainder; ascending coefficients, from the top (forward).
std::vector<mpf_class> deflate(const std::vector<mpf_class>& c, const mpf_class& r, mp_bitcnt_t bits) {
    const std::size_t n = c.size() - 1;
    std::vector<mpf_class> s(n, mpf_class(0, bits));
    mpf_class carry = c[n];
    for (std::size_t k = n; k-- > 0;) {
        s[k] = carry;
        carry = c[k] + r * carry;
    }
    return s;
}

}  // namespace

std::vector<double> matching_polynomial_zeros(const MatchingPolynomial& p) {
    std::size_t top = p.coefficients.size();
    while (top > 0 && p.coefficients[top - 1] == 0) --top;
    if (top <= 1) return {};
    // Enough bits for the widest coefficient, the degree's accumulated rounding, and a margin.
    std::size_t widest = 0;
    for (std::size_t k = 0; k < top; ++k)
        widest = std::max(widest, mpz_sizeinbase(p.coefficients[k].get_mpz_t(), 2));
    const auto bits = static_cast<mp_bitcnt_t>(256 + 2 * widest + 8 * top);

    std::vector<mpf_class> original;
    for (std::size_t k = 0; k < top; ++k) original.emplace_back(p.coefficients[k], bits);
    std::vector<mpf_class> q = original;
    std::vector<double> zeros;
    while (q.size() > 1) {
        mpf_class r = laguerre_zero(q, bits);
        // Polish on the undeflated polynomial, keeping the step only when it helps (at a
        // multiple zero q' vanishes and Newton would wander).
        for (int i = 0; i < 3; ++i) {
            const Values v = evaluate(original, r, bits);
            if (sgn(v.d1) == 0) break;
            const mpf_class next = r - v.p / v.d1;
            if (abs(evaluate(original, next, bits).p) >= abs(v.p)) break;
            r = next;
        }
        zeros.push_back(r.get_d());
        q = deflate(q, r, bits);
    }
    std::sort(zeros.begin(), zeros.end(), std::greater<>());
    return zeros;
}

double heilmann_lieb_zero_bound(std::uint32_t max_degree) {
    return max_degree >= 2 ? -1.0 / (4.0 * (max_degree - 1.0)) : -1.0;
}

}  // namespace dimerlab
