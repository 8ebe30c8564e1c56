#pragma once
// Exact matching polynomial Z(G, λ) = Σ_k m_k λ^k with big-integer coefficients (docs/algorithms.md §4).
#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct MatchingPolynomial {
    std::vector<mpz_class> coefficients;  // m_0 = 1, m_1 = m, ..., m_k = number of k-edge matchings
    std::string method;                   // "closed-form:path", "frontier", "vertex-recursion", ...

    // ln Z at λ > 0 in double precision (log-sum-exp over the coefficients, no overflow).
    double log_z(double lambda) const;
    // E|M| and Var|M| under π_λ, from the coefficients.
    double mean_dimers(double lambda) const;
    double variance_dimers(double lambda) const;

    // Z at a rational λ, exactly (Horner in mpq).
    mpq_class z(const mpq_class& lambda) const;
    // Hosoya index Z(G, 1).
    mpz_class total() const;
};

// Which method exact_matching_polynomial uses; `automatic` picks as described below.
enum class ExactMethod { automatic, closed_form, frontier, vertex_recursion };

struct ExactOptions {
    // Refuse (InfeasibleError) when the estimated cost exceeds these.
    std::uint64_t max_states = 1ull << 22;  // frontier states held at once
    std::uint64_t max_bytes = 4ull << 30;   // memory for the states and their coefficients
    ExactMethod method = ExactMethod::automatic;
    // Worker threads for the frontier DP's big-integer additions; 0: the machine's cores (at most
    // 8). The additions are memory-bound, so more threads only pay on machines with idle bandwidth.
    unsigned threads = 1;
    // Graph name used in messages; empty: graph.spec(), or "this graph".
    std::string name;
};

// Chooses a method (closed form when the graph is recognised, frontier DP otherwise, memoised
// vertex recursion for small dense graphs), estimates its cost first, and throws InfeasibleError
// with the estimate and a hint to use --epsilon when it is too large. Disconnected graphs are
// split into components whose polynomials are multiplied.
MatchingPolynomial exact_matching_polynomial(const Graph& graph, const ExactOptions& options = {});

}  // namespace dimerlab
