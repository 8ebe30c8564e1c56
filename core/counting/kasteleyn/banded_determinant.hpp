#pragma once
// Determinants of sparse ±1 matrices whose rows and columns are ordered to keep them banded
// (KasteleynMatrix): Gaussian elimination that keeps each row as one dense span from its first
// to its last non-zero, so the work is about size · bandwidth², not size³.
#include <cstdint>
#include <span>

#include "counting/kasteleyn/kasteleyn_matrix.hpp"

namespace dimerlab {

struct ModularDeterminant {
    std::uint64_t value = 0;      // det K mod p, in [0, p)
    std::uint32_t bandwidth = 0;  // the widest row span the elimination met
};

// For a prime p < 2^62. With `magnitude` (one per entry, already reduced mod p), entry i is
// sign[i] · magnitude[i], the integer edge weights of a weighted count; without it, sign[i].
ModularDeterminant determinant_mod_prime(const KasteleynMatrix& k, std::uint64_t p,
                                         std::span<const std::uint64_t> magnitude = {});

}  // namespace dimerlab
