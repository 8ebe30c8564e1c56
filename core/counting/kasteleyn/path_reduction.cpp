#include "counting/kasteleyn/path_reduction.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <thread>

#include "counting/kasteleyn/dense_determinant.hpp"
#include "counting/kasteleyn/montgomery_field.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {

namespace {

// The drawing direction of each entry's edge, in quarter degrees in [0, 720): lattice drawings
// put every edge of one direction in one bucket.
std::vector<std::uint32_t> entry_directions(const KasteleynMatrix& k, const Graph& graph) {
    std::vector<std::uint32_t> out(k.edge.size());
    for (std::size_t i = 0; i < k.edge.size(); ++i) {
        const Edge e = graph.edge(k.edge[i]);
        const Point2 a = graph.layout()[e.u], b = graph.layout()[e.v];
        double angle = std::atan2(double(b.y) - a.y, double(b.x) - a.x);
        if (angle < 0) angle += std::numbers::pi;
        out[i] = static_cast<std::uint32_t>(std::lround(angle / std::numbers::pi * 720.0)) % 720;
    }
    return out;
}

// The reduction whose M0 is the entries in `direction`, when they form a matching without
// alternating cycles.
std::optional<PathReduction> reduction_along(const KasteleynMatrix& k,
                                             const std::vector<std::uint32_t>& direction,
                                             std::uint32_t chosen) {
    PathReduction r;
    r.mate_column.assign(k.size, -1);
    r.mate_row.assign(k.size, -1);
    for (std::uint32_t row = 0; row < k.size; ++row)
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            if (direction[i] != chosen) continue;
            const std::uint32_t col = k.column[i];
            if (r.mate_column[row] >= 0 || r.mate_row[col] >= 0) return std::nullopt;  // not a matching
            r.mate_column[row] = col;
            r.mate_row[col] = row;
        }
    for (std::uint32_t v = 0; v < k.size; ++v) {
        if (r.mate_column[v] < 0) r.free_rows.push_back(v);
        if (r.mate_row[v] < 0) r.free_columns.push_back(v);
    }
    r.paths = static_cast<std::uint32_t>(r.free_rows.size());
    // Arcs row → the mate row of each other matched column in its row; Kahn's algorithm from the
    // rows nothing reaches. A row left over lies on an alternating cycle.
    std::vector<std::uint32_t> indegree(k.size, 0);
    for (std::uint32_t row = 0; row < k.size; ++row) {
        if (r.mate_column[row] < 0) continue;
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            const std::int64_t target = r.mate_row[k.column[i]];
            if (k.column[i] != r.mate_column[row] && target >= 0) ++indegree[target];
        }
    }
    std::vector<std::uint32_t> order;
    for (std::uint32_t row = 0; row < k.size; ++row)
        if (r.mate_column[row] >= 0 && indegree[row] == 0) order.push_back(row);
    for (std::size_t head = 0; head < order.size(); ++head) {
        const std::uint32_t row = order[head];
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            const std::int64_t target = r.mate_row[k.column[i]];
            if (k.column[i] != r.mate_column[row] && target >= 0 && --indegree[target] == 0)
                order.push_back(static_cast<std::uint32_t>(target));
        }
    }
    if (order.size() + r.paths != k.size) return std::nullopt;
    r.back_order.assign(order.rbegin(), order.rend());
    r.direction_degrees = chosen / 4.0;
    return r;
}

}  // namespace

std::optional<PathReduction> reduce_to_paths(const KasteleynMatrix& k, const Graph& graph) {
    if (k.size == 0 || graph.layout().size() != graph.num_vertices()) return std::nullopt;
    const std::vector<std::uint32_t> direction = entry_directions(k, graph);
    std::map<std::uint32_t, std::size_t> count;
    for (std::uint32_t d : direction) ++count[d];
    // Only directions that could cover a fair share of the rows are worth a try.
    std::optional<PathReduction> best;
    for (const auto& [d, n] : count) {
        if (n * 4 < k.size) continue;
        std::optional<PathReduction> r = reduction_along(k, direction, d);
        if (r && (!best || r->paths < best->paths)) best = std::move(r);
    }
    return best;
}

