#include "counting/kasteleyn/banded_determinant.hpp"

#include <algorithm>
#include <vector>

namespace dimerlab {

namespace {

// One row: values over the columns [first, first + values.size()).
template <class T>
struct Span {
    std::uint32_t first = 0;
    std::vector<T> values;
};

// Arithmetic modulo an odd p < 2^62 in Montgomery form (x stands for xR mod p, R = 2^64): a
// product is two 64x64 multiplications and no division, several times faster than a 128-bit
// remainder.
struct ModField {
    std::uint64_t p;
    std::uint64_t neg_inverse;  // -p^-1 mod 2^64
    std::uint64_t one;          // R mod p

    explicit ModField(std::uint64_t prime) : p(prime) {
        std::uint64_t inverse = prime;  // Newton: correct to 3, 6, 12, 24, 48, 96 bits
        for (int i = 0; i < 5; ++i) inverse *= 2 - prime * inverse;
        neg_inverse = ~inverse + 1;
        one = static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << 64) % prime);
    }
    std::uint64_t reduce(unsigned __int128 t) const {
        const std::uint64_t m = static_cast<std::uint64_t>(t) * neg_inverse;
        const auto u = static_cast<std::uint64_t>((t + static_cast<unsigned __int128>(m) * p) >> 64);
        return u >= p ? u - p : u;
    }
    std::uint64_t sub(std::uint64_t a, std::uint64_t b) const { return a >= b ? a - b : a + p - b; }
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
    // a (< p, plain) in Montgomery form: a·R mod p, R mod p being `one`.
    std::uint64_t from_plain(std::uint64_t a) const {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * one % p);
    }
    std::uint64_t to_plain(std::uint64_t a) const { return reduce(a); }
};

// convert(i): entry i's value.
template <class T>
std::vector<Span<T>> spans_of(const KasteleynMatrix& k, auto convert) {
    std::vector<Span<T>> rows(k.size);
    for (std::uint32_t r = 0; r < k.size; ++r) {
        const std::uint32_t b = k.row_begin[r], e = k.row_begin[r + 1];
        if (b == e) continue;
        rows[r].first = k.column[b];
        rows[r].values.assign(k.column[e - 1] - k.column[b] + 1, T(0));
        for (std::uint32_t i = b; i < e; ++i) rows[r].values[k.column[i] - rows[r].first] = convert(i);
    }
    return rows;
}

// Drops leading zeros so that a row's first entry is its first non-zero (an all-zero row keeps
// an empty span).
template <class T>
void trim(Span<T>& row) {
    std::size_t lead = 0;
    while (lead < row.values.size() && row.values[lead] == T(0)) ++lead;
    row.values.erase(row.values.begin(), row.values.begin() + static_cast<std::ptrdiff_t>(lead));
    row.first += static_cast<std::uint32_t>(lead);
}

// The sign of the permutation column → pivot row.
int permutation_sign(const std::vector<std::uint32_t>& pivot_row) {
    std::vector<char> seen(pivot_row.size(), 0);
    int sign = 1;
    for (std::size_t s = 0; s < pivot_row.size(); ++s) {
        if (seen[s]) continue;
        std::size_t length = 0;
        for (std::size_t x = s; !seen[x]; x = pivot_row[x]) {
            seen[x] = 1;
            ++length;
        }
        if (length % 2 == 0) sign = -sign;
    }
    return sign;
}

// Column by column: the rows whose first non-zero is column c are the candidates; `choose`
// picks the pivot among them, every other candidate is reduced by it and re-filed under its new
// first non-zero. `eliminate(target, pivot)` makes target's entry in column c zero.
template <class T, class Choose, class Eliminate, class Pivot>
bool eliminate_banded(std::vector<Span<T>>& rows, Choose choose, Eliminate eliminate, Pivot on_pivot,
                      std::vector<std::uint32_t>& pivot_row, std::uint64_t& bandwidth) {
    const std::uint32_t n = static_cast<std::uint32_t>(rows.size());
    std::vector<std::vector<std::uint32_t>> bucket(n);
    for (std::uint32_t r = 0; r < n; ++r) {
        if (rows[r].values.empty()) return false;
        bucket[rows[r].first].push_back(r);
    }
    pivot_row.assign(n, 0);
    for (std::uint32_t c = 0; c < n; ++c) {
        std::vector<std::uint32_t> candidates;
        candidates.swap(bucket[c]);
        if (candidates.empty()) return false;
        const std::uint32_t p = choose(candidates);
        pivot_row[c] = p;
        on_pivot(rows[p].values.front());
        for (std::uint32_t r : candidates) {
            if (r == p) continue;
            Span<T>& target = rows[r];
            const Span<T>& pivot = rows[p];
            const std::size_t end =
                std::max<std::size_t>(target.first + target.values.size(), pivot.first + pivot.values.size());
            target.values.resize(end - target.first, T(0));
            eliminate(target, pivot);
            trim(target);
            bandwidth = std::max<std::uint64_t>(bandwidth, target.values.size());
            if (target.values.empty()) return false;  // a zero row: singular
            bucket[target.first].push_back(r);
        }
        std::vector<T>().swap(rows[p].values);
    }
    return true;
}

}  // namespace

ModularDeterminant determinant_mod_prime(const KasteleynMatrix& k, std::uint64_t p,
                                         std::span<const std::uint64_t> magnitude) {
    if (k.size == 0) return {1 % p, 0};
    const ModField f(p);
    auto rows = spans_of<std::uint64_t>(k, [&](std::uint32_t i) {
        if (magnitude.empty()) return f.from_sign(k.sign[i]);
        const std::uint64_t m = f.from_plain(magnitude[i]);
        return k.sign[i] > 0 || m == 0 ? m : p - m;
    });
    std::uint64_t det = f.one, bandwidth = 0;
    std::vector<std::uint32_t> pivot_row;
    const bool regular = eliminate_banded<std::uint64_t>(
        rows,
        [&](const std::vector<std::uint32_t>& c) {
            // The shortest candidate keeps the fill lowest.
            return *std::min_element(c.begin(), c.end(), [&](std::uint32_t a, std::uint32_t b) {
                return rows[a].values.size() < rows[b].values.size();
            });
        },
        [&](Span<std::uint64_t>& target, const Span<std::uint64_t>& pivot) {
            const std::uint64_t factor = f.mul(target.values.front(), f.inverse(pivot.values.front()));
            const std::size_t offset = pivot.first - target.first;  // 0: both start at column c
            for (std::size_t i = 0; i < pivot.values.size(); ++i)
                target.values[offset + i] = f.sub(target.values[offset + i], f.mul(factor, pivot.values[i]));
        },
        [&](std::uint64_t pivot) { det = f.mul(det, pivot); }, pivot_row, bandwidth);
    const auto band = static_cast<std::uint32_t>(bandwidth);
    if (!regular) return {0, band};
    det = f.to_plain(det);
    return {permutation_sign(pivot_row) > 0 ? det : (det == 0 ? 0 : p - det), band};
}

}  // namespace dimerlab
