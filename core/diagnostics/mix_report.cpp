#include "diagnostics/mix_report.hpp"

#include <limits>
#include <stdexcept>
#include <string>

#include "diagnostics/cancelled.hpp"
#include "diagnostics/centre_edge.hpp"
#include "diagnostics/chain_ensemble.hpp"
#include "diagnostics/exact_chain.hpp"
#include "diagnostics/panel_applicability.hpp"
#include "diagnostics/per_start_tv.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

void validate(const Graph& g, MixRequest& r) {
    // What mixing means for this run is the panels' table: exact samples have nothing to mix, and
    // at λ = ∞ single-edge chains cannot move.
    const RunKind run{r.dynamics, is_infinite_lambda(r.lambda), graph_kind(g)};
    if (const Applicability live = applicability(PanelItem::live_mixing, run);
        live.verdict != Verdict::computes)
        throw InputError("mix: " + live.sentence);
    if (run.infinite_lambda && r.dynamics != Dynamics::rotation)
        throw InputError("mix: " + applicability(PanelItem::rhat, run).sentence);
    check_lambda_or_infinite(r.lambda, "--lambda");
    // rotation alone keeps |M|: from the dispersed starts (different |M|) it can never mix, and its
    // exact matrix on all matchings is reducible, so there is no gap or t_mix to report.
    if (r.dynamics == Dynamics::rotation)
        throw InputError(
            "mix: rotation dynamics keep the number of dimers, so the chain cannot mix over "
            "monomer-dimer configurations; use glauber+rotation");
    if (r.dynamics != Dynamics::glauber && r.dynamics != Dynamics::jerrum_sinclair &&
        r.dynamics != Dynamics::glauber_rotation)
        throw InputError("mix supports glauber, jerrum-sinclair or glauber+rotation dynamics only");
    if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges: nothing to mix");
    if (r.chains < 2) throw InputError("--chains must be at least 2 (4 or more recommended for split-R-hat)");
    if (r.chains > 1024) throw InputError("--chains must be at most 1024");
    if (r.sweeps < 8) throw InputError("--sweeps must be at least 8 (each split half needs 4 draws)");
    const std::uint64_t m = g.num_edges();
    r.burn_in = r.burn_in.value_or((r.sweeps + 9) / 10);
    // Series are held in memory (8 bytes per sweep, chain and observable); keep the product sane.
    const std::uint64_t max_sweeps =
        std::min<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / m, std::uint64_t{1} << 26);
    if (r.sweeps > max_sweeps || *r.burn_in > max_sweeps - r.sweeps)
        throw InputError("--sweeps plus --burn-in is too large (at most " + std::to_string(max_sweeps) + ")");
    if (r.coalescence_cap > std::numeric_limits<std::int64_t>::max() / m)
        throw InputError("--coalescence-cap is too large for this graph");
    if (r.edge && *r.edge >= m)
        throw InputError("--edge " + std::to_string(*r.edge) + " is not an edge of the graph (edge ids 0.." +
                         std::to_string(m - 1) + ")");
    if (!r.edge) r.edge = centre_edge(g);
    if (r.empirical_chains > 0 && !r.exact) throw InputError("--empirical-chains needs --exact");
    if (r.empirical_chains > 10'000'000) throw InputError("--empirical-chains must be at most 10^7");
    if (!(r.empirical_alpha > 0 && r.empirical_alpha < 1))
        throw InputError("the false-alarm rate must lie in (0, 1)");
    if (r.depth_blocks > 100'000) throw InputError("--depth-blocks must be at most 100000");
}

}  // namespace

