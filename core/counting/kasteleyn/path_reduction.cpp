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

// The direction of each entry's edge in the drawing, from its black (row) end to its white
// (column) end, in quarter degrees in [0, 1440): lattice drawings put every edge of one direction
// and orientation in one bucket. On the honeycomb a direction has one orientation; on the square
// lattice the horizontal edges split into those with black on the left and those with white on the
// left, and each half is a staggered brick wall.
std::vector<std::uint32_t> entry_directions(const KasteleynMatrix& k, const Graph& graph) {
    std::vector<std::uint32_t> out(k.edge.size());
    for (std::uint32_t row = 0; row < k.size; ++row) {
        const std::uint32_t begin = k.row_begin[row], end = k.row_begin[row + 1];
        if (begin == end) continue;
        // The row's vertex is the end its edges share (every row has two or more after the
        // forced choices; with one, either end gives a consistent bucket).
        const Edge first = graph.edge(k.edge[begin]);
        VertexId black = first.u;
        if (end - begin > 1) {
            const Edge second = graph.edge(k.edge[begin + 1]);
            black = (first.u == second.u || first.u == second.v) ? first.u : first.v;
        }
        for (std::uint32_t i = begin; i < end; ++i) {
            const Edge e = graph.edge(k.edge[i]);
            const VertexId white = e.u == black ? e.v : e.u;
            const Point2 a = graph.layout()[black], b = graph.layout()[white];
            double angle = std::atan2(double(b.y) - a.y, double(b.x) - a.x);
            if (angle < 0) angle += 2 * std::numbers::pi;
            out[i] = static_cast<std::uint32_t>(std::lround(angle / std::numbers::pi * 720.0)) % 1440;
        }
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
    r.direction_degrees = chosen / 4.0;  // from the black end to the white end
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
        if (n * 4 < k.size) continue;  // a direction of the square lattice covers half the rows
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

namespace {

// One prime's view of the reduction: every entry in Montgomery form (sign · magnitude, or the sign
// alone when there are no magnitudes), A's diagonal inverses and det A. `usable` is false when the
// prime divides a weight of M0 (det A ≡ 0).
struct ModularPairs {
    ModField f;
    std::vector<std::uint64_t> value, inverse;
    std::uint64_t det_a = 0;
    bool usable = true;

    ModularPairs(const KasteleynMatrix& k, const PathReduction& r, std::uint64_t p,
                 std::span<const std::uint64_t> magnitude)
        : f(p), value(k.column.size()), inverse(k.size, 0) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::uint64_t m = magnitude.empty() ? f.one : f.from_plain(magnitude[i]);
            value[i] = k.sign[i] > 0 ? m : f.neg(m);
        }
        // A's diagonal and its product; then every inverse from one: inverse_j = prefix_{j-1} / prefix_j.
        std::vector<std::uint64_t> diagonal(k.size, 0);
        const std::vector<std::uint32_t>& rows = r.back_order;
        for (const std::uint32_t row : rows)
            for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i)
                if (static_cast<std::int64_t>(k.column[i]) == r.mate_column[row]) diagonal[row] = value[i];
        std::vector<std::uint64_t> prefix(rows.size() + 1, f.one);
        for (std::size_t j = 0; j < rows.size(); ++j) {
            if (diagonal[rows[j]] == 0) {
                usable = false;
                return;
            }
            prefix[j + 1] = f.mul(prefix[j], diagonal[rows[j]]);
        }
        det_a = prefix[rows.size()];
        std::uint64_t running = f.inverse(det_a);
        for (std::size_t j = rows.size(); j-- > 0;) {
            inverse[rows[j]] = f.mul(running, prefix[j]);
            running = f.mul(running, diagonal[rows[j]]);
        }
    }
};

}  // namespace

std::uint64_t path_determinant_mod_prime(const KasteleynMatrix& k, const PathReduction& r, std::uint64_t p,
                                         std::span<const std::uint64_t> magnitude) {
    const ModularPairs m(k, r, p, magnitude);
    if (!m.usable) return 0;  // the prime divides a weight of M0: det A ≡ 0
    const ModField& f = m.f;
    const auto entry = [&](std::uint32_t i) { return m.value[i]; };
    const std::vector<std::uint64_t>& inverse = m.inverse;
    const std::vector<std::uint32_t>& rows = r.back_order;
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
    return f.to_plain(f.mul(m.det_a, f.from_plain(det_s)));
}

