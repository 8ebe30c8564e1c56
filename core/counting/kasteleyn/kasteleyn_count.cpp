#include "counting/kasteleyn/kasteleyn_count.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "counting/kasteleyn/banded_determinant.hpp"
#include "counting/kasteleyn/dense_determinant.hpp"
#include "counting/kasteleyn/kasteleyn_matrix.hpp"
#include "counting/kasteleyn/path_reduction.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

bool is_prime(std::uint64_t n) {
    if (n < 2) return false;
    for (std::uint64_t p : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull, 17ull, 19ull, 23ull, 29ull, 31ull, 37ull})
        if (n % p == 0) return n == p;
    // Miller–Rabin with these twelve bases is exact below 3.3e24.
    const auto mulmod = [n](std::uint64_t a, std::uint64_t b) {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % n);
    };
    std::uint64_t d = n - 1;
    int s = 0;
    while (d % 2 == 0) {
        d /= 2;
        ++s;
    }
    for (std::uint64_t a : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull, 17ull, 19ull, 23ull, 29ull, 31ull, 37ull}) {
        std::uint64_t x = 1, base = a % n, e = d;
        while (e) {
            if (e & 1) x = mulmod(x, base);
            base = mulmod(base, base);
            e >>= 1;
        }
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int r = 1; r < s && composite; ++r) {
            x = mulmod(x, x);
            if (x == n - 1) composite = false;
        }
        if (composite) return false;
    }
    return true;
}

KasteleynMatrix matrix_or_throw(const Graph& graph) {
    KasteleynMatrix k;
    if (const auto why = build_kasteleyn_matrix(graph, k))
        throw InputError("Kasteleyn's method does not apply to graph '" + graph.spec() + "': " + *why);
    return k;
}

KasteleynCount none(const KasteleynMatrix& k, std::string method) {
    KasteleynCount out;
    out.method = std::move(method);
    out.count = 0;
    out.log_count = -std::numeric_limits<double>::infinity();
    out.reason_none = k.reason_none;
    out.forced_dimers = k.forced_dimers;
    return out;
}

// A weighted graph's matrix entries as integers, row by row: row r's weights n_i/d_i become
// W_i = n_i (D_r/d_i) / G_r with D_r the lcm of the row's denominators and G_r the gcd of the
// results, so det K_w = det K_W · Π_r G_r/D_r. Scaling each row on its own keeps the entries (and so
// Hadamard's bound and the number of primes) as small as the row allows: on hexagon:A,B,C,q=9/10
// the row of a top face at height y needs 10^y, not 10^(B+C). Empty for an unweighted graph.
struct IntegerWeights {
    std::vector<mpz_class> entry;  // W per matrix entry
    mpq_class scale = 1;           // Π_r G_r/D_r
    std::vector<double> row_log2;  // log2 of the row's largest W
    bool empty() const { return entry.empty(); }
};

IntegerWeights integer_weights(const KasteleynMatrix& k, const Graph& graph) {
    IntegerWeights out;
    if (!graph.weighted()) return out;
    std::vector<mpq_class> class_weight;
    for (const ExactWeight& c : graph.weights().classes()) {
        mpq_class q(c.exact, 10);
        q.canonicalize();
        class_weight.push_back(q);
    }
    out.entry.resize(k.edge.size());
    out.row_log2.assign(k.size, 0.0);
    for (std::uint32_t r = 0; r < k.size; ++r) {
        mpz_class denominator = 1, common = 0;
        for (std::uint32_t i = k.row_begin[r]; i < k.row_begin[r + 1]; ++i) {
            const mpq_class& w = class_weight[graph.weights().edge_classes()[k.edge[i]]];
            mpz_lcm(denominator.get_mpz_t(), denominator.get_mpz_t(), w.get_den_mpz_t());
        }
        for (std::uint32_t i = k.row_begin[r]; i < k.row_begin[r + 1]; ++i) {
            const mpq_class& w = class_weight[graph.weights().edge_classes()[k.edge[i]]];
            out.entry[i] = w.get_num() * (denominator / w.get_den());
            mpz_gcd(common.get_mpz_t(), common.get_mpz_t(), out.entry[i].get_mpz_t());
        }
        if (common == 0) common = 1;  // an empty row
        for (std::uint32_t i = k.row_begin[r]; i < k.row_begin[r + 1]; ++i) {
            out.entry[i] /= common;
            long exponent = 0;
            const double mantissa = mpz_get_d_2exp(&exponent, out.entry[i].get_mpz_t());
            out.row_log2[r] = std::max(out.row_log2[r], std::log2(mantissa) + double(exponent));
        }
        out.scale *= mpq_class(common, denominator);
    }
    out.scale.canonicalize();
    return out;
}

