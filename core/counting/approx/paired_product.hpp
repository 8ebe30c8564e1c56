#pragma once
// One replica of the paired product estimator over a fixed λ schedule (docs/algorithms.md §5.3).
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "counting/approx/annealing_schedule.hpp"
#include "counting/approx/pooled_ratio.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// One replica's record at one node of the TI path: the means of |M| and of its twin λ F, and the
// unit (N · Var of the mean, batch means) variances and covariance of the two series. They fix
// each node's control-variate mixing and sample count after the pilot.
struct NodeMoments {
    double mean_dimers = 0;
    double mean_twin = 0;
    double var_dimers = 0;
    double covariance = 0;
    double var_twin = 0;
    double tau_dimers = 1;  // τ_int of the |M| series, in samples: unit variance / plain variance
};

struct ReplicaRun {
    double log_z = 0;
    std::uint64_t updates = 0;
    // Per stage: N_i · Var of that stage's (linearised) contribution to ln Ẑ, autocorrelation
    // included (batch means); 0 where the stage drew no samples. Sizes the next batch, and
    // Σ_i of it over N_i floors the first stage's spread (docs/algorithms.md §5.4).
    std::vector<double> unit_variance;
    // log_z's terms, for pooling across the batch: the paired product's ln ū_i (sign +1) and
    // ln d̄_i (sign -1) for stage i at indices 2i and 2i + 1; vertex reduction's ln p̂_i (sign -1).
    ReplicaTerms terms;
    std::vector<NodeMoments> node_moments;  // TI only, one per node
};

struct ReplicaControl {
    std::uint64_t samples_per_stage = 32;
    // Samples of each stage (λ point or vertex); empty: samples_per_stage everywhere.
    std::span<const std::uint64_t> stage_samples;
    std::uint64_t samples(std::size_t stage) const {
        return stage < stage_samples.size() ? stage_samples[stage] : samples_per_stage;
    }
    // TI only: the weight a_k of |M| in node k's estimate a_k |M| + (1 - a_k) λ_k F, fixed
    // before the run (empty: 1/2 everywhere).
    std::span<const double> mixing;
    std::uint64_t spacing_updates = 1;  // between recorded samples
    std::uint64_t burn_in_updates = 1;  // after each change of λ (or graph)
    // TI only: each node's burn-in, measured by the pilot (empty: burn_in_updates everywhere).
    std::span<const std::uint64_t> node_burn_in;
    std::uint64_t burn_in(std::size_t node) const {
        return node < node_burn_in.size() ? node_burn_in[node] : burn_in_updates;
    }
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<std::uint64_t>* stages_done = nullptr;  // incremented after each stage, if set
    std::atomic<std::uint64_t>* updates_done = nullptr;
};

// One Glauber chain climbs the schedule from the empty matching at λ_0. At each λ_i it records
// |M| and estimates E_{λ_i}[(λ_{i±½}/λ_i)^{|M|}] with λ_{i±½} = √(λ_i λ_{i±1}); then
// Z(λ_i)/Z(λ_{i-1}) = E_{i-1}[(λ_{i-½}/λ_{i-1})^{|M|}] / E_i[(λ_{i-½}/λ_i)^{|M|}].
// Throws CountCancelled.
ReplicaRun run_paired_product(const Graph& graph, const AnnealingSchedule& schedule, std::uint64_t seed,
                              const ReplicaControl& control);

// The same replicas, one per chain of an ensemble (fresh: update 0, λ = schedule.lambdas[0], empty
// starts), advanced together: chain k of an ensemble seeded s equals run_paired_product with seed
// s + k bit for bit, since every backend runs chain k on the tape of s + k. For devices, where
// K chains cost little more than one.
std::vector<ReplicaRun> run_paired_product_ensemble(const Graph& graph, const AnnealingSchedule& schedule,
                                                    SamplerEnsemble& ensemble, const ReplicaControl& control);

}  // namespace dimerlab
