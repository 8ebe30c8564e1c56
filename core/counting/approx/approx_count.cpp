#include "counting/approx/approx_count.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <future>
#include <limits>
#include <thread>

#include "counting/approx/annealing_schedule.hpp"
#include "counting/approx/paired_product.hpp"
#include "counting/approx/replica_interval.hpp"
#include "counting/approx/stage_variance.hpp"
#include "counting/approx/tpa.hpp"
#include "counting/approx/vertex_reduction.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::string_view approx_method_name(ApproxMethod method) {
    return method == ApproxMethod::paired_product ? "tpa-paired-product" : "vertex-rao-blackwell";
}

ApproxMethod parse_approx_method(std::string_view text) {
    if (text == "tpa-paired-product" || text == "paired-product") return ApproxMethod::paired_product;
    if (text == "vertex-rao-blackwell" || text == "vertex") return ApproxMethod::vertex_reduction;
    throw InputError("unknown counting method '" + std::string(text) +
                     "' (expected tpa-paired-product or vertex-rao-blackwell)");
}

std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
    const auto mix = [](std::uint64_t z) {
        z += 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    return mix(mix(mix(seed) ^ a) ^ b);
}

namespace {

void check_options(const ApproxOptions& o) {
    check_lambda(o.lambda, "lambda");
    if (!(o.epsilon > 0) || !std::isfinite(o.epsilon)) throw InputError("epsilon must be a positive number");
    if (!(o.confidence > 0 && o.confidence < 1))
        throw InputError("confidence must lie strictly between 0 and 1");
    if (o.replicas < 2) throw InputError("at least two replicas are needed for an interval");
    if (o.pilot_samples < 2) throw InputError("the pilot needs at least two samples per stage");
    if (!(o.sample_spacing_sweeps > 0) || !(o.burn_in_sweeps >= 0))
        throw InputError("sample spacing must be positive and burn-in non-negative");
}

class Clock {
  public:
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

ApproxResult estimate_log_z(const Graph& graph, const ApproxOptions& options) {
    check_options(options);
    const Clock clock;
    ApproxResult result;
    result.method = std::string(approx_method_name(options.method));
    result.confidence = options.confidence;
    result.replicas = options.replicas;

    std::atomic<bool> cancelled{false};
    const auto is_cancelled = [&] {
        return cancelled.load() || (options.cancel && options.cancel->load(std::memory_order_relaxed));
    };
    // Workers watch this flag; the calling thread folds the user's flag and callback into it.
    const auto report = [&](ApproxProgress p) {
        p.updates = result.updates;
        p.seconds = clock.seconds();
        if (options.progress && !options.progress(p)) cancelled = true;
        if (options.cancel && options.cancel->load()) cancelled = true;
        if (cancelled) throw CountCancelled();
    };

    if (graph.num_edges() == 0) {
        result.replica_log_z.assign(options.replicas, 0.0);
        result.seconds = clock.seconds();
        return result;
    }
    const double m = graph.num_edges();
    const auto spacing =
        static_cast<std::uint64_t>(std::max(1.0, std::round(options.sample_spacing_sweeps * m)));
    const auto burn = static_cast<std::uint64_t>(std::max(1.0, std::round(options.burn_in_sweeps * m)));

    AnnealingSchedule schedule;
    std::size_t stages = graph.num_vertices();
    if (options.method == ApproxMethod::paired_product) {
        report({.phase = "schedule", .half_width = std::numeric_limits<double>::quiet_NaN()});
        TpaOptions tpa;
        tpa.lambda = options.lambda;
        tpa.runs = std::max(1u, options.tpa_runs);
        tpa.seed = derive_seed(options.seed, 0x5c4, 0);
        tpa.cancel = &cancelled;
        tpa.burn_in_sweeps = 10 * options.burn_in_sweeps + 10;
        const TpaResult t = run_tpa(graph, tpa);
        result.updates += t.updates;
        schedule = schedule_from_tpa(graph, options.lambda, t.points, tpa.runs, options.stage_curvature);
        stages = schedule.lambdas.size();
    }
    result.stages = stages;

    const unsigned replicas = options.replicas;
    const unsigned threads =
        std::max(1u, std::min(replicas, options.threads ? options.threads
                                                        : std::max(1u, std::thread::hardware_concurrency())));

    // Samples per stage: the pilot's uniform count, then a per-stage allocation from its
    // within-series variances.
    std::vector<std::uint64_t> stage_samples(stages, options.pilot_samples);
    const auto mean_samples = [&] {
        double total = 0;
        for (std::uint64_t s : stage_samples) total += double(s);
        return static_cast<std::uint64_t>(std::ceil(total / double(stages)));
    };
    // The interval's half-width is t · s / √R with s the replicas' sample sd, which scatters
    // around the true σ like √(χ²_{R-1}/(R-1)). Plan σ so that a batch meets ε with probability
    // kMeetProbability; a miss costs a fresh, larger batch.
    constexpr double kMeetProbability = 0.85;
    const double df = replicas - 1;
    const double spread = std::sqrt(chi_squared_quantile(kMeetProbability, df) / df);
    const double t_quantile = student_t_quantile(options.confidence, df);
    const double target_sd = options.epsilon * std::sqrt(double(replicas)) / (t_quantile * spread);
    const std::uint64_t min_samples = std::max<std::uint64_t>(16, options.pilot_samples / 8);
    double half_width = std::numeric_limits<double>::quiet_NaN();
    double planned_half_width = std::numeric_limits<double>::quiet_NaN();
    for (int attempt = 0; attempt <= options.max_attempts; ++attempt) {
        const std::uint64_t samples = mean_samples();
        std::atomic<std::uint64_t> stages_done{0};
        std::atomic<std::uint64_t> updates_done{0};
        std::atomic<unsigned> next_replica{0};
        std::vector<double> values(replicas);
        std::vector<std::uint64_t> used(replicas);
        std::vector<std::vector<double>> unit_variance(replicas);
        ReplicaControl control;
        control.samples_per_stage = samples;
        control.stage_samples = stage_samples;
        control.spacing_updates = spacing;
        control.burn_in_updates = burn;
        control.cancel = &cancelled;
        control.stages_done = &stages_done;
        control.updates_done = &updates_done;
        // Vertex reduction burns in at least 10 sweeps per stage: removing v_{i-1}'s dimer leaves
        // a state off equilibrium near v_i, exactly where p_i is measured (3 sweeps gave a bias
        // of +0.004 on complete:8 that did not shrink with the sample count).
        const auto worker = [&] {
            for (unsigned r = next_replica++; r < replicas; r = next_replica++) {
                // Fresh seeds for every batch: batches never share a tape.
                const std::uint64_t seed =
                    derive_seed(options.seed, 1 + static_cast<std::uint64_t>(attempt), r);
                ReplicaRun run =
                    options.method == ApproxMethod::paired_product
                        ? run_paired_product(graph, schedule, seed, control)
                        : run_vertex_reduction(graph, options.lambda, seed, options.sample_spacing_sweeps,
                                               std::max(10.0, options.burn_in_sweeps), control);
                values[r] = run.log_z;
                used[r] = run.updates;
                unit_variance[r] = std::move(run.unit_variance);
            }
        };
        std::vector<std::future<void>> futures;
        for (unsigned i = 0; i < threads; ++i) futures.push_back(std::async(std::launch::async, worker));
        const std::string phase = attempt == 0 ? "pilot" : "estimate";
        const std::uint64_t updates_before = result.updates;
        std::exception_ptr failure;
        for (auto& f : futures) {
            while (f.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready) {
                try {
                    result.updates = updates_before + updates_done.load();
                    report({.phase = phase,
                            .attempt = attempt,
                            .stage = double(stages_done.load()) / replicas,
                            .stages = stages,
                            .samples_per_stage = samples,
                            .half_width = half_width});
                } catch (const CountCancelled&) {
                    cancelled = true;  // the workers stop at their next sample
                }
            }
            try {
                f.get();
            } catch (...) {
                if (!failure) failure = std::current_exception();
                cancelled = true;
            }
        }
        if (failure) std::rethrow_exception(failure);
        if (is_cancelled()) throw CountCancelled();
        result.updates = updates_before;
        for (std::uint64_t u : used) result.updates += u;

        ReplicaInterval ci = replica_interval(values, options.confidence);
        if (options.method == ApproxMethod::vertex_reduction) {
            // Every stage adds -ln p̂_i, whose Jensen bias is +Var/2 to second order, so each
            // replica is biased by +Var(ln Ẑ_r)/2; subtract the replicas' own estimate of it. (The
            // paired estimator's up and down terms carry opposite, nearly equal biases.)
            const double shift = ci.sd * ci.sd / 2;
            ci.mean -= shift;
            ci.lo -= shift;
            ci.hi -= shift;
        }
        half_width = ci.half_width;
        report({.phase = phase,
                .attempt = attempt,
                .stage = double(stages),
                .stages = stages,
                .samples_per_stage = samples,
                .half_width = half_width});
        // The pilot only sizes the next batch: accepting it would let a lucky small spread pick
        // the interval that is reported.
        if (attempt > 0 && ci.half_width <= options.epsilon) {
            result.log_z = ci.mean;
            result.ci_lo = ci.lo;
            result.ci_hi = ci.hi;
            result.half_width = ci.half_width;
            result.planned_half_width = planned_half_width;
            result.replica_log_z = values;
            result.samples_per_stage = samples;
            result.stage_samples = stage_samples;
            result.attempts = attempt;
            result.seconds = clock.seconds();
            return result;
        }
        if (attempt == 0) {
            // Neyman allocation: with per-stage unit variances v_i, Var(ln Ẑ_r) ≈ Σ v_i / N_i,
            // and N_i ∝ √v_i minimises Σ N_i for a given variance.
            std::vector<double> v(stages, 0.0);
            for (const auto& u : unit_variance)
                for (std::size_t i = 0; i < stages && i < u.size(); ++i) v[i] += u[i] / double(replicas);
            double root_sum = 0;
            for (double x : v) root_sum += std::sqrt(x);
            if (root_sum > 0) {
                double planned_var = 0;
                for (std::size_t i = 0; i < stages; ++i) {
                    const double wanted = std::ceil(std::sqrt(v[i]) * root_sum / (target_sd * target_sd));
                    stage_samples[i] =
                        static_cast<std::uint64_t>(std::clamp(wanted, double(min_samples), 1e12));
                    planned_var += v[i] / double(stage_samples[i]);
                }
                planned_half_width = t_quantile * std::sqrt(planned_var / double(replicas));
                continue;
            }
            // No within-series variance (every series too short or constant): fall through to
            // scaling by the replicas' spread.
        }
        // A batch that missed (or a degenerate pilot): sd² ∝ 1/N, so scale every stage alike.
        const double ratio = ci.half_width / options.epsilon;
        const double grow = std::clamp(ratio * ratio * spread * spread, 1.5, 1e6);
        for (std::uint64_t& n : stage_samples)
            n = static_cast<std::uint64_t>(
                std::clamp(std::ceil(double(n) * grow), double(min_samples), 1e12));
        planned_half_width = std::numeric_limits<double>::quiet_NaN();
    }
    throw InfeasibleError("the interval did not reach half-width " + std::to_string(options.epsilon) +
                          " in " + std::to_string(options.max_attempts) + " batches");
}

}  // namespace dimerlab
