#include "counting/approx/approx_report.hpp"

#include <algorithm>
#include <cmath>

#include "util/errors.hpp"

namespace dimerlab {

void check_estimate_request(const EstimateRequest& q) {
    // ε is a half-width on ln Z: beyond 10 the interval spans a factor e^20 in Z, which is no
    // estimate; reject it rather than print something meaningless. Per vertex, δ = 0.1 is the same
    // factor per vertex.
    if (q.epsilon && (!(*q.epsilon > 0) || !(*q.epsilon < 10) || !std::isfinite(*q.epsilon)))
        throw InputError("--epsilon must be a number in (0, 10)");
    if (q.epsilon_per_vertex && (!(*q.epsilon_per_vertex > 0) || !(*q.epsilon_per_vertex < 0.1)))
        throw InputError("--epsilon-per-vertex must be a number in (0, 0.1)");
    if (!(q.confidence > 0 && q.confidence < 1))
        throw InputError("--confidence must lie strictly between 0 and 1");
    if (q.replicas < 2) throw InputError("--replicas must be at least 2");
}

double requested_epsilon(const EstimateRequest& q, const Graph& g) {
    return q.epsilon ? *q.epsilon : q.epsilon_per_vertex.value_or(0) * std::max<double>(1, g.num_vertices());
}

nlohmann::ordered_json approx_result_json(const Graph& g, const ApproxOptions& ao, const ApproxResult& r,
                                          int ranks) {
    const double n = g.num_vertices();
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = ao.lambda;
    out["method"] = r.method;
    out["log_z"] = r.log_z;
    out["log_z_per_vertex"] = n > 0 ? r.log_z / n : 0.0;
    out["ci"] = {r.ci_lo, r.ci_hi};
    out["confidence"] = r.confidence;
    out["half_width"] = r.half_width;
    out["epsilon"] = ao.epsilon;
    // Both half-widths, on ln Z and on ln Z / n, whichever was asked for.
    out["half_width_per_vertex"] = n > 0 ? r.half_width / n : 0.0;
    out["epsilon_per_vertex"] = n > 0 ? ao.epsilon / n : 0.0;
    out["backend"] = r.backend;
    out["stopping_rule"] = "stein-two-stage";
    out["replicas"] = r.replicas;
    out["first_stage_replicas"] = r.first_stage_replicas;
    out["first_stage_sd"] = r.first_stage_sd;
    out["replica_sd"] = r.replica_sd;
    out["within_replica_sd"] = r.within_replica_sd;
    const bool ti = ao.method == ApproxMethod::ti_control_variate;
    out["estimator"] = ti ? "gauss-legendre-node-means" : "pooled-stage-ratios-jackknife";
    out["bias_correction"] = r.bias_correction;
    if (ti) {
        // half_width = statistical + quadrature bound + bottom bracket, each reported.
        out["statistical_half_width"] = r.statistical_half_width;
        out["quadrature_bound"] = r.quadrature_bound;
        out["bottom"] = {{"lambda", r.lambda_bottom}, {"half_width", r.bottom_half_width}};
        out["nodes"] = {{"lambda", r.node_lambdas},          {"weight", r.node_weights},
                        {"mixing", r.node_mixing},           {"burn_in_sweeps", r.node_burn_in_sweeps},
                        {"mean_dimers", r.node_mean_dimers}, {"mean_dimers_error", r.node_mean_dimers_error}};
    }
    out["stages"] = r.stages;
    out["samples_per_stage"] = r.samples_per_stage;
    out["seed"] = ao.seed;
    out["replica_log_z"] = r.replica_log_z;  // the second stage's own ln Ẑ_r
    out["ranks"] = ranks;
    out["updates"] = r.updates;
    out["seconds"] = r.seconds;
    return out;
}

}  // namespace dimerlab
