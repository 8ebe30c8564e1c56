#pragma once
// One replica of the thermodynamic-integration estimator with the exact control variate
// (docs/algorithms.md §5.6).
#include <cstdint>
#include <span>
#include <vector>

#include "counting/approx/paired_product.hpp"
#include "counting/approx/ti_path.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// One Glauber chain walks the path's nodes upward from the empty matching. At node k (activity
// λ_k) it records |M| and F (free_edge_weight: Σ w_e on a weighted graph) once per spacing; the node's
// estimate of E|M| is the mean of Y = a_k |M| + (1 - a_k) λ_k F, unbiased for every fixed a_k since E|M| = λ
// E[F]. log_z = path.log_z_bottom + Σ_k w_k Ȳ_k; unit_variance[k] is w_k² N_k Var(Ȳ_k) by batch means;
// node_moments holds what the next mixing is chosen from. Throws CountCancelled.
ReplicaRun run_ti_control_variate(const Graph& graph, const TiPath& path, std::uint64_t seed,
                                  const ReplicaControl& control);

// The same replicas, one per chain of an ensemble (fresh: update 0, λ = the first node's, empty
// starts), advanced together and F counted by the ensemble's backend (on the device for CUDA; an
// unweighted count, so estimate_log_z runs weighted graphs on CPU replicas instead):
// chain k of an ensemble seeded s equals run_ti_control_variate with seed s + k bit for bit.
std::vector<ReplicaRun> run_ti_control_variate_ensemble(const Graph& graph, const TiPath& path,
                                                        SamplerEnsemble& ensemble,
                                                        const ReplicaControl& control);

// The a minimising Var(a X + (1 - a) T) for unit variances var_x, var_t and covariance cov
// (1/2 when the two are indistinguishable), clamped to [-1, 2].
double best_mixing(double var_x, double covariance, double var_t);

// Var(a X + (1 - a) T) from the same moments.
double mixed_variance(double a, double var_x, double covariance, double var_t);

}  // namespace dimerlab
