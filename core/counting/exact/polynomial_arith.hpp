#pragma once
// Small helpers on polynomials in λ with mpz coefficients (index = power of λ), shared by the
// exact methods.
#include <gmpxx.h>

#include <vector>

namespace dimerlab::exact_detail {

using Poly = std::vector<mpz_class>;

inline void trim(Poly& p) {
    while (p.size() > 1 && p.back() == 0) p.pop_back();
}

inline Poly multiply(const Poly& a, const Poly& b) {
    Poly r(a.size() + b.size() - 1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == 0) continue;
        for (std::size_t j = 0; j < b.size(); ++j)
            mpz_addmul(r[i + j].get_mpz_t(), a[i].get_mpz_t(), b[j].get_mpz_t());
    }
    trim(r);
    return r;
}

// acc += λ^shift · p
inline void add_shifted(Poly& acc, const Poly& p, std::size_t shift) {
    if (acc.size() < p.size() + shift) acc.resize(p.size() + shift);
    for (std::size_t i = 0; i < p.size(); ++i) acc[i + shift] += p[i];
}

}  // namespace dimerlab::exact_detail