std::optional<PathInverseResidues> path_inverse_mod_prime(const KasteleynMatrix& k, const PathReduction& r,
                                                          std::uint64_t p,
                                                          std::span<const std::uint64_t> magnitude) {
    const ModularPairs m(k, r, p, magnitude);
    if (!m.usable) return std::nullopt;
    const ModField& f = m.f;
    const std::uint32_t n = r.paths;
    std::vector<std::int64_t> sink_index(k.size, -1), source_index(k.size, -1);
    for (std::uint32_t t = 0; t < n; ++t) {
        sink_index[r.free_columns[t]] = t;
        source_index[r.free_rows[t]] = t;
    }
    // Rows of C-length vectors, one per row of K: X[row] = (A⁻¹B)[the pair of row's M0 column, ·],
    // Y[row] = (C A⁻¹)[·, the pair of row], Z[row] = M Y[row]; S (then M) n × n.
    const std::size_t w = n;
    std::vector<std::uint64_t> x(std::size_t(k.size) * w, 0), y(std::size_t(k.size) * w, 0), s(w * w, 0);
    std::vector<std::uint64_t> acc(w);
    const auto axpy = [&](std::uint64_t a, const std::uint64_t* from) {  // acc -= a · from
        for (std::size_t t = 0; t < w; ++t)
            if (from[t]) acc[t] = f.sub(acc[t], f.mul(a, from[t]));
    };
    // X by back-substitution (reverse topological order), S's rows from the free rows.
    const auto row_pass = [&](std::uint32_t row) {
        std::fill(acc.begin(), acc.end(), 0);
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            const std::uint32_t col = k.column[i];
            if (static_cast<std::int64_t>(col) == r.mate_column[row]) continue;
            if (r.mate_row[col] >= 0)
                axpy(m.value[i], &x[std::size_t(r.mate_row[col]) * w]);
            else
                acc[sink_index[col]] = f.add(acc[sink_index[col]], m.value[i]);
        }
    };
    for (const std::uint32_t row : r.back_order) {
        row_pass(row);
        for (std::size_t t = 0; t < w; ++t) x[std::size_t(row) * w + t] = f.mul(acc[t], m.inverse[row]);
    }
    for (std::uint32_t si = 0; si < n; ++si) {
        row_pass(r.free_rows[si]);
        std::copy(acc.begin(), acc.end(), s.begin() + std::ptrdiff_t(si * w));
    }
    // Y by forward substitution over the columns (topological order): y_j A_jj = C e_j − Σ_{i≠j} y_i A_ij.
    std::vector<std::uint32_t> column_begin(k.size + 1, 0), column_entry(k.column.size()),
        entry_row(k.column.size());
    for (std::uint32_t row = 0; row < k.size; ++row)
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            entry_row[i] = row;
            ++column_begin[k.column[i] + 1];
        }
    for (std::uint32_t c = 0; c < k.size; ++c) column_begin[c + 1] += column_begin[c];
    {
        std::vector<std::uint32_t> fill(column_begin.begin(), column_begin.end() - 1);
        for (std::uint32_t i = 0; i < k.column.size(); ++i) column_entry[fill[k.column[i]]++] = i;
    }
    for (auto it = r.back_order.rbegin(); it != r.back_order.rend(); ++it) {
        const std::uint32_t row = *it, col = static_cast<std::uint32_t>(r.mate_column[row]);
        std::fill(acc.begin(), acc.end(), 0);
        for (std::uint32_t c = column_begin[col]; c < column_begin[col + 1]; ++c) {
            const std::uint32_t i = column_entry[c], other = entry_row[i];
            if (other == row) continue;
            if (r.mate_column[other] >= 0)
                axpy(m.value[i], &y[std::size_t(other) * w]);
            else
                acc[source_index[other]] = f.add(acc[source_index[other]], m.value[i]);
        }
        for (std::size_t t = 0; t < w; ++t) y[std::size_t(row) * w + t] = f.mul(acc[t], m.inverse[row]);
    }
    // M = S⁻¹ by Gauss–Jordan (S's columns are the sinks t, its rows the sources s: M[t][s]).
    std::vector<std::uint64_t> inv(w * w, 0);
    for (std::size_t t = 0; t < w; ++t) inv[t * w + t] = f.one;
    std::uint64_t det_s = f.one;
    for (std::size_t c = 0; c < w; ++c) {
        std::size_t pivot = c;
        while (pivot < w && s[pivot * w + c] == 0) ++pivot;
        if (pivot == w) return std::nullopt;  // p divides det S
        if (pivot != c) {
            for (std::size_t j = 0; j < w; ++j) {
                std::swap(s[pivot * w + j], s[c * w + j]);
                std::swap(inv[pivot * w + j], inv[c * w + j]);
            }
            det_s = f.neg(det_s);
        }
        det_s = f.mul(det_s, s[c * w + c]);
        const std::uint64_t scale = f.inverse(s[c * w + c]);
        for (std::size_t j = 0; j < w; ++j) {
            s[c * w + j] = f.mul(s[c * w + j], scale);
            inv[c * w + j] = f.mul(inv[c * w + j], scale);
        }
        for (std::size_t row = 0; row < w; ++row) {
            if (row == c || s[row * w + c] == 0) continue;
            const std::uint64_t factor = s[row * w + c];
            for (std::size_t j = 0; j < w; ++j) {
                s[row * w + j] = f.sub(s[row * w + j], f.mul(factor, s[c * w + j]));
                inv[row * w + j] = f.sub(inv[row * w + j], f.mul(factor, inv[c * w + j]));
            }
        }
    }
    // inv is S⁻¹ with rows indexed like S's columns... S is sources × sinks, so S⁻¹ is sinks × sources:
    // M[t][s] = inv[t * w + s].
    const auto M = [&](std::size_t t, std::size_t src) { return inv[t * w + src]; };
    const std::uint64_t d = f.mul(m.det_a, det_s);
    PathInverseResidues out;
    out.det = f.to_plain(d);
    out.entry.assign(k.column.size(), 0);
    std::vector<std::uint64_t> z(w);
    for (std::uint32_t row = 0; row < k.size; ++row) {
        const bool matched = r.mate_column[row] >= 0;
        if (matched) {  // z = M y_row: (M Y)[·, the pair of row]
            const std::uint64_t* yr = &y[std::size_t(row) * w];
            for (std::size_t t = 0; t < w; ++t) {
                std::uint64_t sum = 0;
                for (std::size_t src = 0; src < w; ++src)
                    if (yr[src]) sum = f.add(sum, f.mul(M(t, src), yr[src]));
                z[t] = sum;
            }
        }
        for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i) {
            const std::uint32_t col = k.column[i];
            std::uint64_t inverse_entry = 0;  // K⁻¹(col, row)
            if (matched && r.mate_row[col] >= 0) {
                const std::uint64_t* xq = &x[std::size_t(r.mate_row[col]) * w];
                for (std::size_t t = 0; t < w; ++t)
                    if (xq[t]) inverse_entry = f.add(inverse_entry, f.mul(xq[t], z[t]));
                if (static_cast<std::int64_t>(col) == r.mate_column[row])
                    inverse_entry = f.add(inverse_entry, m.inverse[row]);
            } else if (matched) {
                inverse_entry = f.neg(z[sink_index[col]]);
            } else if (r.mate_row[col] >= 0) {
                const std::uint64_t* xq = &x[std::size_t(r.mate_row[col]) * w];
                const std::size_t src = static_cast<std::size_t>(source_index[row]);
                for (std::size_t t = 0; t < w; ++t)
                    if (xq[t]) inverse_entry = f.sub(inverse_entry, f.mul(xq[t], M(t, src)));
            } else {
                inverse_entry =
                    M(static_cast<std::size_t>(sink_index[col]), static_cast<std::size_t>(source_index[row]));
            }
            out.entry[i] = f.to_plain(f.mul(f.mul(m.value[i], inverse_entry), d));
        }
    }
    return out;
}

}  // namespace dimerlab
