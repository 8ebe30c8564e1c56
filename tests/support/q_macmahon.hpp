#pragma once
// MacMahon's q-product: Σ q^volume over the plane partitions in the A×B×C box equals
// Π_{i,j,k} (1 − q^{i+j+k−1}) / (1 − q^{i+j+k−2}), exactly as a rational. An independent reference
// for the weighted counts: it never looks at a tiling.
#include <gmpxx.h>

namespace dimerlab::testing {

inline mpq_class q_macmahon(unsigned a, unsigned b, unsigned c, const mpq_class& q) {
    const auto power = [&](unsigned k) {
        mpq_class p = 1;
        for (unsigned i = 0; i < k; ++i) p *= q;
        return p;
    };
    mpq_class r = 1;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j)
            for (unsigned k = 1; k <= c; ++k) r *= (1 - power(i + j + k - 1)) / (1 - power(i + j + k - 2));
    r.canonicalize();
    return r;
}

}  // namespace dimerlab::testing
