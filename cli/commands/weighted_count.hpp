#pragma once
// count --exact on a weighted graph: the weighted matching polynomial with exact rational
// coefficients, Z at the exact rational λ (or, at λ = ∞, the weighted sum over perfect matchings).
#include <gmpxx.h>

#include <chrono>
#include <optional>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph.hpp"

namespace dimerlab::cli {

// lambda: nullopt for λ = ∞. Prints JSON (one line) or text; returns the exit status.
int run_weighted_exact_count(const Graph& graph, const std::optional<mpq_class>& lambda,
                             const ExactOptions& options, bool json,
                             std::chrono::steady_clock::time_point start);

}  // namespace dimerlab::cli