// Hadamard: |det K| ≤ Π_rows ‖row‖₂ = Π √(row degree) for ±1 entries; with integer weights
// ‖row‖₂ ≤ √(row degree) · the row's largest W.
double hadamard_log2(const KasteleynMatrix& k, const IntegerWeights& iw) {
    double bits = 0;
    for (std::uint32_t r = 0; r < k.size; ++r) {
        bits += 0.5 * std::log2(double(k.row_begin[r + 1] - k.row_begin[r]));
        if (!iw.empty()) bits += iw.row_log2[r];
    }
    return bits;
}

// Residues until the modulus exceeds twice the bound (a signed determinant): primes just below
// 2^62, each worth at least 61.99 bits.
std::uint32_t primes_needed(double bound_log2) {
    return static_cast<std::uint32_t>(std::ceil((bound_log2 + 2) / 61.99));
}

KasteleynPlan banded_plan_of(const KasteleynMatrix& k, const IntegerWeights& iw, bool weighted) {
    KasteleynPlan plan;
    plan.method = weighted ? "kasteleyn-modular-crt-weighted" : "kasteleyn-modular-crt";
    plan.matrix_size = k.size;
    plan.primes = k.no_perfect_matching ? 0 : primes_needed(hadamard_log2(k, iw));
    for (std::uint32_t r = 0; r < k.size; ++r)
        if (k.row_begin[r + 1] > k.row_begin[r])
            plan.bandwidth =
                std::max(plan.bandwidth, k.column[k.row_begin[r + 1] - 1] - k.column[k.row_begin[r]] + 1);
    plan.operations =
        double(plan.primes) * double(k.size) * 4.0 * double(plan.bandwidth) * double(plan.bandwidth);
    return plan;
}

// The plan, and the path reduction when the plan takes it.
struct Planned {
    KasteleynPlan plan;
    std::optional<PathReduction> paths;
};

Planned plan_of(const KasteleynMatrix& k, const IntegerWeights& iw, const Graph& graph,
                KasteleynRoute route) {
    Planned out{banded_plan_of(k, iw, graph.weighted()), std::nullopt};
    if (route == KasteleynRoute::banded || k.no_perfect_matching) {
        if (route == KasteleynRoute::paths)
            throw std::invalid_argument("the path reduction counts graphs that have a perfect matching");
        return out;
    }
    std::optional<PathReduction> r = reduce_to_paths(k, graph);
    if (!r) {
        if (route == KasteleynRoute::paths)
            throw std::invalid_argument("no drawing direction of '" + graph.spec() +
                                        "' gives an acyclic reference matching");
        return out;
    }
    KasteleynPlan paths = out.plan;
    paths.method =
        graph.weighted() ? "kasteleyn-path-reduction-crt-weighted" : "kasteleyn-path-reduction-crt";
    paths.bandwidth = 0;
    paths.paths = r->paths;
    const double n = r->paths, entries = double(k.column.size());
    // Unweighted: S once in big integers, then one dense elimination per prime. Weighted: S formed
    // anew modulo each prime.
    paths.operations = graph.weighted() ? double(paths.primes) * (n * entries + 2 * entries + n * n * n / 3.0)
                                        : 8.0 * n * entries + double(paths.primes) * n * n * n / 3.0;
    if (route == KasteleynRoute::paths || paths.operations < out.plan.operations) {
        out.plan = paths;
        out.paths = std::move(r);
    }
    return out;
}

// Primes just below 2^62, largest first.
std::vector<std::uint64_t> primes_below_2_62(std::uint32_t count) {
    std::vector<std::uint64_t> primes;
    for (std::uint64_t candidate = (1ull << 62) - 57; primes.size() < count; candidate -= 2)
        if (is_prime(candidate)) primes.push_back(candidate);
    return primes;
}

