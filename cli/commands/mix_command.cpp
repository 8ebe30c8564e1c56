// dimerlab-cli mix: has a chain mixed, and how fast does it mix? (issue 5, science.md §6)
// Multi-chain τ_int / ESS / split-R̂ from dispersed starts, bounding-chain coalescence, and with
// --exact the exact spectral gap and worst-start TV curve of a tiny graph.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

#include "command.hpp"
#include "diagnostics/bounding_chain.hpp"
#include "diagnostics/chain_ensemble.hpp"
#include "diagnostics/exact_chain.hpp"
#include "diagnostics/observable_report.hpp"
#include "diagnostics/spectral_gap.hpp"
#include "diagnostics/total_variation.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

constexpr const char* kCouplingNote =
    "bounding-chain coalescence bounds TV(t) <= P(tau > t) over all starts; coupling two chosen starts "
    "is NOT a bound for this non-monotone model";

struct MixOptions {
    std::string spec = "grid:16x16";
    double lambda = 1;
    std::string dynamics = "glauber";
    std::size_t chains = 4;
    std::uint64_t sweeps = 1000;
    std::optional<std::uint64_t> burn_in;
    bool exact = false;
    std::uint32_t coalescence_runs = 8;
    std::uint64_t coalescence_cap = 1000;
    std::uint64_t seed = 1;
    bool json = false;
    bool progress = false;
};

Dynamics parse_mix_dynamics(const std::string& name) {
    if (name == "glauber") return Dynamics::glauber;
    if (name == "jerrum-sinclair") return Dynamics::jerrum_sinclair;
    throw InputError("unknown dynamics '" + name + "'; mix supports glauber or jerrum-sinclair");
}

nlohmann::ordered_json number(double v) {
    if (!std::isfinite(v)) return nullptr;
    return v;
}

nlohmann::ordered_json number(const std::optional<double>& v) {
    return v ? number(*v) : nlohmann::ordered_json(nullptr);
}

// Exact analysis first, so that an infeasible request fails (exit 3) before any simulation.
nlohmann::ordered_json exact_section(const Graph& g, Dynamics dynamics, double lambda) {
    const ExactChain chain = build_exact_chain(g, dynamics, lambda);
    const double row_err = max_row_sum_error(chain), db_err = max_detailed_balance_error(chain);
    if (row_err > 1e-9 || db_err > 1e-9) {
        throw std::runtime_error("exact transition matrix is not stochastic and reversible (row error " +
                                 std::to_string(row_err) + ", detailed-balance error " +
                                 std::to_string(db_err) + ")");
    }
    const SpectralSummary spec = spectral_analysis(chain);
    const TvCurve tv = worst_start_tv_curve(chain);
    nlohmann::ordered_json out;
    out["states"] = chain.size();
    out["spectral_gap"] = number(spec.gap);
    out["relaxation_time"] = number(spec.relaxation_time);
    out["tmix_quarter"] = tv.tmix_quarter ? nlohmann::ordered_json(*tv.tmix_quarter) : nullptr;
    // At most ~200 points: the curve of a slow chain can be long.
    nlohmann::ordered_json curve = nlohmann::ordered_json::array();
    const std::size_t stride = std::max<std::size_t>(1, (tv.tv.size() + 199) / 200);
    for (std::size_t t = 0; t < tv.tv.size(); ++t) {
        const bool keep =
            t % stride == 0 || t + 1 == tv.tv.size() || (tv.tmix_quarter && t == *tv.tmix_quarter);
        if (keep) curve.push_back({t, tv.tv[t]});
    }
    out["tv_curve"] = curve;
    out["exact_checks"] = {
        {"lambda_effective", chain.lambda_effective}, {"max_row_sum_error", row_err},
        {"max_detailed_balance_error", db_err},       {"min_eigenvalue", spec.min_eigenvalue},
        {"absolute_gap", spec.absolute_gap},          {"updates_per_sweep", chain.num_edges}};
    return out;
}

nlohmann::ordered_json coalescence_section(const Graph& g, double lambda, const MixOptions& opt) {
    const CoalescenceSummary s =
        measure_coalescence(g, lambda, opt.coalescence_runs, opt.seed, opt.coalescence_cap);
    nlohmann::ordered_json out;
    out["median"] = number(s.quantile_sweeps(0.5));
    out["q90"] = number(s.quantile_sweeps(0.9));
    out["runs"] = s.times.size();
    out["completed"] = s.completed();
    out["not_coalesced"] = s.times.size() - s.completed();
    out["cap_sweeps"] = opt.coalescence_cap;
    nlohmann::ordered_json bound = nlohmann::ordered_json::array();
    constexpr std::uint64_t kPoints = 20;
    for (std::uint64_t i = 1; i <= kPoints; ++i) {
        const std::uint64_t sweeps = std::max<std::uint64_t>(1, opt.coalescence_cap * i / kPoints);
        bound.push_back({sweeps, s.tail_probability(sweeps * g.num_edges())});
    }
    out["tv_bound"] = bound;  // [[sweeps, empirical P(tau > sweeps)], ...]
    out["note"] = kCouplingNote;
    return out;
}

