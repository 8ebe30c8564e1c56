// dimerlab-cli mix: has a chain mixed, and how fast does it mix? (docs/algorithms.md §6)
// Multi-chain τ_int / ESS / split-R̂ from dispersed starts, bounding-chain coalescence, parallel
// depth, and with --exact the exact spectral gap and worst-start TV curve of a tiny graph. The
// computation is compute_mix_report (core/diagnostics/mix_report.hpp), shared with the app;
// this file only parses options and prints.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "command.hpp"
#include "diagnostics/mix_report.hpp"
#include "diagnostics/mix_report_json.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

struct MixOptions {
    std::string spec = "grid:16x16";
    double lambda = 1;
    std::string dynamics = "glauber";
    std::string backend = "cpu";
    std::size_t chains = 4;
    std::uint64_t sweeps = 1000;
    std::optional<std::uint64_t> burn_in;
    std::optional<std::uint32_t> edge;
    bool exact = false;
    std::size_t empirical_chains = 0;
    std::uint32_t coalescence_runs = 8;
    std::uint64_t coalescence_cap = 1000;
    std::uint64_t depth_blocks = 8;
    unsigned threads = 0;
    std::uint64_t seed = 1;
    bool json = false;
    bool progress = false;
};

int run_mix(const MixOptions& opt) {
    check_lambda_or_infinite(opt.lambda, "--lambda");  // λ = ∞ gets the table's words once the graph is known
    MixRequest q;
    q.dynamics = parse_mix_dynamics(opt.dynamics);
    std::string notice;
    q.ensemble = make_ensemble_factory(
        parse_backend(opt.backend), "mix",
        q.dynamics == Dynamics::glauber
            ? ""
            : "runs the glauber ensemble only, not '" + std::string(dynamics_name(q.dynamics)) + "'",
        notice);
    q.lambda = opt.lambda;
    q.chains = opt.chains;
    q.sweeps = opt.sweeps;
    q.burn_in = opt.burn_in;
    q.seed = opt.seed;
    if (opt.edge) q.edge = *opt.edge;
    q.coalescence_runs = opt.coalescence_runs;
    q.coalescence_cap = opt.coalescence_cap;
    q.exact = opt.exact;
    q.empirical_chains = opt.empirical_chains;
    q.depth_blocks = opt.depth_blocks;
    q.threads = opt.threads;
    const auto t0 = std::chrono::steady_clock::now();
    const Graph g = make_graph(opt.spec, BuildOptions{.with_layout = false});
    print_graph_notices(g);
    const bool show_progress = opt.progress || ::isatty(STDERR_FILENO);
    auto last = std::chrono::steady_clock::now();
    const MixReport report = compute_mix_report(g, q, [&](const MixProgress& p) {
        if (!show_progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(1)) return;
        last = now;
        std::cerr << "progress: " << p.stage << " " << p.done << "/" << p.total << "\n";
    });
    if (!notice.empty()) std::cerr << "notice: " << notice << "\n";
    if (!report.notice.empty()) std::cerr << report.notice << "\n";
    nlohmann::ordered_json out = mix_report_json(g, report);
    out["backend"] = report.backend;
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
    sub->add_option("--dynamics", opt->dynamics, "glauber | jerrum-sinclair | glauber+rotation")
        ->capture_default_str();
    sub->add_option(
           "--backend", opt->backend,
           "cpu | cuda | auto: what runs the glauber chains (each the sequential chain of seed + k, bit "
           "for bit, on every backend)")
        ->capture_default_str();
    sub->add_option("--chains", opt->chains, "Chains from dispersed starts (>= 4 recommended)")
        ->capture_default_str();
    sub->add_option("--sweeps", opt->sweeps, "Recorded sweeps per chain (1 sweep = m updates)")
        ->capture_default_str();
    sub->add_option("--burn-in", opt->burn_in, "Sweeps run before recording (default: a tenth of --sweeps)");
    sub->add_option("--edge", opt->edge,
                    "Edge id for the edge-indicator observable (default: an edge at the graph centre)");
    sub->add_flag(
        "--exact", opt->exact,
        "Exact spectral gap and worst-start TV curve (tiny graphs: at most 12000 matchings; dense up "
        "to 2000, Lanczos and per-start propagation above)");
    sub->add_option("--empirical-chains", opt->empirical_chains,
                    "With --exact: empirical TV of this many independent chains from the worst start against "
                    "the exact curve (0: none)")
        ->capture_default_str();
    sub->add_option("--depth-blocks", opt->depth_blocks,
                    "Tape blocks (one sweep each) for the parallel-depth diagnostics (0: none; Glauber only)")
        ->capture_default_str();
    sub->add_option("--threads", opt->threads, "Threads for the exact TV curve and parallel depth (0: all)")
        ->capture_default_str();
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