// residue_of(i) for every prime index i; the determinants are independent, so the machine's cores
// take them in turn. The result does not depend on how many there are. Only the calling thread
// reports progress.
template <class Residue>
std::vector<Residue> residues_in_parallel(std::size_t count,
                                          const std::function<Residue(std::size_t)>& residue_of,
                                          const KasteleynProgress& primes_done) {
    std::vector<Residue> residues(count);
    std::atomic<std::size_t> next{0}, finished{0};
    const auto worker = [&](bool reports) {
        for (std::size_t i = next++; i < count; i = next++) {
            residues[i] = residue_of(i);
            const std::size_t done = ++finished;
            if (reports && primes_done) primes_done(done, count);
        }
    };
    const unsigned threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), 8));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && t < count; ++t) pool.emplace_back(worker, false);
    worker(true);
    for (std::thread& t : pool) t.join();
    if (primes_done) primes_done(count, count);
    return residues;
}

// The integer in (−Π p / 2, Π p / 2] with the given residues (Chinese remainder theorem, Garner's
// order: value ≡ old (mod modulus), value ≡ r (mod p)).
mpz_class combine_residues(const std::vector<std::uint64_t>& primes,
                           const std::vector<std::uint64_t>& residues) {
    mpz_class modulus = 1, value = 0;
    for (std::size_t i = 0; i < primes.size(); ++i) {
        const mpz_class p = mpz_class(std::to_string(primes[i]));
        const mpz_class residue = mpz_class(std::to_string(residues[i]));
        mpz_class step = residue - value, inverse;
        mpz_mod(step.get_mpz_t(), step.get_mpz_t(), p.get_mpz_t());
        const mpz_class m_mod = modulus % p;
        mpz_invert(inverse.get_mpz_t(), m_mod.get_mpz_t(), p.get_mpz_t());
        step = step * inverse % p;
        value += modulus * step;
        modulus *= p;
    }
    if (value > modulus / 2) value -= modulus;
    return value;
}

// Hadamard's bound on S, by rows or by columns, whichever is smaller; −∞ for a zero row or column.
double path_matrix_hadamard_log2(const std::vector<mpz_class>& s, std::uint32_t n) {
    const auto log2_norm = [&](bool by_row, std::uint32_t a) {
        mpz_class square = 0;
        for (std::uint32_t b = 0; b < n; ++b) {
            const mpz_class& x = by_row ? s[std::size_t(a) * n + b] : s[std::size_t(b) * n + a];
            square += x * x;
        }
        if (square == 0) return -std::numeric_limits<double>::infinity();
        long exponent = 0;
        const double mantissa = mpz_get_d_2exp(&exponent, square.get_mpz_t());
        return 0.5 * (std::log2(mantissa) + double(exponent));
    };
    double rows = 0, columns = 0;
    for (std::uint32_t a = 0; a < n; ++a) {
        rows += log2_norm(true, a);
        columns += log2_norm(false, a);
    }
    return std::min(rows, columns);
}

// |det K| on the path route: |det S| (A's diagonal is ±1), from S modulo primes past S's own bound.
mpz_class path_route_determinant(const KasteleynMatrix& k, const PathReduction& r, KasteleynCount& out,
                                 const KasteleynProgress& primes_done) {
    out.paths = r.paths;
    out.path_direction_degrees = r.direction_degrees;
    const std::vector<mpz_class> s = path_matrix(k, r);
    out.hadamard_log2 = path_matrix_hadamard_log2(s, r.paths);
    if (out.hadamard_log2 == -std::numeric_limits<double>::infinity()) return 0;
    const std::vector<std::uint64_t> primes = primes_below_2_62(primes_needed(out.hadamard_log2));
    const auto residues = residues_in_parallel<std::uint64_t>(
        primes.size(),
        [&](std::size_t i) {
            std::vector<std::uint64_t> entries(s.size());
            for (std::size_t e = 0; e < s.size(); ++e)
                entries[e] = mpz_fdiv_ui(s[e].get_mpz_t(), static_cast<unsigned long>(primes[i]));
            return dense_determinant_mod_prime(std::move(entries), r.paths, primes[i]);
        },
        primes_done);
    out.primes = static_cast<std::uint32_t>(primes.size());
    return combine_residues(primes, residues);
}

