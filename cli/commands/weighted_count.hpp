#pragma once
// count --exact on a weighted graph: the weighted matching polynomial with exact rational
// coefficients, Z at the exact rational λ (or, at λ = ∞, the weighted sum over perfect matchings).
#include <gmpxx.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph.hpp"

namespace dimerlab::cli {

// lambda: nullopt for λ = ∞. Prints JSON (one line) or text; returns the exit status.
int run_weighted_exact_count(const Graph& graph, const std::optional<mpq_class>& lambda,
                             const ExactOptions& options, bool json,
                             std::chrono::steady_clock::time_point start);

// On hexagon:A,B,C,q=Q, the weighted sum z over tilings read as Σ q^volume (the empty box at volume
// 0): adds q_volume_sum and its decimal to `out` and returns the text line; elsewhere adds nothing
// and returns "".
std::string add_q_volume_sum(const Graph& graph, const mpq_class& z, nlohmann::ordered_json& out);

}  // namespace dimerlab::cli
