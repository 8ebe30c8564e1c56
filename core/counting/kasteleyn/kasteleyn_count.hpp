#pragma once
// The number of perfect matchings of a drawn planar bipartite graph by Kasteleyn's determinant
// (docs/algorithms.md §4.8): exactly, from determinants modulo enough primes to pass Hadamard's
// bound, combined by the Chinese remainder theorem.
#include <gmpxx.h>

#include <optional>
#include <string>

#include "graph/graph.hpp"

namespace dimerlab {

struct KasteleynCount {
    mpz_class count;           // the number of perfect matchings (0 when there is none); unweighted only
    bool weighted = false;     // a weighted graph: weight_sum holds the answer, count is not computed
    mpq_class weight_sum;      // Σ_M Π_{e∈M} w_e over perfect matchings, exactly (weighted graphs)
    double log_count = 0;      // ln count, or ln weight_sum (minus infinity for none)
    std::string method;        // "kasteleyn-modular-crt" ("kasteleyn-modular-crt-weighted")
    std::string reason_none;   // why there is none, when count is 0
    std::uint32_t primes = 0;  // modular determinants combined
    double hadamard_log2 = 0;  // the bound |det K| ≤ 2^hadamard_log2 that fixed how many
    std::uint32_t matrix_size = 0;
    std::uint32_t forced_dimers = 0;
    std::uint32_t bandwidth = 0;  // the widest row span the elimination met
};

// What the exact count would cost, before it runs: the matrix, how many primes Hadamard's bound
// asks for, the band of the breadth-first order, and about how many multiply-adds the
// eliminations take (primes · rows · (2 · band)², the band at most doubling under pivoting).
struct KasteleynPlan {
    std::uint32_t matrix_size = 0;
    std::uint32_t primes = 0;
    std::uint32_t bandwidth = 0;
    double operations = 0;
};

// Why Kasteleyn's method does not apply (no layout, not bipartite, a crossing drawing, a face
// that is not a simple cycle), or nothing.
std::optional<std::string> kasteleyn_inapplicable(const Graph& graph);

// Throws InputError with the reason when the method does not apply.
KasteleynPlan kasteleyn_plan(const Graph& graph);

// Exact count; on a weighted graph the exact weighted sum: with D the common denominator of the
// weights, the determinant of the matrix of integer weights D·w_e (modulo primes past Hadamard's bound
// for those entries) divided by D^size, times the forced dimers' weights. Throws InputError with
// the reason when the method does not apply, and
// InfeasibleError (with the plan's figures) when the plan needs more than max_operations.
KasteleynCount kasteleyn_count_exact(const Graph& graph, double max_operations = 1e12);

}  // namespace dimerlab
