#include "counting/kasteleyn/banded_determinant.hpp"

#include <algorithm>
#include <vector>

#include "counting/kasteleyn/montgomery_field.hpp"

namespace dimerlab {

namespace {

// One row: values over the columns [first, first + values.size()).
template <class T>
struct Span {
    std::uint32_t first = 0;
    std::vector<T> values;
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