int run_mix(const MixOptions& opt) {
    check_lambda(opt.lambda, "--lambda");
    const Dynamics dynamics = parse_mix_dynamics(opt.dynamics);
    if (opt.chains < 2)
        throw InputError("--chains must be at least 2 (4 or more recommended for split-R-hat)");
    if (opt.chains > 1024) throw InputError("--chains must be at most 1024");
    if (opt.sweeps < 8) throw InputError("--sweeps must be at least 8 (each split half needs 4 draws)");
    const auto t0 = std::chrono::steady_clock::now();
    const Graph g = make_graph(opt.spec, BuildOptions{.with_layout = false});
    if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges: nothing to mix");
    const std::uint64_t m = g.num_edges();
    const std::uint64_t burn_in = opt.burn_in.value_or((opt.sweeps + 9) / 10);
    // Series are held in memory (8 bytes per sweep, chain and observable); keep the product sane.
    const std::uint64_t max_sweeps =
        std::min<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / m, std::uint64_t{1} << 26);
    if (opt.sweeps > max_sweeps || burn_in > max_sweeps - opt.sweeps)
        throw InputError("--sweeps plus --burn-in is too large (at most " + std::to_string(max_sweeps) + ")");
    if (opt.coalescence_cap > std::numeric_limits<std::int64_t>::max() / m)
        throw InputError("--coalescence-cap is too large for this graph");

    nlohmann::ordered_json exact;
    if (opt.exact) exact = exact_section(g, dynamics, opt.lambda);

    EnsembleOptions eo;
    eo.dynamics = dynamics;
    eo.lambda = opt.lambda;
    eo.chains = opt.chains;
    eo.sweeps = opt.sweeps;
    eo.burn_in = burn_in;
    eo.seed = opt.seed;
    const bool show_progress = opt.progress || ::isatty(STDERR_FILENO);
    auto last = std::chrono::steady_clock::now();
    const EnsembleRun run = run_chain_ensemble(g, eo, [&](std::uint64_t done, std::uint64_t total) {
        if (!show_progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(1)) return;
        last = now;
        std::cerr << "progress: sweep " << done << "/" << total << "\n";
    });

    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["n"] = g.num_vertices();
    out["m"] = m;
    out["lambda"] = opt.lambda;
    out["dynamics"] = std::string(dynamics_name(dynamics));
    out["seed"] = opt.seed;
    out["chains"] = opt.chains;
    out["sweeps"] = opt.sweeps;
    out["burn_in"] = burn_in;
    out["starts"] = run.start_names;
    nlohmann::ordered_json tau, ess, rhat_by = nlohmann::ordered_json::object();
    double rhat_bulk = -INFINITY, rhat_folded = -INFINITY;
    for (std::size_t o = 0; o < run.observables.size(); ++o) {
        const ObservableReport r = report_observable(run.series[o]);
        const std::string& name = run.observables[o];
        tau[name] = {{"value", number(r.tau.tau)},
                     {"stderr", number(r.tau.standard_error)},
                     {"window", r.tau.window},
                     {"reliable", r.tau.reliable}};
        ess[name] = {
            {"sokal", number(r.ess)}, {"bulk", number(r.multi.bulk)}, {"tail", number(r.multi.tail)}};
        rhat_by[name] = {{"bulk", number(r.rhat.bulk)}, {"folded", number(r.rhat.folded)}};
        // Constant observables (NaN) carry no evidence either way and do not enter the maximum.
        if (std::isfinite(r.rhat.bulk)) rhat_bulk = std::max(rhat_bulk, r.rhat.bulk);
        if (std::isfinite(r.rhat.folded)) rhat_folded = std::max(rhat_folded, r.rhat.folded);
    }
    out["tau_int"] = tau;  // in sweeps
    out["ess"] = ess;      // draws over all chains; sokal = K N / tau_int
    out["rhat"] = {{"bulk", number(rhat_bulk)}, {"folded", number(rhat_folded)}, {"by_observable", rhat_by}};
    if (dynamics == Dynamics::glauber && opt.coalescence_runs > 0) {
        out["coalescence"] = coalescence_section(g, opt.lambda, opt);
    } else {
        out["coalescence"] = nullptr;
        if (opt.coalescence_runs > 0)
            out["coalescence_note"] = "the bounding chain exists for heat-bath Glauber only; none was run";
    }
    if (opt.exact) {
        for (auto& [key, value] : exact.items()) out[key] = value;
    }
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << (opt.json ? out.dump() : out.dump(2)) << "\n";
    return 0;
}

}  // namespace

CommandAction add_mix_command(CLI::App& app) {
    auto opt = std::make_shared<MixOptions>();
    CLI::App* sub = app.add_subcommand(
        "mix",
        "Mixing diagnostics: tau_int, ESS, split-R-hat, bounding-chain coalescence, exact TV and gaps");
    sub->add_option("--graph", opt->spec, "Graph spec")->capture_default_str();
    sub->add_option("--lambda", opt->lambda, "Dimer activity λ > 0")->capture_default_str();
    sub->add_option("--dynamics", opt->dynamics, "glauber | jerrum-sinclair")->capture_default_str();
    sub->add_option("--chains", opt->chains, "Chains from dispersed starts (>= 4 recommended)")
        ->capture_default_str();
    sub->add_option("--sweeps", opt->sweeps, "Recorded sweeps per chain (1 sweep = m updates)")
        ->capture_default_str();
    sub->add_option("--burn-in", opt->burn_in, "Sweeps run before recording (default: a tenth of --sweeps)");
    sub->add_flag("--exact", opt->exact,
                  "Exact spectral gap and worst-start TV curve (tiny graphs: at most 10^4 matchings; cost "
                  "~|states|^3)");
    sub->add_option("--coalescence", opt->coalescence_runs, "Bounding-chain runs (0: none; Glauber only)")
        ->capture_default_str();
    sub->add_option("--coalescence-cap", opt->coalescence_cap,
                    "Sweeps after which a bounding chain is given up")
        ->capture_default_str();
    sub->add_option("--seed", opt->seed, "Seed: chain k uses the tape of seed + k")->capture_default_str();
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    sub->add_flag("--progress", opt->progress,
                  "Report progress on stderr (default: when stderr is a terminal)");
    return [opt]() { return run_mix(*opt); };
}

}  // namespace dimerlab::cli
