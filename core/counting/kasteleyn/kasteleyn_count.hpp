#pragma once
// The number of perfect matchings of a drawn planar bipartite graph by Kasteleyn's determinant
// (docs/algorithms.md §4.8): exactly, from determinants modulo enough primes to pass Hadamard's
// bound, combined by the Chinese remainder theorem.
#include <gmpxx.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct KasteleynCount {
    mpz_class count;        // the number of perfect matchings (0 when there is none); unweighted only
    bool weighted = false;  // a weighted graph: weight_sum holds the answer, count is not computed
    mpq_class weight_sum;   // Σ_M Π_{e∈M} w_e over perfect matchings, exactly (weighted graphs)
    double log_count = 0;   // ln count, or ln weight_sum (minus infinity for none)
    std::string method;  // "kasteleyn-modular-crt" or "kasteleyn-path-reduction-crt", "-weighted" on weights
    std::string reason_none;   // why there is none, when count is 0
    std::uint32_t primes = 0;  // modular determinants combined
    double hadamard_log2 = 0;  // the bound |det K| ≤ 2^hadamard_log2 that fixed how many
    std::uint32_t matrix_size = 0;
    std::uint32_t forced_dimers = 0;
    std::uint32_t bandwidth = 0;        // the widest row span the elimination met (banded route)
    std::uint32_t paths = 0;            // the path reduction's matrix size (path route)
    double path_direction_degrees = 0;  // the drawing direction of its reference matching
};

// Which elimination counts: the banded one over the whole matrix, the path reduction
// (path_reduction.hpp, graphs whose drawing has an acyclic reference direction), or whichever the
// plan finds cheaper.
enum class KasteleynRoute { automatic, banded, paths };

// What the exact count would cost, before it runs: the matrix, how many primes Hadamard's bound
// asks for, the band of the breadth-first order, and about how many multiply-adds the
// eliminations take (primes · rows · (2 · band)², the band at most doubling under pivoting).
// On the path route, primes come from Hadamard's bound on K (an unweighted count tightens it on S).
// Unweighted, the operations are the paths' sums (eight multiply-adds for a big-integer addition)
// plus one dense elimination of paths³/3 per prime; weighted, S is formed modulo every prime.
struct KasteleynPlan {
    std::uint32_t matrix_size = 0;
    std::uint32_t primes = 0;
    std::uint32_t bandwidth = 0;
    std::uint32_t paths = 0;  // 0 on the banded route
    double operations = 0;
    std::string method;
};

// Why Kasteleyn's method does not apply (no layout, not bipartite, a crossing drawing, a face
// that is not a simple cycle), or nothing.
std::optional<std::string> kasteleyn_inapplicable(const Graph& graph);

// Throws InputError with the reason when the method does not apply.
KasteleynPlan kasteleyn_plan(const Graph& graph, KasteleynRoute route = KasteleynRoute::automatic);

// Exact count; on a weighted graph the exact weighted sum: each row scaled to integers, the
// determinant of those (modulo primes past Hadamard's bound for them) scaled back, times the forced
// dimers' weights. Throws InputError with the reason when the method (or the route asked for) does
// not apply, and InfeasibleError (with the plan's figures) when the plan needs more than
// max_operations.
// primes_done(done, total), when given, is called on the calling thread as the modular
// determinants finish (at least once, at the end), for a progress line.
using KasteleynProgress = std::function<void(std::size_t done, std::size_t total)>;
KasteleynCount kasteleyn_count_exact(const Graph& graph, double max_operations = 1e12,
                                     KasteleynRoute route = KasteleynRoute::automatic,
                                     const KasteleynProgress& primes_done = {});

// Every edge's placement probability P(e ∈ M) = |K(b,w) K⁻¹(w,b)| (Kenyon's local statistics) on
// the path route: for every entry, K(b,w) times the cofactor of (b, w) modulo primes past
// Hadamard's bound (each is at most |det K| in size), combined by the Chinese remainder theorem
// into exact integers, so each P is the ratio of two exact integers rounded once. Forced dimers
// have P = 1, edges the reduction removed P = 0. Nothing when the path reduction does not apply or
// the plan needs more than max_operations multiply-adds; the graph must have a perfect matching.
struct KasteleynPlacement {
    std::vector<double> edge;  // by edge id
    double log_count = 0;      // ln of the number (weighted sum) of perfect matchings
    std::uint32_t primes = 0, paths = 0;
    double operations = 0;  // the plan's multiply-adds
};
std::optional<KasteleynPlacement> kasteleyn_placement_by_paths(const Graph& graph, double max_operations,
                                                               const KasteleynProgress& primes_done = {});

// The plan's multiply-adds for kasteleyn_placement_by_paths, or nothing where it does not apply.
std::optional<double> kasteleyn_placement_operations(const Graph& graph);

}  // namespace dimerlab