// ±det K_W on the path route for a weighted graph: S formed modulo each prime from the row-scaled
// integer weights, past Hadamard's bound on K_W.
mpz_class weighted_path_route_determinant(const KasteleynMatrix& k, const PathReduction& r,
                                          const IntegerWeights& iw, std::uint32_t count, KasteleynCount& out,
                                          const KasteleynProgress& primes_done) {
    out.paths = r.paths;
    out.path_direction_degrees = r.direction_degrees;
    out.hadamard_log2 = hadamard_log2(k, iw);
    const std::vector<std::uint64_t> primes = primes_below_2_62(count);
    const auto residues = residues_in_parallel<std::uint64_t>(
        primes.size(),
        [&](std::size_t i) {
            std::vector<std::uint64_t> magnitude(iw.entry.size());
            for (std::size_t e = 0; e < iw.entry.size(); ++e)
                magnitude[e] = mpz_fdiv_ui(iw.entry[e].get_mpz_t(), static_cast<unsigned long>(primes[i]));
            return path_determinant_mod_prime(k, r, primes[i], magnitude);
        },
        primes_done);
    out.primes = static_cast<std::uint32_t>(primes.size());
    return combine_residues(primes, residues);
}

// det K on the banded route, modulo primes past Hadamard's bound on K.
mpz_class banded_route_determinant(const KasteleynMatrix& k, const IntegerWeights& iw, std::uint32_t count,
                                   KasteleynCount& out, const KasteleynProgress& primes_done) {
    out.hadamard_log2 = hadamard_log2(k, iw);
    const std::vector<std::uint64_t> primes = primes_below_2_62(count);
    const auto residues = residues_in_parallel<ModularDeterminant>(
        primes.size(),
        [&](std::size_t i) {
            std::vector<std::uint64_t> magnitude;
            if (!iw.empty()) {
                // Each entry's integer weight modulo this prime (the primes are below 2^62, so they
                // fit an unsigned long here).
                magnitude.resize(iw.entry.size());
                for (std::size_t e = 0; e < iw.entry.size(); ++e)
                    magnitude[e] =
                        mpz_fdiv_ui(iw.entry[e].get_mpz_t(), static_cast<unsigned long>(primes[i]));
            }
            return determinant_mod_prime(k, primes[i], magnitude);
        },
        primes_done);
    std::vector<std::uint64_t> values(primes.size());
    for (std::size_t i = 0; i < primes.size(); ++i) {
        out.bandwidth = std::max(out.bandwidth, residues[i].bandwidth);
        values[i] = residues[i].value;
    }
    out.primes = static_cast<std::uint32_t>(primes.size());
    return combine_residues(primes, values);
}

}  // namespace

KasteleynPlan kasteleyn_plan(const Graph& graph, KasteleynRoute route) {
    const KasteleynMatrix k = matrix_or_throw(graph);
    return plan_of(k, integer_weights(k, graph), graph, route).plan;
}

std::optional<std::string> kasteleyn_inapplicable(const Graph& graph) {
    KasteleynMatrix k;
    return build_kasteleyn_matrix(graph, k);
}

