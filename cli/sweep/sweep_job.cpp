#include "sweep/sweep_job.hpp"

#include <chrono>
#include <cmath>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "diagnostics/integrated_autocorrelation.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "sampling/observables.hpp"
#include "sampling/running_stats.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

nlohmann::json number_or_null(double v) {
    if (!std::isfinite(v)) return nullptr;
    return v;
}

// Mean of a series with its error bar: the naive standard error stretched by √τ_int, the
// series' own integrated autocorrelation time (1 when τ is undefined, a constant series).
struct MeanWithError {
    double mean = 0;
    double error = 0;
    TauEstimate tau;
};

MeanWithError mean_with_error(const std::vector<double>& series) {
    MeanWithError r;
    RunningStats stats;
    for (double x : series) stats.add(x);
    r.mean = stats.mean();
    r.tau = integrated_autocorrelation(series);
    const double tau = std::isfinite(r.tau.tau) ? std::max(1.0, r.tau.tau) : 1.0;
    r.error = stats.naive_standard_error() * std::sqrt(tau);
    return r;
}

}  // namespace

const std::optional<MatchingPolynomial>& SweepJobRunner::exact_polynomial(std::size_t graph) {
    std::lock_guard lock(mutex_);
    auto it = exact_.find(graph);
    if (it != exact_.end()) return it->second;
    std::optional<MatchingPolynomial> p;
    try {
        ExactOptions eo;
        eo.max_states = 1u << 16;  // seconds at most: an overlay, not the point of the sweep
        eo.max_bytes = 1ull << 30;
        p = exact_matching_polynomial(plan_.graphs()[graph], eo);
    } catch (const InfeasibleError&) {
    }
    return exact_.emplace(graph, std::move(p)).first->second;
}

nlohmann::ordered_json SweepJobRunner::run(std::uint64_t index) {
    const auto t0 = std::chrono::steady_clock::now();
    const SweepJob job = plan_.job(index);
    const Graph& g = plan_.graphs()[job.graph];
    const double lambda = plan_.lambdas()[job.lambda];
    const double n = g.num_vertices();

    SamplerSpec spec;
    spec.graph = g.spec();
    spec.seed = job.seed;
    spec.dynamics = Dynamics::glauber;
    spec.backend = Backend::cpu;
    spec.start = StartKind::empty;
    spec.record = LambdaRecord(lambda);
    BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
    Sampler& sampler = *built.sampler;
    const std::uint64_t burn_in = plan_.burn_in();
    const std::uint64_t sweeps = plan_.request().sweeps;
    std::vector<double> dimers, imbalance;
    dimers.reserve(sweeps);
    for (std::uint64_t s = 1; s <= burn_in + sweeps; ++s) {
        sampler.advance(g.num_edges());
        if (s <= burn_in) continue;
        const StateObservables o = measure_state(g, sampler.mate());
        dimers.push_back(o.dimers);
        if (o.axis_imbalance) imbalance.push_back(static_cast<double>(*o.axis_imbalance));
    }

    nlohmann::ordered_json row;
    row["job"] = index;
    row["graph"] = g.spec();
    row["n"] = g.num_vertices();
    row["m"] = g.num_edges();
    row["lambda"] = lambda;
    row["seed_index"] = job.seed_index;
    row["seed"] = job.seed;
    row["sweeps"] = sweeps;
    row["burn_in"] = burn_in;
    const MeanWithError d = mean_with_error(dimers);
    if (plan_.measures(Measure::density)) {
        // Dimers per vertex, |M|/n: 1/2 at close packing.
        row["density"] = number_or_null(d.mean / n);
        row["density_err"] = number_or_null(d.error / n);
    }
    if (plan_.measures(Measure::imbalance)) {
        if (imbalance.empty()) {
            row["imbalance"] = nullptr;
            row["imbalance_err"] = nullptr;
        } else {
            const MeanWithError b = mean_with_error(imbalance);
            row["imbalance"] = number_or_null(b.mean);
            row["imbalance_err"] = number_or_null(b.error);
        }
    }
    if (plan_.measures(Measure::tau)) {
        // τ_int of |M| in sweeps, with the Madras–Sokal error bar.
        row["tau"] = number_or_null(d.tau.tau);
        row["tau_err"] = number_or_null(d.tau.standard_error);
        row["tau_reliable"] = d.tau.reliable;
    }
    if (plan_.measures(Measure::exact)) {
        const std::optional<MatchingPolynomial>& p = exact_polynomial(job.graph);
        row["exact_density"] = p ? number_or_null(p->mean_dimers(lambda) / n) : nlohmann::json(nullptr);
        row["exact_log_z"] = p ? number_or_null(p->log_z(lambda)) : nlohmann::json(nullptr);
    }
    if (plan_.measures(Measure::logz)) {
        ApproxOptions ao;
        ao.lambda = lambda;
        ao.epsilon = plan_.request().epsilon;
        ao.seed = derive_seed(plan_.request().seed, index, 1);
        ao.threads = 1;  // one core per rank: the ranks are the parallelism
        const ApproxResult r = estimate_log_z(g, ao);
        row["log_z"] = r.log_z;
        row["log_z_lo"] = r.ci_lo;
        row["log_z_hi"] = r.ci_hi;
        row["log_z_per_vertex"] = r.log_z / n;
    }
    row["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return row;
}

}  // namespace dimerlab::cli
