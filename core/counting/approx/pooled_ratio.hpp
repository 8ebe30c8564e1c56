#pragma once
// The estimate of one batch of replicas: each stage's ratio pooled over the replicas before its
// logarithm is taken, with a delete-one-replica jackknife (docs/algorithms.md §5.4).
//
// ln Ẑ is a sum of logs of sample means, ln x̄ with E x̄ = μ. Each log is biased by about
// -Var(x̄)/(2μ²), so a replica's own ln Ẑ_r is off by a fixed amount set by its sample counts,
// and averaging replicas never removes it. Averaging the x̄ of R replicas first divides that
// bias by R, and the jackknife removes the remaining 1/R term.
#include <span>
#include <vector>

namespace dimerlab {

// One replica's terms: ln Ẑ_r = offset + Σ_j sign_j · log_means[j], where log_means[j] is the
// log of a sample mean with the same sample count in every replica of the batch.
struct ReplicaTerms {
    std::vector<double> log_means;
    std::vector<signed char> signs;  // +1, -1, or 0 for a term this replica's method leaves out
};

struct PooledEstimate {
    double pooled = 0;  // offset + Σ_j sign_j ln(mean_r exp(log_means[j]))
    // Jackknife: pseudo-value p_r = R·pooled - (R-1)·(pooled without replica r). Their mean is
    // the estimate (the Jensen bias of `pooled` is O(1/R), theirs O(1/R²)); they behave as R
    // independent replicas of the linearised estimator, so their spread sizes Stein's stages.
    std::vector<double> pseudo_values;
    double estimate = 0;      // mean of the pseudo-values
    double sd = 0;            // sample sd of the pseudo-values (0 for R < 2)
    double replica_mean = 0;  // mean of the replicas' own ln Ẑ_r, for comparison
};

// Throws std::invalid_argument when the replicas' terms do not line up.
PooledEstimate pool_replicas(double offset, std::span<const ReplicaTerms> replicas);

}  // namespace dimerlab
