#pragma once
// Arithmetic modulo an odd prime p < 2^62 in Montgomery form (x stands for xR mod p, R = 2^64): a
// product is two 64x64 multiplications and no division, several times faster than a 128-bit
// remainder. Every modular determinant of Kasteleyn's method (banded and dense) uses it.
#include <cstdint>

namespace dimerlab {

struct ModField {
    std::uint64_t p;
    std::uint64_t neg_inverse;  // -p^-1 mod 2^64
    std::uint64_t one;          // R mod p
    std::uint64_t r_squared;    // R² mod p: a plain value times it, reduced, is its Montgomery form

    explicit ModField(std::uint64_t prime) : p(prime) {
        std::uint64_t inverse = prime;  // Newton: correct to 3, 6, 12, 24, 48, 96 bits
        for (int i = 0; i < 5; ++i) inverse *= 2 - prime * inverse;
        neg_inverse = ~inverse + 1;
        one = static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << 64) % prime);
        r_squared = static_cast<std::uint64_t>(static_cast<unsigned __int128>(one) * one % prime);
    }
    std::uint64_t reduce(unsigned __int128 t) const {
        const std::uint64_t m = static_cast<std::uint64_t>(t) * neg_inverse;
        const auto u = static_cast<std::uint64_t>((t + static_cast<unsigned __int128>(m) * p) >> 64);
        return u >= p ? u - p : u;
    }
    std::uint64_t add(std::uint64_t a, std::uint64_t b) const { return a >= p - b ? a - (p - b) : a + b; }
    std::uint64_t sub(std::uint64_t a, std::uint64_t b) const { return a >= b ? a - b : a + p - b; }
    std::uint64_t neg(std::uint64_t a) const { return a == 0 ? 0 : p - a; }
    std::uint64_t mul(std::uint64_t a, std::uint64_t b) const {
        return reduce(static_cast<unsigned __int128>(a) * b);
    }
    std::uint64_t inverse(std::uint64_t a) const {  // Fermat, in Montgomery form throughout
        std::uint64_t result = one, base = a, e = p - 2;
        while (e) {
            if (e & 1) result = mul(result, base);
            base = mul(base, base);
            e >>= 1;
        }
        return result;
    }
    std::uint64_t from_sign(std::int8_t s) const { return s > 0 ? one : p - one; }
    // a (< p, plain) in Montgomery form: a·R mod p, one multiplication by R² and no division.
    std::uint64_t from_plain(std::uint64_t a) const { return mul(a, r_squared); }
    std::uint64_t to_plain(std::uint64_t a) const { return reduce(a); }
};

}  // namespace dimerlab
