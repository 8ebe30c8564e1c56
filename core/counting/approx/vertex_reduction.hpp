#pragma once
// One replica of vertex self-reducibility with Rao–Blackwell averages (docs/algorithms.md §5.2).
#include <cstdint>

#include "counting/approx/paired_product.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// Z(G) = Π_i 1/p_i with p_i = π_{G_{i-1}}(v_i unmatched), G_i = G - v_1 - ... - v_i, vertices in
// id order (row-major on grids, which keeps a boundary). p_i is estimated by the mean of
// 1/(1 + λ f_{v_i}(M)) over Glauber samples on G_{i-1}; each stage starts from the previous
// stage's state with v_{i-1}'s dimer removed. Stages whose vertex is already isolated contribute
// p_i = 1 and cost nothing. `stages_done` counts vertices. Throws CountCancelled.
ReplicaRun run_vertex_reduction(const Graph& graph, double lambda, std::uint64_t seed, double spacing_sweeps,
                                double burn_in_sweeps, const ReplicaControl& control);

}  // namespace dimerlab
