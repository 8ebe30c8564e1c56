#include "counting/kasteleyn/kasteleyn_count.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <thread>
#include <vector>

#include "counting/kasteleyn/banded_determinant.hpp"
#include "counting/kasteleyn/kasteleyn_matrix.hpp"
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

// Hadamard: |det K| ≤ Π_rows ‖row‖₂ = Π √(row degree).
double hadamard_log2(const KasteleynMatrix& k) {
    double bits = 0;
    for (std::uint32_t r = 0; r < k.size; ++r)
        bits += 0.5 * std::log2(double(k.row_begin[r + 1] - k.row_begin[r]));
    return bits;
}

// Residues until the modulus exceeds twice the bound (a signed determinant): primes just below
// 2^62, each worth at least 61.99 bits.
std::uint32_t primes_needed(double bound_log2) {
    return static_cast<std::uint32_t>(std::ceil((bound_log2 + 2) / 61.99));
}

KasteleynPlan plan_of(const KasteleynMatrix& k) {
    KasteleynPlan plan;
    plan.matrix_size = k.size;
    plan.primes = k.no_perfect_matching ? 0 : primes_needed(hadamard_log2(k));
    for (std::uint32_t r = 0; r < k.size; ++r)
        if (k.row_begin[r + 1] > k.row_begin[r])
            plan.bandwidth =
                std::max(plan.bandwidth, k.column[k.row_begin[r + 1] - 1] - k.column[k.row_begin[r]] + 1);
    plan.operations =
        double(plan.primes) * double(k.size) * 4.0 * double(plan.bandwidth) * double(plan.bandwidth);
    return plan;
}

}  // namespace

KasteleynPlan kasteleyn_plan(const Graph& graph) {
    return plan_of(matrix_or_throw(graph));
}

std::optional<std::string> kasteleyn_inapplicable(const Graph& graph) {
    if (graph.weighted()) return std::string("Kasteleyn's counts here take unit edge weights");
    KasteleynMatrix k;
    return build_kasteleyn_matrix(graph, k);
}

KasteleynCount kasteleyn_count_exact(const Graph& graph, double max_operations) {
    require_unit_weights(graph, "Kasteleyn's count");
    const KasteleynMatrix k = matrix_or_throw(graph);
    if (k.no_perfect_matching) return none(k, "kasteleyn-modular-crt");
    const KasteleynPlan plan = plan_of(k);
    if (plan.operations > max_operations) {
        std::ostringstream why;
        why << "Kasteleyn's exact count of graph '" << graph.spec() << "' needs " << plan.primes
            << " modular determinants of a " << plan.matrix_size << "-row matrix of band " << plan.bandwidth
            << " (about " << std::setprecision(2) << plan.operations << " multiply-adds)";
        throw InfeasibleError(why.str());
    }
    KasteleynCount out;
    out.method = "kasteleyn-modular-crt";
    out.matrix_size = k.size;
    out.forced_dimers = k.forced_dimers;
    out.hadamard_log2 = hadamard_log2(k);
    std::vector<std::uint64_t> primes;
    for (std::uint64_t candidate = (1ull << 62) - 57; primes.size() < plan.primes; candidate -= 2)
        if (is_prime(candidate)) primes.push_back(candidate);
    // The determinants are independent: the machine's cores take primes in turn. The result does
    // not depend on how many there are.
    std::vector<ModularDeterminant> residues(primes.size());
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
        for (std::size_t i = next++; i < primes.size(); i = next++)
            residues[i] = determinant_mod_prime(k, primes[i]);
    };
    const unsigned threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), 8));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && t < primes.size(); ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    mpz_class modulus = 1, value = 0;
    for (std::size_t i = 0; i < primes.size(); ++i) {
        out.bandwidth = std::max(out.bandwidth, residues[i].bandwidth);
        // value ≡ old (mod modulus), value ≡ r (mod p).
        const mpz_class p = mpz_class(std::to_string(primes[i]));
        const mpz_class residue = mpz_class(std::to_string(residues[i].value));
        mpz_class step = residue - value, inverse;
        mpz_mod(step.get_mpz_t(), step.get_mpz_t(), p.get_mpz_t());
        const mpz_class m_mod = modulus % p;
        mpz_invert(inverse.get_mpz_t(), m_mod.get_mpz_t(), p.get_mpz_t());
        step = step * inverse % p;
        value += modulus * step;
        modulus *= p;
        ++out.primes;
    }
    if (value > modulus / 2) value -= modulus;
    out.count = abs(value);
    if (out.count == 0) {
        out.log_count = -std::numeric_limits<double>::infinity();
        out.reason_none = "the Kasteleyn determinant is 0";
    } else {
        long exponent = 0;
        const double mantissa = mpz_get_d_2exp(&exponent, out.count.get_mpz_t());
        out.log_count = std::log(mantissa) + double(exponent) * std::log(2.0);
    }
    return out;
}

}  // namespace dimerlab
