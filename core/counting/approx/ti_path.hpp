#pragma once
// The integration path of the thermodynamic-integration estimator (docs/algorithms.md §5.6):
// ln Z(λ) = ln Z(λ_0) + ∫_{ln λ_0}^{ln λ} E_s|M| d(ln s), with λ_0 so small that ln Z(λ_0) is
// bracketed rigorously, and composite Gauss–Legendre nodes in t = ln s whose discretisation
// error is bounded rigorously. Both bounds rest on Heilmann–Lieb: Z(λ) = Π_i (1 + λ/r_i) with
// every r_i > 0, which holds for positive edge weights too (docs/algorithms.md §1.4).
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct TiPath {
    double lambda = 1;
    double lambda_bottom = 0;          // λ_0
    double log_z_bottom = 0;           // the centre of the bracket on ln Z(λ_0)
    double bottom_half_width = 0;      // ln Z(λ_0) lies within this of log_z_bottom
    std::vector<double> node_lambdas;  // e^{t_k}, ascending
    std::vector<double> weights;       // Gauss–Legendre weights in t
    double quadrature_bound = 0;       // |∫ E - Σ w_k E(t_k)| is at most this
    unsigned panels = 0;
    unsigned nodes_per_panel = 0;
};

// Pairs of disjoint edges: the coefficient m_2 of λ² in Z(G, λ); on a weighted graph c_2, the sum
// of w_e w_f over those pairs.
double disjoint_edge_pairs(const Graph& graph);
// c_1, the coefficient of λ: the edge count, or Σ w_e on a weighted graph.
double edge_weight_sum(const Graph& graph);

// A bound on |E_t|M|| for complex t with Re t <= re_max and |Im t| <= im (< π), from the
// factorisation: each root's term 1/(1 + r e^{-t}) is at most e^{Re t}/(r s) and 1/s in
// modulus, s = 1 for |Im t| <= π/2 and sin|Im t| beyond, and Σ 1/r_i = c_1 (`edges`: m, or Σ w_e
// on a weighted graph).
double mean_dimers_complex_bound(double edges, double matching_number_bound, double re_max, double im);

// The path to λ (finite, > 0) for a graph with at least one edge: λ_0 with bracket half-width at
// most `tolerance`, and the fewest Gauss–Legendre nodes (equal panels in t, the same count in
// each) whose error bound is at most `tolerance`.
TiPath plan_ti_path(const Graph& graph, double lambda, double tolerance);

}  // namespace dimerlab