std::vector<mpz_class> path_matrix(const KasteleynMatrix& k, const PathReduction& r) {
    const std::uint32_t n = r.paths;
    std::vector<mpz_class> s(std::size_t(n) * n);
    std::vector<std::int64_t> sink_index(k.size, -1);
    for (std::uint32_t t = 0; t < n; ++t) sink_index[r.free_columns[t]] = t;
    // Column t of S: x = A⁻¹ B e_t by back-substitution in `back_order` (A's diagonal is ±1, so
    // x_row = A_row,row · (B_row,t − Σ A_row,q x_q)), then S e_t = D e_t − C x.
    const auto column = [&](std::uint32_t t, std::vector<mpz_class>& x) {
        for (mpz_class& v : x) v = 0;
        const auto accumulate = [&](std::uint32_t row, mpz_class& acc) {
            acc = 0;
            std::int8_t diagonal = 1;
            for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
                const std::uint32_t col = k.column[i];
                if (static_cast<std::int64_t>(col) == r.mate_column[row]) {
                    diagonal = k.sign[i];
                } else if (r.mate_row[col] >= 0) {
                    const mpz_class& xq = x[r.mate_row[col]];
                    if (xq == 0) continue;
                    if (k.sign[i] > 0)
                        acc -= xq;
                    else
                        acc += xq;
                } else if (sink_index[col] == t) {
                    acc += k.sign[i];
                }
            }
            return diagonal;
        };
        for (const std::uint32_t row : r.back_order)
            if (accumulate(row, x[row]) < 0) x[row] = -x[row];
        for (std::uint32_t si = 0; si < n; ++si) accumulate(r.free_rows[si], s[std::size_t(si) * n + t]);
    };
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    ThreadPool pool(std::min<unsigned>(threads, std::max<std::uint32_t>(n, 1)));
    pool.run_parts(n, pool.size(), [&](unsigned, std::size_t begin, std::size_t end) {
        std::vector<mpz_class> x(k.size);
        for (std::size_t t = begin; t < end; ++t) column(static_cast<std::uint32_t>(t), x);
    });
    return s;
}

std::uint64_t path_determinant_mod_prime(const KasteleynMatrix& k, const PathReduction& r, std::uint64_t p,
                                         std::span<const std::uint64_t> magnitude) {
    const ModField f(p);
    std::vector<std::uint64_t> value(k.column.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::uint64_t m = f.from_plain(magnitude[i]);
        value[i] = k.sign[i] > 0 ? m : f.neg(m);
    }
    const auto entry = [&](std::uint32_t i) { return value[i]; };
    // A's diagonal and its product; then every inverse from one: inverse_i = prefix_{i-1} / prefix_i.
    std::vector<std::uint64_t> diagonal(k.size, 0), inverse(k.size, 0);
    const std::vector<std::uint32_t>& rows = r.back_order;
    for (const std::uint32_t row : rows)
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i)
            if (static_cast<std::int64_t>(k.column[i]) == r.mate_column[row]) diagonal[row] = entry(i);
    std::vector<std::uint64_t> prefix(rows.size() + 1, f.one);
    for (std::size_t j = 0; j < rows.size(); ++j) {
        if (diagonal[rows[j]] == 0) return 0;  // the prime divides a weight of M0: det A ≡ 0
        prefix[j + 1] = f.mul(prefix[j], diagonal[rows[j]]);
    }
    std::uint64_t running = f.inverse(prefix[rows.size()]);
    for (std::size_t j = rows.size(); j-- > 0;) {
        inverse[rows[j]] = f.mul(running, prefix[j]);
        running = f.mul(running, diagonal[rows[j]]);
    }
    const std::uint32_t n = r.paths;
    std::vector<std::int64_t> sink_index(k.size, -1);
    for (std::uint32_t t = 0; t < n; ++t) sink_index[r.free_columns[t]] = t;
    std::vector<std::uint64_t> x(k.size, 0), s(std::size_t(n) * n, 0);
    // Σ over the row's entries other than its M0 one: B's entry in column t, minus A x (or C x).
    const auto accumulate = [&](std::uint32_t row, std::uint32_t t) {
        std::uint64_t acc = 0;
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            const std::uint32_t col = k.column[i];
            if (static_cast<std::int64_t>(col) == r.mate_column[row]) continue;
            if (r.mate_row[col] >= 0) {
                const std::uint64_t xq = x[r.mate_row[col]];
                if (xq != 0) acc = f.sub(acc, f.mul(entry(i), xq));
            } else if (sink_index[col] == t) {
                acc = f.add(acc, entry(i));
            }
        }
        return acc;
    };
    for (std::uint32_t t = 0; t < n; ++t) {
        std::fill(x.begin(), x.end(), 0);
        for (const std::uint32_t row : rows) x[row] = f.mul(accumulate(row, t), inverse[row]);
        for (std::uint32_t si = 0; si < n; ++si)
            s[std::size_t(si) * n + t] = f.to_plain(accumulate(r.free_rows[si], t));
    }
    const std::uint64_t det_s = n == 0 ? 1 % p : dense_determinant_mod_prime(std::move(s), n, p);
    return f.to_plain(f.mul(prefix[rows.size()], f.from_plain(det_s)));
}

}  // namespace dimerlab
