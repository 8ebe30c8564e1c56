#pragma once
// F(M): the edges whose two ends are both unmatched, the edges a dimer could be added on. By the
// pairing of M ∪ {e} with M, E_λ|M| = λ E_λ[F(M)] (docs/algorithms.md §5.6), which makes
// λ F an unbiased twin of |M| for the control variate of the TI estimator.
#include <cstdint>
#include <span>

#include "graph/graph.hpp"

namespace dimerlab {

std::uint64_t free_edge_count(const Graph& graph, std::span<const std::uint32_t> mate);

// F_w(M) = Σ w_e over the same edges: on a weighted graph E_λ|M| = λ E_λ[F_w(M)], since each
// M ∪ {e} weighs λ w_e times M. The count itself when unweighted.
double free_edge_weight(const Graph& graph, std::span<const std::uint32_t> mate);

}  // namespace dimerlab