KasteleynCount kasteleyn_count_exact(const Graph& graph, double max_operations, KasteleynRoute route,
                                     const KasteleynProgress& primes_done) {
    const KasteleynMatrix k = matrix_or_throw(graph);
    if (k.no_perfect_matching) {
        KasteleynCount out =
            none(k, graph.weighted() ? "kasteleyn-modular-crt-weighted" : "kasteleyn-modular-crt");
        out.weighted = graph.weighted();
        return out;
    }
    const IntegerWeights iw = integer_weights(k, graph);
    const Planned planned = plan_of(k, iw, graph, route);
    const KasteleynPlan& plan = planned.plan;
    if (plan.operations > max_operations) {
        std::ostringstream why;
        why << "Kasteleyn's exact count of graph '" << graph.spec() << "' needs " << plan.primes
            << " modular determinants of a ";
        if (plan.paths)
            why << plan.paths << "-row path matrix (reduced from " << plan.matrix_size << " rows)";
        else
            why << plan.matrix_size << "-row matrix of band " << plan.bandwidth;
        why << " (about " << std::setprecision(2) << plan.operations << " multiply-adds)";
        throw InfeasibleError(why.str());
    }
    KasteleynCount out;
    out.method = plan.method;
    out.weighted = graph.weighted();
    out.matrix_size = k.size;
    out.forced_dimers = k.forced_dimers;
    const mpz_class value = !planned.paths ? banded_route_determinant(k, iw, plan.primes, out, primes_done)
                            : graph.weighted() ? weighted_path_route_determinant(
                                                     k, *planned.paths, iw, plan.primes, out, primes_done)
                                               : path_route_determinant(k, *planned.paths, out, primes_done);
    const mpz_class magnitude = abs(value);
    const auto log_of = [](const mpz_class& z) {
        long exponent = 0;
        const double mantissa = mpz_get_d_2exp(&exponent, z.get_mpz_t());
        return std::log(mantissa) + double(exponent) * std::log(2.0);
    };
    if (magnitude == 0) {
        out.log_count = -std::numeric_limits<double>::infinity();
        out.reason_none = "the Kasteleyn determinant is 0";
        return out;
    }
    if (!graph.weighted()) {
        out.count = magnitude;
        out.log_count = log_of(magnitude);
        return out;
    }
    // Σ Π w = |det K_W| · Π_r G_r/D_r · Π over the forced dimers of their weights.
    mpq_class sum = mpq_class(magnitude) * iw.scale;
    for (const EdgeId e : k.forced_edges) {
        mpq_class w(graph.weights().exact(e), 10);
        w.canonicalize();
        sum *= w;
    }
    sum.canonicalize();
    out.weight_sum = sum;
    out.log_count = log_of(sum.get_num()) - log_of(sum.get_den());
    return out;
}

namespace {

// The inverse route's plan: primes past Hadamard's bound on K, each costing the X, Y and entry
// passes (paths · entries each), z = M y for every row (paths² · rows) and the inverse of S.
struct PlacementPlan {
    KasteleynMatrix k;
    IntegerWeights iw;
    std::optional<PathReduction> r;
    std::uint32_t primes = 0;
    double operations = 0;
};

PlacementPlan placement_plan(const Graph& graph) {
    PlacementPlan plan{matrix_or_throw(graph), {}, std::nullopt, 0, 0};
    if (plan.k.no_perfect_matching || plan.k.size == 0) return plan;
    plan.iw = integer_weights(plan.k, graph);
    plan.r = reduce_to_paths(plan.k, graph);
    if (!plan.r) return plan;
    plan.primes = primes_needed(hadamard_log2(plan.k, plan.iw));
    const double n = plan.r->paths, entries = double(plan.k.column.size()), rows = plan.k.size;
    plan.operations = double(plan.primes) * (3 * n * entries + n * n * rows + 2 * n * n * n);
    return plan;
}

// Garner's mixed-radix form for a fixed list of primes: value = r_0 + p_0 (t_1 + p_1 (t_2 + ...)),
// folded into one big integer, then taken into (−Π p / 2, Π p / 2].
class Garner {
  public:
    explicit Garner(const std::vector<std::uint64_t>& primes) : primes_(primes) {
        mpz_class product = 1;
        for (std::size_t j = 0; j < primes.size(); ++j) {
            prefix_.push_back(product);
            const std::uint64_t p = primes[j];
            const std::uint64_t m = mpz_fdiv_ui(product.get_mpz_t(), static_cast<unsigned long>(p));
            inverse_.push_back(power(m, p - 2, p));
            product *= static_cast<unsigned long>(p);
        }
        half_ = product / 2;
        modulus_ = product;
    }
    // residue(j): the value modulo primes[j].
    mpz_class combine(const std::function<std::uint64_t(std::size_t)>& residue) const {
        mpz_class v = 0;
        for (std::size_t j = 0; j < primes_.size(); ++j) {
            const std::uint64_t p = primes_[j];
            const std::uint64_t have = mpz_fdiv_ui(v.get_mpz_t(), static_cast<unsigned long>(p));
            const std::uint64_t want = residue(j);
            const std::uint64_t step = mul(want >= have ? want - have : want + p - have, inverse_[j], p);
            if (step) mpz_addmul_ui(v.get_mpz_t(), prefix_[j].get_mpz_t(), static_cast<unsigned long>(step));
        }
        if (v > half_) v -= modulus_;
        return v;
    }

