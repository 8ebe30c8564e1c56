#pragma once
// ln Z(G, λ) estimated with a confidence interval from independent replicas (docs/algorithms.md §5).
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "counting/approx/approx_method.hpp"
#include "counting/approx/paired_product.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// A snapshot for progress displays. `half_width` is NaN until the first batch of replicas ends.
struct ApproxProgress {
    std::string phase;  // "schedule", "pilot", "first stage", "estimate"
    int attempt = 0;    // 0: the pilot; then the first stage run (a new one each time it is rescaled)
    double stage = 0;   // stages done, averaged over the running replicas
    std::size_t stages = 0;
    std::uint64_t samples_per_stage = 0;
    std::size_t replicas = 0;  // in the running batch
    // The pilot's Student-t half-width; from the first stage on, the half-width the final
    // interval will have (Stein: fixed before the second stage runs).
    double half_width = 0;
    std::uint64_t updates = 0;
    double seconds = 0;
};

// Thrown by estimate_log_z when the cancel flag is set or the progress callback returns false.
class CountCancelled : public std::runtime_error {
  public:
    CountCancelled() : std::runtime_error("approximate count cancelled") {}
};

// Several processes (the ranks of an MPI run) computing one estimate together: every one calls
// estimate_log_z with the same options, runs the replicas r of each batch with r % parts == part,
// and `share` hands every process the runs of all the others (an all-gather), so all of them take
// the same decisions from the same numbers. Replica r runs on the same tape whoever runs it, so
// the result equals the one-process run bit for bit. The transport is the caller's: core has no
// MPI.
struct ReplicaSharing {
    unsigned part = 0;
    unsigned parts = 1;
    // On entry, runs[r] is filled for this process's replicas; on return, for every replica.
    std::function<void(std::vector<ReplicaRun>& runs)> share;
};

struct ApproxOptions {
    double lambda = 1;
    double epsilon = 0.05;     // target half-width of the interval on ln Z
    double confidence = 0.95;  // two-sided level of the Student-t interval
    std::uint64_t seed = 1;
    ApproxMethod method = ApproxMethod::ti_control_variate;
    // Replicas of the pilot and of Stein's first stage (>= 2); the interval has replicas - 1
    // degrees of freedom. The second stage's count follows from the first stage's spread.
    unsigned replicas = 8;
    // Stein's second stage is sized to hold about this many replicas (0: 2 · replicas). More make
    // the first stage a smaller share of the work; the second stage pools its replicas stage by
    // stage, so smaller replicas no longer add a Jensen bias that the average keeps.
    unsigned second_stage_target = 0;
    unsigned threads = 0;  // 0: hardware concurrency, at most `replicas`
    // Samples per stage in the pilot batch, which only sizes the later batches and never forms
    // the reported interval: per stage, the variance of the stage's contribution with its
    // autocorrelation (batch means), pooled over the replicas, sets that stage's sample count.
    std::uint64_t pilot_samples = 128;
    // Sweeps (m updates) between recorded samples and after each change of λ or graph. The
    // interval comes from independent replicas, so these trade work for bias only: correlation
    // between samples of one replica widens the spread of the replicas instead of hiding it.
    double sample_spacing_sweeps = 1.0;
    double burn_in_sweeps = 3.0;
    unsigned tpa_runs = 2;          // TPA runs pooled to learn the schedule
    double stage_curvature = 0.25;  // schedule target for ln(Z(λ_a) Z(λ_b) / Z(√(λ_a λ_b))²)
    int max_attempts = 8;
    // Paired product only. Empty: each replica runs on its own CPU thread. Set: each batch runs
    // as one ensemble of its replicas advanced together (a device runs K chains for little more
    // than one). Both give the same replica values bit for bit; a factory that throws
    // InfeasibleError (no device) falls back to CPU threads with a notice.
    EnsembleFactory ensemble;
    // Set (parts > 1): the replicas are split across processes; each process's threads run its
    // share. Batches then run on CPU threads, not as an ensemble.
    ReplicaSharing sharing;
    std::function<bool(const ApproxProgress&)> progress;  // return false to cancel
    const std::atomic<bool>* cancel = nullptr;
};

struct ApproxResult {
    std::string method;
    std::string backend;  // "cpu-threads", or "ensemble-" + the ensemble's backend name
    std::string notice;   // why a requested ensemble was not used, if it was not
    // Each stage's ratio pooled over the second stage's replicas, jackknifed (pooled_ratio.hpp).
    double log_z = 0;
    double ci_lo = 0;
    double ci_hi = 0;
    double half_width = 0;
    double confidence = 0;
    unsigned replicas = 0;              // in the second stage, whose mean is log_z
    std::vector<double> replica_log_z;  // the second stage's own ln Ẑ_r, one per replica
    double replica_mean_log_z = 0;      // their mean: the estimate before pooling
    // log_z - replica_mean_log_z: the Jensen bias of the replicas' own logs that pooling removed.
    double bias_correction = 0;
    unsigned first_stage_replicas = 0;
    // The larger of the spread of the first stage's jackknife pseudo-values and
    // within_replica_sd: sizes the second stage and the half-width.
    double first_stage_sd = 0;
    double replica_sd = 0;  // the same for the second stage's pseudo-values, for comparison only
    // √(Σ_i v_i / N_i) from the first stage's per-stage batch-means variances; first_stage_sd is
    // never below it.
    double within_replica_sd = 0;
    std::size_t stages = 0;
    std::uint64_t samples_per_stage = 0;       // per replica, mean over the stages
    std::vector<std::uint64_t> stage_samples;  // per replica, per stage
    int attempts = 0;                          // first stages run (more than one after a rescale)
    std::uint64_t updates = 0;                 // every update of every chain, pilot and schedule included
    double seconds = 0;
    // TI only. half_width = statistical_half_width + quadrature_bound + bottom_half_width: the
    // Stein interval's, the Gauss–Legendre error bound's and the ln Z(λ_0) bracket's.
    double statistical_half_width = 0;
    double quadrature_bound = 0;
    double lambda_bottom = 0;
    double bottom_half_width = 0;
    std::vector<double> node_lambdas;
    std::vector<double> node_weights;
    std::vector<double> node_mixing;             // a_k, fixed by the pilot
    std::vector<double> node_burn_in_sweeps;     // each node's burn-in, measured by the pilot
    std::vector<double> node_mean_dimers;        // E|M| at the nodes: the second stage's mean of Y
    std::vector<double> node_mean_dimers_error;  // its standard error over the second stage's replicas
};

// Learns the schedule (paired product), runs a pilot batch of `replicas` independent estimates
// that shapes the per-stage sample counts, then Stein's two-stage procedure
// (stein_two_stage.hpp): a first stage of `replicas` estimates measures their spread, which fixes
// how many fresh estimates the second stage runs; the second stage alone gives log_z and the
// interval, of half-width at most epsilon. Every batch runs on fresh seeds. Throws InputError on
// bad options, InfeasibleError when max_attempts first stages leave the second stage far too
// large, CountCancelled when cancelled.
ApproxResult estimate_log_z(const Graph& graph, const ApproxOptions& options);

// Independent seeds for the chains of one run: splitmix64 of (seed, a, b).
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b);

}  // namespace dimerlab
