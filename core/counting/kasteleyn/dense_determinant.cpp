#include "counting/kasteleyn/dense_determinant.hpp"

#include <utility>

#include "counting/kasteleyn/montgomery_field.hpp"

namespace dimerlab {

std::uint64_t dense_determinant_mod_prime(std::vector<std::uint64_t> a, std::uint32_t n, std::uint64_t p) {
    const ModField f(p);
    for (std::uint64_t& x : a) x = f.from_plain(x);
    std::uint64_t det = f.one;
    const auto at = [&](std::uint32_t r, std::uint32_t c) -> std::uint64_t& {
        return a[std::size_t(r) * n + c];
    };
    for (std::uint32_t c = 0; c < n; ++c) {
        std::uint32_t pivot = c;
        while (pivot < n && at(pivot, c) == 0) ++pivot;
        if (pivot == n) return 0;
        if (pivot != c) {
            for (std::uint32_t j = c; j < n; ++j) std::swap(at(pivot, j), at(c, j));
            det = f.neg(det);
        }
        det = f.mul(det, at(c, c));
        const std::uint64_t inverse = f.inverse(at(c, c));
        const std::uint64_t* pivot_row = &at(c, 0);
        for (std::uint32_t r = c + 1; r < n; ++r) {
            std::uint64_t* row = &at(r, 0);
            if (row[c] == 0) continue;
            const std::uint64_t factor = f.mul(row[c], inverse);
            for (std::uint32_t j = c + 1; j < n; ++j) row[j] = f.sub(row[j], f.mul(factor, pivot_row[j]));
        }
    }
    return f.to_plain(det);
}

}  // namespace dimerlab
