#include "sweep/sweep_job.hpp"

#include <chrono>
#include <cmath>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "dimerlab_lab/lambda_point.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

nlohmann::json number_or_null(double v) {
    if (!std::isfinite(v)) return nullptr;
    return v;
}

}  // namespace

const ExactOverlay& SweepJobRunner::exact_polynomial(std::size_t graph) {
    std::lock_guard lock(mutex_);
    auto it = exact_.find(graph);
    if (it != exact_.end()) return it->second;
    ExactOverlay p;
    try {
        ExactOptions eo;
        eo.max_states = 1u << 16;  // seconds at most: an overlay, not the point of the sweep
        eo.max_bytes = 1ull << 30;
        const Graph& g = plan_.graphs()[graph];
        if (g.weighted()) {
            p.weighted = weighted_matching_polynomial(g, eo);
        } else {
            p.plain = exact_matching_polynomial(g, eo);
        }
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

    LambdaPointOptions lo;
    lo.lambda = lambda;
    lo.seed = job.seed;
    lo.burn_in = plan_.burn_in();
    lo.sweeps = plan_.request().sweeps;
    const LambdaPoint point = measure_lambda_point(g, lo);
    const std::uint64_t burn_in = lo.burn_in;
    const std::uint64_t sweeps = lo.sweeps;

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
    const MeanWithError& d = point.dimers;
    if (plan_.measures(Measure::density)) {
        // The covered fraction 2|M|/n (1 at close packing): the density the app shows, and the
        // quantity the lattice limits are quoted in.
        row["covered_fraction"] = number_or_null(2 * d.mean / n);
        row["covered_fraction_err"] = number_or_null(2 * d.error / n);
    }
    if (plan_.measures(Measure::imbalance)) {
        if (!point.imbalance) {
            row["imbalance"] = nullptr;
            row["imbalance_err"] = nullptr;
        } else {
            row["imbalance"] = number_or_null(point.imbalance->mean);
            row["imbalance_err"] = number_or_null(point.imbalance->error);
        }
    }
    if (plan_.measures(Measure::tau)) {
        // τ_int of |M| in sweeps, with the Madras–Sokal error bar.
        row["tau"] = number_or_null(d.tau.tau);
        row["tau_err"] = number_or_null(d.tau.standard_error);
        row["tau_reliable"] = d.tau.reliable;
    }
    if (plan_.measures(Measure::exact)) {
        const ExactOverlay& p = exact_polynomial(job.graph);
        row["exact_covered_fraction"] =
            p.available() ? number_or_null(2 * p.mean_dimers(lambda) / n) : nlohmann::json(nullptr);
        row["exact_log_z"] = p.available() ? number_or_null(p.log_z(lambda)) : nlohmann::json(nullptr);
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
