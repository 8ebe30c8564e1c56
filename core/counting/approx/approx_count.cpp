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
#include "counting/approx/pooled_ratio.hpp"
#include "counting/approx/replica_interval.hpp"
#include "counting/approx/stage_variance.hpp"
#include "counting/approx/stein_two_stage.hpp"
#include "counting/approx/ti_control_variate.hpp"
#include "counting/approx/ti_path.hpp"
#include "counting/approx/tpa.hpp"
#include "counting/approx/vertex_reduction.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::string_view approx_method_name(ApproxMethod method) {
    switch (method) {
        case ApproxMethod::ti_control_variate:
            return "ti-control-variate";
        case ApproxMethod::paired_product:
            return "tpa-paired-product";
        case ApproxMethod::vertex_reduction:
            return "vertex-rao-blackwell";
    }
    return "?";
}

ApproxMethod parse_approx_method(std::string_view text) {
    if (text == "ti-control-variate" || text == "ti") return ApproxMethod::ti_control_variate;
    if (text == "tpa-paired-product" || text == "paired-product") return ApproxMethod::paired_product;
    if (text == "vertex-rao-blackwell" || text == "vertex") return ApproxMethod::vertex_reduction;
    throw InputError("unknown counting method '" + std::string(text) +
                     "' (expected ti-control-variate, tpa-paired-product or vertex-rao-blackwell)");
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
    if (o.ensemble && o.method == ApproxMethod::vertex_reduction)
        throw InputError("ensembles run the ti-control-variate and paired-product estimators, not " +
                         std::string(approx_method_name(o.method)));
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
    // Only thermodynamic integration takes weights: its path and control variate read c_1, c_2 and
    // F_w; the other estimators' schedules are the unweighted ones.
    if (options.method != ApproxMethod::ti_control_variate && graph.weighted())
        throw InputError("--method " + std::string(approx_method_name(options.method)) +
                         " does not take edge weights; '" + graph.spec() +
                         "' is weighted, and the default method ti-control-variate takes them");
    const Clock clock;
    ApproxResult result;
    result.method = std::string(approx_method_name(options.method));
    result.confidence = options.confidence;
    result.replicas = options.replicas;
    result.backend = "cpu-threads";
    EnsembleFactory ensemble_factory = options.ensemble;
    const bool shared = options.sharing.parts > 1 && options.sharing.share;
    if (shared) ensemble_factory = nullptr;  // a process runs only its share of each batch
    if (graph.weighted() && ensemble_factory) {
        // The ensembles count F as an integer, on the device for CUDA; F_w is a weighted sum.
        ensemble_factory = nullptr;
        result.notice =
            "the chain ensembles count free edges unweighted; this weighted graph's replicas run on CPU "
            "threads";
    }

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

    const bool ti = options.method == ApproxMethod::ti_control_variate;
    AnnealingSchedule schedule;
    std::size_t stages = graph.num_vertices();
    // TI: the path's two bounds each take a hundredth of ε, and the Stein interval the rest.
    TiPath path;
    double statistical_epsilon = options.epsilon;
    if (ti) {
        report({.phase = "path", .half_width = std::numeric_limits<double>::quiet_NaN()});
        path = plan_ti_path(graph, options.lambda, options.epsilon / 100);
        stages = path.node_lambdas.size();
        statistical_epsilon = options.epsilon - path.quadrature_bound - path.bottom_half_width;
        result.quadrature_bound = path.quadrature_bound;
        result.lambda_bottom = path.lambda_bottom;
        result.bottom_half_width = path.bottom_half_width;
        result.node_lambdas = path.node_lambdas;
        result.node_weights = path.weights;
        if (stages == 0) {  // λ is below the bottom of the path: the bracket is the estimate
            result.log_z = path.log_z_bottom;
            result.half_width = path.bottom_half_width;
            result.ci_lo = result.log_z - result.half_width;
            result.ci_hi = result.log_z + result.half_width;
            result.seconds = clock.seconds();
            return result;
        }
    }
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

    const unsigned first_count = options.replicas;
    const unsigned hardware =
        options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());

    // One batch of `count` independent replicas over the current per-stage sample counts, on
    // fresh seeds (batches never share a tape). Returns the replica values and, per replica, each
    // stage's unit variance.
    // TI measures at least 200 sweeps at every node.
    const std::uint64_t node_floor =
        ti ? static_cast<std::uint64_t>(std::ceil(200 / options.sample_spacing_sweeps)) : 0;
    std::vector<std::uint64_t> stage_samples(stages, std::max(options.pilot_samples, node_floor));
    std::vector<double> mixing;
    std::vector<std::uint64_t> node_burn_in;  // TI: measured by the pilot
    const auto mean_samples = [&] {
        double total = 0;
        for (std::uint64_t s : stage_samples) total += double(s);
        return static_cast<std::uint64_t>(std::ceil(total / double(stages)));
    };
    std::uint64_t batch_index = 0;
    double shown_half_width = std::numeric_limits<double>::quiet_NaN();
    struct Batch {
        std::vector<double> values;
        std::vector<std::vector<double>> unit_variance;
        std::vector<ReplicaTerms> terms;
        std::vector<std::vector<NodeMoments>> moments;
    };
    // Vertex reduction burns in at least 10 sweeps per stage: removing v_{i-1}'s dimer leaves a
    // state off equilibrium near v_i, exactly where p_i is measured (3 sweeps gave a bias of
    // +0.004 on complete:8 that did not shrink with the sample count).
    const auto run_batch = [&](std::size_t count, const std::string& phase, int attempt) {
        const std::uint64_t batch = ++batch_index;
        const std::uint64_t samples = mean_samples();
        std::atomic<std::uint64_t> stages_done{0};
        std::atomic<std::uint64_t> updates_done{0};
        std::atomic<std::size_t> next_replica{0};
        Batch out;
        out.values.resize(count);
        out.unit_variance.resize(count);
        out.terms.resize(count);
        out.moments.resize(count);
        std::vector<std::uint64_t> used(count);
        ReplicaControl control;
        control.samples_per_stage = samples;
        control.stage_samples = stage_samples;
        control.mixing = mixing;
        control.node_burn_in = node_burn_in;
        control.spacing_updates = spacing;
        control.burn_in_updates = burn;
        control.cancel = &cancelled;
        control.stages_done = &stages_done;
        control.updates_done = &updates_done;
        // Replica r of this batch runs on the tape of base + r on every backend, as chain r of an
        // ensemble seeded base does.
        const std::uint64_t base = derive_seed(options.seed, batch, 0);
        std::unique_ptr<SamplerEnsemble> ensemble;
        if (ensemble_factory) {
            try {
                ensemble = ensemble_factory(
                    graph, base, LambdaRecord(ti ? path.node_lambdas.front() : schedule.lambdas.front()),
                    std::vector<MateArray>(count, MateArray(graph.num_vertices(), kNoMate)));
                result.backend = "ensemble-" + std::string(ensemble->backend_name());
            } catch (const InfeasibleError& e) {
                result.notice =
                    std::string("ensemble unavailable (") + e.what() + "); replicas run on CPU threads";
                result.backend = "cpu-threads";
                ensemble_factory = nullptr;
            }
        }
        const auto worker = [&] {
            for (std::size_t r = next_replica++; r < count; r = next_replica++) {
                if (shared && r % options.sharing.parts != options.sharing.part) continue;
                const std::uint64_t seed = base + r;
                ReplicaRun run =
                    ti ? run_ti_control_variate(graph, path, seed, control)
                    : options.method == ApproxMethod::paired_product
                        ? run_paired_product(graph, schedule, seed, control)
                        : run_vertex_reduction(graph, options.lambda, seed, options.sample_spacing_sweeps,
                                               std::max(10.0, options.burn_in_sweeps), control);
                out.values[r] = run.log_z;
                used[r] = run.updates;
                out.unit_variance[r] = std::move(run.unit_variance);
                out.terms[r] = std::move(run.terms);
                out.moments[r] = std::move(run.node_moments);
            }
        };
        const auto ensemble_worker = [&] {
            std::vector<ReplicaRun> runs =
                ti ? run_ti_control_variate_ensemble(graph, path, *ensemble, control)
                   : run_paired_product_ensemble(graph, schedule, *ensemble, control);
            for (std::size_t r = 0; r < count; ++r) {
                out.values[r] = runs[r].log_z;
                used[r] = runs[r].updates;
                out.unit_variance[r] = std::move(runs[r].unit_variance);
                out.terms[r] = std::move(runs[r].terms);
                out.moments[r] = std::move(runs[r].node_moments);
            }
        };
        const unsigned threads =
            static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(count, hardware)));
        std::vector<std::future<void>> futures;
        if (ensemble) {
            futures.push_back(std::async(std::launch::async, ensemble_worker));
        } else {
            for (unsigned i = 0; i < threads; ++i) futures.push_back(std::async(std::launch::async, worker));
        }
        const std::uint64_t updates_before = result.updates;
        std::exception_ptr failure;
        for (auto& f : futures) {
            while (f.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready) {
                try {
                    result.updates = updates_before + updates_done.load();
                    report({.phase = phase,
                            .attempt = attempt,
                            .stage = double(stages_done.load()) / double(count),
                            .stages = stages,
                            .samples_per_stage = samples,
                            .replicas = count,
                            .half_width = shown_half_width});
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
        if (shared) {
            std::vector<ReplicaRun> runs(count);
            for (std::size_t r = options.sharing.part; r < count; r += options.sharing.parts) {
                runs[r] = {out.values[r], used[r], std::move(out.unit_variance[r]), std::move(out.terms[r]),
                           std::move(out.moments[r])};
            }
            options.sharing.share(runs);
            for (std::size_t r = 0; r < count; ++r) {
                out.values[r] = runs[r].log_z;
                used[r] = runs[r].updates;
                out.unit_variance[r] = std::move(runs[r].unit_variance);
                out.terms[r] = std::move(runs[r].terms);
                out.moments[r] = std::move(runs[r].node_moments);
            }
        }
        result.updates = updates_before;
        for (std::uint64_t u : used) result.updates += u;
        return out;
    };

    // Sizing. The second stage should hold about second_target replicas: more replicas make
    // the first stage a smaller share of the work (total ∝ first_count / target + 1); each
    // replica then has fewer samples per stage, whose larger Jensen bias the pooling divides by
    // the number of replicas.
    const std::size_t second_target =
        options.second_stage_target ? options.second_stage_target : 2 * std::size_t(first_count);
    const double t_first = student_t_quantile(options.confidence, double(first_count - 1));
    const double target_var =
        double(second_target) * statistical_epsilon * statistical_epsilon / (t_first * t_first);
    const std::uint64_t min_samples = std::max<std::uint64_t>({16, options.pilot_samples / 8, node_floor});
    const auto scale_all = [&](double grow) {
        for (std::uint64_t& n : stage_samples)
            n = static_cast<std::uint64_t>(
                std::clamp(std::ceil(double(n) * grow), double(min_samples), 1e12));
    };

    // The pilot only shapes the allocation: per-stage unit variances v_i give N_i ∝ √v_i
    // (Neyman: minimises Σ N_i for Var(ln Ẑ_r) ≈ Σ v_i / N_i), scaled to target_var.
    {
        const Batch pilot = run_batch(first_count, "pilot", 0);
        const ReplicaInterval ci = replica_interval(pilot.values, options.confidence);
        shown_half_width = ci.half_width;
        report({.phase = "pilot",
                .stage = double(stages),
                .stages = stages,
                .samples_per_stage = mean_samples(),
                .replicas = first_count,
                .half_width = shown_half_width});
        std::vector<double> v(stages, 0.0);
        for (const auto& u : pilot.unit_variance)
            for (std::size_t i = 0; i < stages && i < u.size(); ++i) v[i] += u[i] / double(first_count);
        if (ti) {
            // Each node's mixing from the pilot's pooled moments, fixed before any measured sample,
            // and its variance at that mixing.
            mixing.assign(stages, 0.5);
            std::vector<double> tau(stages, 1.0);
            for (std::size_t k = 0; k < stages; ++k) {
                NodeMoments pooled;
                for (const auto& node : pilot.moments) {
                    pooled.var_dimers += node[k].var_dimers / double(first_count);
                    pooled.covariance += node[k].covariance / double(first_count);
                    pooled.var_twin += node[k].var_twin / double(first_count);
                    tau[k] = std::max(tau[k], node[k].tau_dimers);
                }
                mixing[k] = best_mixing(pooled.var_dimers, pooled.covariance, pooled.var_twin);
                v[k] = path.weights[k] * path.weights[k] *
                       mixed_variance(mixing[k], pooled.var_dimers, pooled.covariance, pooled.var_twin);
            }
            result.node_mixing = mixing;
            // A node starts from the last node's state, at a lower λ: its mean is biased by the
            // relaxation until it forgets that start. Ten τ_int of |M| (the largest of the pilot's
            // replicas, in samples) makes that transient e^-10 of itself; never less than the option.
            node_burn_in.assign(stages, burn);
            result.node_burn_in_sweeps.resize(stages);
            for (std::size_t k = 0; k < stages; ++k) {
                node_burn_in[k] = std::max<std::uint64_t>(
                    burn, static_cast<std::uint64_t>(std::ceil(10 * tau[k] * double(spacing))));
                result.node_burn_in_sweeps[k] = double(node_burn_in[k]) / m;
            }
        }
        double root_sum = 0;
        for (double x : v) root_sum += std::sqrt(x);
        if (root_sum > 0) {
            for (std::size_t i = 0; i < stages; ++i) {
                const double wanted = std::ceil(std::sqrt(v[i]) * root_sum / target_var);
                stage_samples[i] = static_cast<std::uint64_t>(std::clamp(wanted, double(min_samples), 1e12));
            }
        } else if (ci.sd > 0) {
            scale_all(ci.sd * ci.sd / target_var);  // no within-series variance: scale by the spread
        }
    }

    // Mean over a batch's replicas of Σ_i v_i / N_i: each replica's variance as its own stages
    // measured it.
    const auto within_replica_variance = [&](const Batch& b) {
        double total = 0;
        for (const auto& u : b.unit_variance)
            for (std::size_t i = 0; i < stages && i < u.size(); ++i)
                total += u[i] / double(std::max<std::uint64_t>(1, stage_samples[i]));
        return total / double(std::max<std::size_t>(1, b.unit_variance.size()));
    };

    // Every replica's ln Ẑ_r is offset + its terms: ln Z(λ_0) for the paired product.
    const double offset = options.method == ApproxMethod::paired_product ? schedule.log_z_bottom : 0.0;
    // The paired product and vertex reduction pool their ratios over a batch; TI is linear in its
    // node means, so its replicas' own values are already unbiased and are averaged as they are.
    const auto pool = [&](const Batch& b) {
        if (!ti) return pool_replicas(offset, b.terms);
        PooledEstimate p;
        p.pseudo_values = b.values;
        const ReplicaInterval spread = replica_interval(b.values, options.confidence);
        p.pooled = p.estimate = p.replica_mean = spread.mean;
        p.sd = spread.sd;
        return p;
    };

    // Stein's first stage, repeated on fresh seeds (with every stage scaled up) only while its
    // second stage would exceed kMaxGrowth times the target: that decision sees no replica of
    // the stages that follow, so it cannot bias them.
    constexpr std::size_t kMaxGrowth = 8;
    double first_sd = 0;
    double within_sd = 0;
    std::uint64_t second_count = 0;
    int attempts = 0;
    for (;;) {
        ++attempts;
        const Batch first = run_batch(first_count, "first stage", attempts);
        // The spread of the jackknife pseudo-values, not of the replicas' own ln Ẑ_r: it is the
        // spread of what the second stage averages.
        first_sd = pool(first).sd;
        // Eight replicas misjudge their own spread far more often than the Student-t law allows
        // when a replica is a sum of lumpy terms (rare-event stages, slow modes): on complete:12
        // a first stage at 0.4 of the true spread sized a second stage of 3 replicas that
        // missed by 4.6 of its stated σ. The same replicas also measured every stage's variance
        // from its thousands of correlated samples (batch means, floored by the rare-event
        // term); that sum is the linearised variance of one replica and varies little, so the
        // larger of the two sizes the second stage. It is still a function of the first stage
        // alone, which keeps the second stage's estimate free of any selection.
        within_sd = std::sqrt(within_replica_variance(first));
        first_sd = std::max(first_sd, within_sd);
        second_count =
            stein_second_stage_size(first_sd, first_count, statistical_epsilon, options.confidence);
        shown_half_width = t_first * first_sd / std::sqrt(double(second_count));
        report({.phase = "first stage",
                .attempt = attempts,
                .stage = double(stages),
                .stages = stages,
                .samples_per_stage = mean_samples(),
                .replicas = first_count,
                .half_width = shown_half_width});
        if (second_count <= kMaxGrowth * second_target) break;
        if (attempts >= options.max_attempts)
            throw InfeasibleError("the estimate would need " + std::to_string(second_count) +
                                  " replicas after " + std::to_string(attempts) +
                                  " first stages; use a larger --epsilon");
        scale_all(double(second_count) / double(second_target));
    }

    const Batch second = run_batch(second_count, "estimate", attempts);
    // Stein's interval on the pooled estimate: each stage's ratio is averaged over the second
    // stage's replicas before its log is taken, so the Jensen bias that every replica's own
    // ln Ẑ_r carries is divided by their number (and the jackknife removes the rest) instead of
    // surviving the average.
    const PooledEstimate pooled = pool(second);
    const SteinInterval ci = stein_interval(pooled.pseudo_values, first_sd, first_count, options.confidence);
    result.log_z = ci.mean;
    result.statistical_half_width = ci.half_width;
    result.half_width = ci.half_width + result.quadrature_bound + result.bottom_half_width;
    result.ci_lo = ci.mean - result.half_width;
    result.ci_hi = ci.mean + result.half_width;
    if (ti) {
        // Each replica's Ȳ_k is independent of the others': their spread over √R is the error.
        const double replicas = double(second.moments.size());
        result.node_mean_dimers.assign(stages, 0.0);
        result.node_mean_dimers_error.assign(stages, 0.0);
        for (std::size_t k = 0; k < stages; ++k) {
            double sum = 0, squares = 0;
            for (const auto& node : second.moments) {
                const double y = mixing[k] * node[k].mean_dimers + (1 - mixing[k]) * node[k].mean_twin;
                sum += y;
                squares += y * y;
            }
            const double mean = sum / replicas;
            result.node_mean_dimers[k] = mean;
            if (replicas > 1)
                result.node_mean_dimers_error[k] =
                    std::sqrt(std::max(0.0, squares - replicas * mean * mean) / (replicas - 1) / replicas);
        }
    }
    result.replica_mean_log_z = pooled.replica_mean;
    result.bias_correction = pooled.estimate - pooled.replica_mean;
    result.replicas = static_cast<unsigned>(second_count);
    result.first_stage_replicas = first_count;
    result.first_stage_sd = first_sd;
    result.within_replica_sd = within_sd;
    result.replica_sd = ci.second_sd;
    result.replica_log_z = second.values;
    result.samples_per_stage = mean_samples();
    result.stage_samples = stage_samples;
    result.attempts = attempts;
    result.seconds = clock.seconds();
    return result;
}

}  // namespace dimerlab