ExactMixSection compute_exact_mix_section(const Graph& g, const MixRequest& request,
                                          const std::function<void(const MixProgress&)>& progress,
                                          const std::atomic<bool>* cancel) {
    const auto report = [&](const char* stage, std::uint64_t done, std::uint64_t total) {
        if (progress) progress({stage, done, total});
    };
    report("exact", 0, 0);
    const ExactChain chain = build_exact_chain(g, request.dynamics, request.lambda, request.max_exact_states);
    ExactMixSection x;
    x.states = chain.size();
    x.lambda_effective = chain.lambda_effective;
    x.updates_per_sweep = chain.num_edges;
    x.max_row_sum_error = max_row_sum_error(chain);
    x.max_detailed_balance_error = max_detailed_balance_error(chain);
    if (x.max_row_sum_error > 1e-9 || x.max_detailed_balance_error > 1e-9) {
        throw std::runtime_error("exact transition matrix is not stochastic and reversible (row error " +
                                 std::to_string(x.max_row_sum_error) + ", detailed-balance error " +
                                 std::to_string(x.max_detailed_balance_error) + ")");
    }
    throw_if_cancelled(cancel);
    const bool dense = chain.size() <= request.dense_exact_states;
    x.spectrum = dense ? spectral_analysis(chain) : sparse_spectral_analysis(chain);
    x.spectral_method = dense ? "dense" : "lanczos";
    throw_if_cancelled(cancel);
    if (dense) {
        const TvOptions opt;
        x.tv = worst_start_tv_curve(chain, opt);
        x.tv_curve_method = "all-starts-dense";
        x.tv_stop_below = opt.stop_below;
    } else {
        PerStartTvOptions opt;
        opt.threads = request.threads;
        opt.cancel = cancel;
        opt.progress = [&](std::size_t done, std::size_t total) { report("exact", done, total); };
        x.tv = per_start_tv_curve(chain, opt);
        x.tv_curve_method = "per-start-sparse";
        x.tv_stop_below = opt.stop_below;
    }
    if (request.empirical_chains > 0) {
        report("empirical", 0, request.empirical_chains);
        // The start that is worst at t_mix (or at the end of the curve): the hardest case to match.
        const std::size_t at = x.tv.tmix_quarter ? *x.tv.tmix_quarter : x.tv.tv.size() - 1;
        const std::uint32_t start = x.tv.worst_start.at(at);
        const std::vector<std::uint64_t> times =
            empirical_tv_times(x.tv.tmix_quarter.value_or(0), x.tv.tv.size());
        x.empirical = empirical_tv(g, chain, start, times, request.empirical_chains, request.seed,
                                   request.empirical_alpha, cancel);
    }
    return x;
}

Dynamics parse_mix_dynamics(std::string_view name) {
    const Dynamics dynamics = parse_dynamics(name);
    // The others are refused by compute_mix_report, each with its reason.
    if (dynamics == Dynamics::chromatic)
        throw InputError("dynamics '" + std::string(name) +
                         "': mix supports glauber, jerrum-sinclair or glauber+rotation");
    return dynamics;
}

MixReport compute_mix_report(const Graph& g, const MixRequest& request_in,
                             const std::function<void(const MixProgress&)>& progress,
                             const std::atomic<bool>* cancel) {
    MixRequest request = request_in;
    validate(g, request);
    MixReport out;
    out.graph_spec = g.spec();
    out.n = g.num_vertices();
    out.m = g.num_edges();
    // Exact analysis first, so that an infeasible request fails (exit 3) before any simulation.
    if (request.exact) out.exact = compute_exact_mix_section(g, request, progress, cancel);

    EnsembleOptions eo;
    eo.dynamics = request.dynamics;
    eo.lambda = request.lambda;
    eo.chains = request.chains;
    eo.sweeps = request.sweeps;
    eo.burn_in = *request.burn_in;
    eo.seed = request.seed;
    eo.edge = request.edge;
    eo.cancel = cancel;
    eo.ensemble = request.ensemble;
    const EnsembleRun run = run_chain_ensemble(g, eo, [&](std::uint64_t done, std::uint64_t total) {
        if (progress) progress({"chains", done, total});
    });
    out.start_names = run.start_names;
    out.backend = run.backend;
    out.notice = run.notice;
    for (std::size_t o = 0; o < run.observables.size(); ++o)
        out.observables.push_back({run.observables[o], report_observable(run.series[o])});

    const bool glauber = request.dynamics == Dynamics::glauber;
    if (glauber && request.coalescence_runs > 0) {
        throw_if_cancelled(cancel);
        if (progress) progress({"coalescence", 0, request.coalescence_runs});
        out.coalescence = measure_coalescence(g, request.lambda, request.coalescence_runs, request.seed,
                                              request.coalescence_cap);
    }
    if (glauber && request.depth_blocks > 0) {
        if (progress) progress({"parallel-depth", 0, request.depth_blocks});
        ParallelDepthOptions po;
        po.lambda = request.lambda;
        po.seed = request.seed;
        po.blocks = request.depth_blocks;
        po.threads = request.threads == 0 ? 1 : request.threads;
        po.cancel = cancel;
        out.parallel_depth = measure_parallel_depth(g, po);
    }
    out.request = request;
    return out;
}

}  // namespace dimerlab