  private:
    static std::uint64_t mul(std::uint64_t a, std::uint64_t b, std::uint64_t p) {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % p);
    }
    static std::uint64_t power(std::uint64_t a, std::uint64_t e, std::uint64_t p) {
        std::uint64_t result = 1 % p;
        for (a %= p; e; e >>= 1, a = mul(a, a, p))
            if (e & 1) result = mul(result, a, p);
        return result;
    }
    std::vector<std::uint64_t> primes_, inverse_;
    std::vector<mpz_class> prefix_;
    mpz_class half_, modulus_;
};

double log_abs(const mpz_class& z) {
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, z.get_mpz_t());
    return std::log(std::abs(mantissa)) + double(exponent) * std::log(2.0);
}

}  // namespace

std::optional<double> kasteleyn_placement_operations(const Graph& graph) {
    const PlacementPlan plan = placement_plan(graph);
    if (!plan.r) return std::nullopt;
    return plan.operations;
}

std::optional<KasteleynPlacement> kasteleyn_placement_by_paths(const Graph& graph, double max_operations,
                                                               const KasteleynProgress& primes_done) {
    const PlacementPlan plan = placement_plan(graph);
    if (!plan.r || plan.operations > max_operations) return std::nullopt;
    const KasteleynMatrix& k = plan.k;
    // Primes for which neither det A nor det S vanishes, until there are enough of them.
    std::vector<std::uint64_t> primes;
    std::vector<PathInverseResidues> residues;
    std::uint64_t candidate = (1ull << 62) - 57;
    while (primes.size() < plan.primes) {
        std::vector<std::uint64_t> batch;
        for (; batch.size() < plan.primes - primes.size() + 4; candidate -= 2)
            if (is_prime(candidate)) batch.push_back(candidate);
        auto found = residues_in_parallel<std::optional<PathInverseResidues>>(
            batch.size(),
            [&](std::size_t i) {
                std::vector<std::uint64_t> magnitude;
                if (!plan.iw.empty()) {
                    magnitude.resize(plan.iw.entry.size());
                    for (std::size_t e = 0; e < magnitude.size(); ++e)
                        magnitude[e] =
                            mpz_fdiv_ui(plan.iw.entry[e].get_mpz_t(), static_cast<unsigned long>(batch[i]));
                }
                return path_inverse_mod_prime(k, *plan.r, batch[i], magnitude);
            },
            primes_done ? KasteleynProgress([&, done_before = primes.size()](std::size_t done, std::size_t) {
                primes_done(std::min<std::size_t>(done_before + done, plan.primes), plan.primes);
            })
                        : KasteleynProgress());
        for (std::size_t i = 0; i < batch.size() && primes.size() < plan.primes; ++i)
            if (found[i]) {
                primes.push_back(batch[i]);
                residues.push_back(std::move(*found[i]));
            }
    }
    const Garner garner(primes);
    const mpz_class det = garner.combine([&](std::size_t j) { return residues[j].det; });
    if (det == 0) return std::nullopt;
    KasteleynPlacement out;
    out.primes = static_cast<std::uint32_t>(primes.size());
    out.paths = plan.r->paths;
    out.operations = plan.operations;
    out.edge.assign(graph.num_edges(), 0.0);
    for (const EdgeId e : k.forced_edges) out.edge[e] = 1.0;
    const double log_det = log_abs(det);
    long det_exponent = 0;
    const double det_mantissa = std::abs(mpz_get_d_2exp(&det_exponent, det.get_mpz_t()));
    for (std::size_t i = 0; i < k.column.size(); ++i) {
        const mpz_class q = garner.combine([&](std::size_t j) { return residues[j].entry[i]; });
        if (q == 0) continue;
        if (sgn(q) != sgn(det) || abs(q) > abs(det))
            throw std::logic_error("Kasteleyn's local statistics gave a ratio outside [0, 1]");
        long exponent = 0;
        const double mantissa = std::abs(mpz_get_d_2exp(&exponent, q.get_mpz_t()));
        out.edge[k.edge[i]] =
            std::ldexp(mantissa / det_mantissa, int(exponent - det_exponent));  // two roundings
    }
    out.log_count = log_det;
    if (graph.weighted()) {
        out.log_count += log_abs(plan.iw.scale.get_num()) - log_abs(plan.iw.scale.get_den());
        for (const EdgeId e : k.forced_edges) out.log_count += std::log(graph.weights().value(e));
    }
    return out;
}

}  // namespace dimerlab
