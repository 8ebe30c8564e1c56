#pragma once
// ln Z(G, λ) estimated with a confidence interval from independent replicas (science.md §3).
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

enum class ApproxMethod {
    paired_product,    // TPA-learned λ schedule, paired product estimator (science.md §3.3)
    vertex_reduction,  // vertex self-reducibility with Rao–Blackwell averages (§3.2)
};

std::string_view approx_method_name(ApproxMethod method);  // "tpa-paired-product", "vertex-rao-blackwell"
ApproxMethod parse_approx_method(std::string_view text);   // InputError on anything else

// A snapshot for progress displays. `half_width` is NaN until the first batch of replicas ends.
struct ApproxProgress {
    std::string phase;  // "schedule", "pilot", "estimate"
    int attempt = 0;    // 0: the pilot; each later attempt runs fresh replicas
    double stage = 0;   // stages done, averaged over the running replicas
    std::size_t stages = 0;
    std::uint64_t samples_per_stage = 0;
    double half_width = 0;
    std::uint64_t updates = 0;
    double seconds = 0;
};

// Thrown by estimate_log_z when the cancel flag is set or the progress callback returns false.
class CountCancelled : public std::runtime_error {
  public:
    CountCancelled() : std::runtime_error("approximate count cancelled") {}
};

struct ApproxOptions {
    double lambda = 1;
    double epsilon = 0.05;     // target half-width of the interval on ln Z
    double confidence = 0.95;  // two-sided level of the Student-t interval
    std::uint64_t seed = 1;
    ApproxMethod method = ApproxMethod::paired_product;
    unsigned replicas = 8;  // R >= 2 independent replicas; the interval has R - 1 degrees of freedom
    unsigned threads = 0;   // 0: hardware concurrency, at most `replicas`
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
    std::function<bool(const ApproxProgress&)> progress;  // return false to cancel
    const std::atomic<bool>* cancel = nullptr;
};

struct ApproxResult {
    std::string method;
    double log_z = 0;  // mean of the replica estimates
    double ci_lo = 0;
    double ci_hi = 0;
    double half_width = 0;
    double confidence = 0;
    unsigned replicas = 0;
    std::vector<double> replica_log_z;  // the final batch, one per replica
    std::size_t stages = 0;
    std::uint64_t samples_per_stage = 0;       // in the final batch, mean over the stages
    std::vector<std::uint64_t> stage_samples;  // in the final batch, per stage
    double planned_half_width = 0;             // what the pilot predicted for the final batch (NaN: no plan)
    int attempts = 0;                          // batches run after the pilot
    std::uint64_t updates = 0;                 // every update of every chain, pilot and schedule included
    double seconds = 0;
};

// Runs batches of `replicas` independent estimates (fresh seeds, hence independent tapes) and
// returns the first batch after the pilot whose Student-t half-width on ln Z is at most
// epsilon. Each batch's sample counts are fixed before it starts (from the pilot's per-stage
// variances, or after a miss from the previous batch's spread), so the interval is that of a
// fixed-size experiment; they aim at a half-width that meets epsilon with probability 0.85. Throws InputError
// on bad options, InfeasibleError when max_attempts batches do not reach epsilon, CountCancelled when
// cancelled.
ApproxResult estimate_log_z(const Graph& graph, const ApproxOptions& options);

// Independent seeds for the chains of one run: splitmix64 of (seed, a, b).
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b);

}  // namespace dimerlab
