#include "diagnostics/mix_report_json.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace dimerlab {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kCouplingNote =
    "bounding-chain coalescence bounds TV(t) <= P(tau > t) over all starts; coupling two chosen starts "
    "is NOT a bound for this non-monotone model";

Json number(double v) {
    if (!std::isfinite(v)) return nullptr;
    return v;
}

Json number(const std::optional<double>& v) {
    return v ? number(*v) : Json(nullptr);
}

Json coalescence_json(const CoalescenceSummary& s, const MixRequest& request, std::uint32_t m) {
    Json out;
    out["median"] = number(s.quantile_sweeps(0.5));
    out["q90"] = number(s.quantile_sweeps(0.9));
    out["runs"] = s.times.size();
    out["completed"] = s.completed();
    out["not_coalesced"] = s.times.size() - s.completed();
    out["cap_sweeps"] = request.coalescence_cap;
    Json bound = Json::array();
    constexpr std::uint64_t kPoints = 20;
    for (std::uint64_t i = 1; i <= kPoints; ++i) {
        const std::uint64_t sweeps = std::max<std::uint64_t>(1, request.coalescence_cap * i / kPoints);
        bound.push_back({sweeps, s.tail_probability(sweeps * m)});
    }
    out["tv_bound"] = bound;  // [[sweeps, empirical P(tau > sweeps)], ...]
    out["note"] = kCouplingNote;
    return out;
}

std::string tv_method_note(const ExactMixSection& x) {
    if (x.tv_curve_method == "per-start-sparse") {
        return "every start evolved exactly by sparse products and dropped once its own distance is <= " +
               std::to_string(x.tv_stop_below) +
               "; d(t) is exact above that level, values at or below it are upper bounds; tmix_quarter is "
               "exact";
    }
    return "all starts evolved at once (dense); every value is exact";
}

void add_exact(Json& out, const ExactMixSection& x) {
    out["states"] = x.states;
    out["spectral_gap"] = number(x.spectrum.gap);
    out["relaxation_time"] = number(x.spectrum.relaxation_time);
    out["tmix_quarter"] = x.tv.tmix_quarter ? Json(*x.tv.tmix_quarter) : Json(nullptr);
    // At most ~200 points: the curve of a slow chain can be long.
    Json curve = Json::array();
    const std::size_t stride = std::max<std::size_t>(1, (x.tv.tv.size() + 199) / 200);
    for (std::size_t t = 0; t < x.tv.tv.size(); ++t) {
        const bool keep =
            t % stride == 0 || t + 1 == x.tv.tv.size() || (x.tv.tmix_quarter && t == *x.tv.tmix_quarter);
        if (keep) curve.push_back({t, x.tv.tv[t]});
    }
    out["tv_curve"] = curve;
    out["tv_curve_method"] = x.tv_curve_method;
    out["tv_curve_note"] = tv_method_note(x);
    out["spectral_method"] = x.spectral_method;
    out["exact_checks"] = {{"lambda_effective", x.lambda_effective},
                           {"max_row_sum_error", x.max_row_sum_error},
                           {"max_detailed_balance_error", x.max_detailed_balance_error},
                           {"min_eigenvalue", x.spectrum.min_eigenvalue},
                           {"absolute_gap", x.spectrum.absolute_gap},
                           {"updates_per_sweep", x.updates_per_sweep}};
    if (!x.empirical) return;
    const EmpiricalTvResult& e = *x.empirical;
    Json pairs = Json::array(), points = Json::array();
    for (const EmpiricalTvPoint& p : e.points) {
        pairs.push_back({p.updates, p.tv_empirical});
        points.push_back({{"updates", p.updates},
                          {"tv_empirical", p.tv_empirical},
                          {"tv_exact", p.tv_exact},
                          {"bias_bound", p.bias_bound},
                          {"tolerance", p.tolerance}});
    }
    out["tv_empirical"] = pairs;  // [[updates, empirical TV from the worst start], ...]
    out["empirical_tv"] = {
        {"chains", e.chains},
        {"start_state", e.start},
        {"seed_first", e.seed},
        {"alpha", e.alpha},
        {"within_tolerance", e.within_tolerance()},
        {"points", points},
        {"note",
         "chain r runs on the tape of seed + r from the state worst at tmix_quarter; "
         "tolerance = bias bound + McDiarmid term at false-alarm rate alpha over all points; the bias "
         "bound is small only when chains >> states"}};
}

Json depth_json(const ParallelDepthReport& d) {
    return {
        {"blocks", d.blocks},
        {"block_updates", d.block_updates},
        {"rounds_mean", d.rounds_mean},
        {"rounds_max", d.rounds_max},
        {"oracle_depth_mean", d.oracle_depth_mean},
        {"oracle_mismatches", d.oracle_mismatches},
        {"work_per_update", d.work_per_update},
        {"bound", d.bound},
        {"max_degree", d.max_degree},
        {"cube_root_m", d.cube_root_m},
        {"sqrt_n", d.sqrt_n},
        {"note",
         "Jacobi rounds per tape block of the exact cpu-parallel Glauber backend from the empty matching; "
         "bound = min{max degree, m^(1/3), sqrt(n)}, the scale of the O~ parallel-depth bound"}};
}

}  // namespace

Json mix_report_json(const Graph& g, const MixReport& r) {
    const MixRequest& q = r.request;
    Json out;
    out["graph"] = r.graph_spec;
    out["n"] = r.n;
    out["m"] = r.m;
    out["lambda"] = q.lambda;
    out["dynamics"] = std::string(dynamics_name(q.dynamics));
    out["seed"] = q.seed;
    out["chains"] = q.chains;
    out["sweeps"] = q.sweeps;
    out["burn_in"] = q.burn_in.value_or(0);
    out["starts"] = r.start_names;
    Json tau, ess, rhat_by = Json::object();
    double rhat_bulk = -INFINITY, rhat_folded = -INFINITY;
    for (const NamedObservable& o : r.observables) {
        const ObservableReport& x = o.report;
        tau[o.name] = {{"value", number(x.tau.tau)},
                       {"stderr", number(x.tau.standard_error)},
                       {"window", x.tau.window},
                       {"reliable", x.tau.reliable}};
        ess[o.name] = {
            {"sokal", number(x.ess)}, {"bulk", number(x.multi.bulk)}, {"tail", number(x.multi.tail)}};
        rhat_by[o.name] = {{"bulk", number(x.rhat.bulk)}, {"folded", number(x.rhat.folded)}};
        // The overall R̂ keeps its meaning (global observables only): a single edge's 0/1 series
        // is reported per observable. Constant observables (NaN) carry no evidence either way.
        if (o.name == "edge") continue;
        if (std::isfinite(x.rhat.bulk)) rhat_bulk = std::max(rhat_bulk, x.rhat.bulk);
        if (std::isfinite(x.rhat.folded)) rhat_folded = std::max(rhat_folded, x.rhat.folded);
    }
    out["tau_int"] = tau;  // in sweeps
    out["ess"] = ess;      // draws over all chains; sokal = K N / tau_int
    out["rhat"] = {{"bulk", number(rhat_bulk)}, {"folded", number(rhat_folded)}, {"by_observable", rhat_by}};
    if (q.edge) {
        const Edge e = g.edge(*q.edge);
        out["edge"] = {{"id", *q.edge}, {"u", e.u}, {"v", e.v}};
    }
    if (r.coalescence) {
        out["coalescence"] = coalescence_json(*r.coalescence, q, r.m);
    } else {
        out["coalescence"] = nullptr;
        if (q.coalescence_runs > 0)
            out["coalescence_note"] = "the bounding chain exists for heat-bath Glauber only; none was run";
    }
    out["parallel_depth"] = r.parallel_depth ? depth_json(*r.parallel_depth) : Json(nullptr);
    if (r.exact) add_exact(out, *r.exact);
    return out;
}

}  // namespace dimerlab
