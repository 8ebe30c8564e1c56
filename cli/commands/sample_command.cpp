// dimerlab-cli sample: run a chain on a graph and report the final state and observables.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <sstream>
#include <string>

#include "chromatic/class_order.hpp"
#include "command.hpp"
#include "diagnostics/parallel_depth.hpp"
#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "faces/cftp_sampler.hpp"
#include "graph/graph_spec.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/observables.hpp"
#include "sampling/start_state.hpp"
#include "sampling/sweep_length.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::cli {
namespace {

struct SampleOptions {
    std::string spec = "grid:64x64";
    std::string lambda_text = "1";
    bool lambda_given = false;  // cftp: λ = ∞ unless --lambda says otherwise (then refused)
    std::uint64_t seed = 1;
    std::optional<std::uint64_t> sweeps;  // default 100, or 1 for shuffle (each sweep one exact sample)
    std::optional<std::uint64_t> burn_in;
    std::string dynamics = "glauber";
    std::optional<std::string> class_order;  // chromatic only; default fixed
    std::string backend = "auto";
    double block_sweeps = 1;  // cpu-parallel and cuda: sweeps per Jacobi block
    std::string start = "empty";
    std::vector<std::string> lambda_changes;
    std::string csv;
    std::string matching_out;
    bool json = false;
    std::uint64_t max_sweeps = 1'000'000;  // cftp: cap on the coalescence time
    bool progress = false;
};

// "UPDATE:LAMBDA", e.g. 81920:0.5.
LambdaChange parse_lambda_change(const std::string& text) {
    const auto colon = text.find(':');
    LambdaChange c;
    std::size_t used = 0;
    try {
        if (colon == std::string::npos) throw std::invalid_argument("no colon");
        const std::string t = text.substr(0, colon), l = text.substr(colon + 1);
        if (t.empty() || t[0] == '-') throw std::invalid_argument("update");
        c.at_update = std::stoull(t, &used);
        if (used != t.size()) throw std::invalid_argument("update");
        c.lambda = parse_lambda(l, "--lambda-change lambda");
    } catch (const std::exception&) {
        throw InputError("--lambda-change '" + text + "': expected UPDATE:LAMBDA, e.g. 81920:0.5");
    }
    return c;
}

nlohmann::json json_number_or_null(double v, bool present) {
    if (!present || !std::isfinite(v)) return nullptr;
    return v;
}

// The Jacobi rounds of the exact parallel backends (cpu-parallel and cuda Glauber), reported as
// mix reports them: rounds per block, evaluations per update, and the bound's scale. Null for
// the backends that have no rounds.
nlohmann::ordered_json parallel_depth_json(const Graph& g, const Sampler& sampler) {
    const JacobiTotals* totals = nullptr;
    std::uint64_t block_updates = 0;
    if (const auto* cpu = dynamic_cast<const JacobiParallelSampler*>(&sampler)) {
        totals = &cpu->totals();
        block_updates = cpu->block_updates();
    } else if (const auto* dev = dynamic_cast<const gpu::CudaJacobiSampler*>(&sampler)) {
        totals = &dev->totals();
        block_updates = dev->block_updates();
    }
    if (totals == nullptr || totals->blocks == 0) return nullptr;
    const DepthBoundScale scale = depth_bound_scale(g);
    nlohmann::ordered_json out;
    out["blocks"] = totals->blocks;
    out["block_updates"] = block_updates;
    out["rounds_mean"] = static_cast<double>(totals->rounds) / static_cast<double>(totals->blocks);
    out["rounds_max"] = totals->max_rounds;
    out["work_per_update"] = static_cast<double>(totals->work) / static_cast<double>(totals->updates);
    out["bound"] = scale.bound;
    out["max_degree"] = scale.max_degree;
    out["cube_root_m"] = scale.cube_root_m;
    out["sqrt_n"] = scale.sqrt_n;
    return out;
}

// The final matching, one "u v" line per dimer (0-based ids, u < v, in increasing u).
std::string matching_text(std::span<const std::uint32_t> mate) {
    std::string out;
    for (std::uint32_t u = 0; u < mate.size(); ++u) {
        if (mate[u] == kNoMate || mate[u] < u) continue;
        out += std::to_string(u) + ' ' + std::to_string(mate[u]) + '\n';
    }
    return out;
}

// --dynamics cftp: one exact uniform perfect matching by coupling from the past (update 0 of a
// CftpSampler); it samples λ = ∞, the default here, and a finite --lambda is refused.
int run_cftp_sample(const SampleOptions& opt) {
    const double lambda = opt.lambda_given ? parse_lambda(opt.lambda_text, "--lambda") : kInfiniteLambda;
    const Graph g = make_graph(opt.spec, BuildOptions{.with_layout = false});
    print_graph_notices(g);
    const auto t0 = std::chrono::steady_clock::now();
    CftpSampler sampler(g, opt.seed, LambdaRecord(lambda), MateArray(g.num_vertices(), kNoMate),
                        opt.max_sweeps);
    sampler.advance(1);
    const CftpResult& r = sampler.last_result();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!opt.matching_out.empty()) write_file_atomically(opt.matching_out, matching_text(r.matching));
    const std::uint32_t dimers = count_dimers(r.matching);
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["seed"] = opt.seed;
    out["dynamics"] = "cftp";
    out["coalescence_updates"] = r.coalescence_updates;
    out["coalescence_sweeps"] = r.coalescence_updates / r.faces;
    out["updates_per_sweep"] = r.faces;
    out["final"] = {{"dimers", dimers},
                    {"monomers", g.num_vertices() - 2 * dimers},
                    {"state_hash", hex16(state_hash(r.matching))}};
    out["seconds"] = seconds;
    std::cout << (opt.json ? out.dump() : out.dump(2)) << "\n";
    return 0;
}

int run_sample(const SampleOptions& opt) {
    if (parse_dynamics(opt.dynamics) == Dynamics::cftp) return run_cftp_sample(opt);
    const double lambda = parse_lambda(opt.lambda_text, "--lambda");
    SamplerSpec spec;
    spec.graph = opt.spec;
    spec.seed = opt.seed;
    spec.dynamics = parse_dynamics(opt.dynamics);
    spec.class_order = parse_class_order(opt.class_order.value_or("fixed"));
    if (opt.class_order && spec.dynamics != Dynamics::chromatic)
        throw InputError("--class-order applies to --dynamics chromatic only");
    spec.backend = parse_backend(opt.backend);
    spec.block_sweeps = opt.block_sweeps;
    spec.start = parse_start_kind(opt.start);
    spec.record = LambdaRecord(lambda);
    for (const std::string& text : opt.lambda_changes) {
        const LambdaChange c = parse_lambda_change(text);
        spec.record.change_at(c.at_update, c.lambda);
    }
    const Dynamics dynamics = spec.dynamics;
    const LambdaRecord& record = spec.record;

    const Graph g = make_graph(opt.spec, BuildOptions{.with_layout = false});
    print_graph_notices(g);
    if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges: nothing to sample");
    // shuffle is exact: one update is one independent sample, so a "sweep" is one update, the
    // default is a single sample and there is nothing to burn in.
    const std::uint64_t m = updates_per_sweep(dynamics, g.num_edges());
    const bool exact_samples = is_exact_sampler(dynamics);
    const std::uint64_t sweeps = opt.sweeps.value_or(exact_samples ? 1 : 100);
    // Default burn-in: a tenth of the measured sweeps, so the empty start does not bias means.
    const std::uint64_t burn_in = opt.burn_in.value_or(exact_samples ? 0 : (sweeps + 9) / 10);
    const std::uint64_t max_sweeps = std::numeric_limits<std::int64_t>::max() / m;
    if (sweeps > max_sweeps || burn_in > max_sweeps - sweeps) {
        throw InputError("--sweeps plus --burn-in is too large for this graph (at most " +
                         std::to_string(max_sweeps) + " sweeps of " + std::to_string(m) + " updates)");
    }

    const auto t0 = std::chrono::steady_clock::now();
    BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
    std::unique_ptr<Sampler> sampler = std::move(built.sampler);
    std::string backend_notice = built.notice.empty() ? "" : "notice: " + built.notice + "\n";

    const bool show_progress = opt.progress || ::isatty(STDERR_FILENO);
    // With progress lines the notice goes first, where a watching user sees it. Otherwise it is
    // printed only once the run has succeeded, so that a failing run's stderr stays exactly one
    // "error:" line (the CLI contract, docs/architecture.md §7.1).
    if (show_progress) {
        std::cerr << backend_notice;
        backend_notice.clear();
    }
    auto last_report = t0;
    const std::uint64_t total_sweeps = burn_in + sweeps;
    RunningStats dimers, monomers, covered, imbalance;
    std::ostringstream csv;
    const bool want_csv = !opt.csv.empty();
    if (want_csv) csv << "sweep,updates,lambda,dimers,monomers,covered_fraction,imbalance\n";
    for (std::uint64_t s = 1; s <= total_sweeps; ++s) {
        sampler->advance(m);
        const StateObservables o = measure_state(g, sampler->mate());
        if (s > burn_in) {
            dimers.add(o.dimers);
            monomers.add(o.monomers);
            covered.add(o.covered_fraction);
            if (o.axis_imbalance) imbalance.add(static_cast<double>(*o.axis_imbalance));
        }
        if (want_csv) {
            csv << s << ',' << sampler->time() << ',' << sampler->lambda() << ',' << o.dimers << ','
                << o.monomers << ',' << o.covered_fraction << ',';
            if (o.axis_imbalance) csv << *o.axis_imbalance;
            csv << '\n';
        }
        if (show_progress) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last_report > std::chrono::seconds(1)) {
                last_report = now;
                const double secs = std::chrono::duration<double>(now - t0).count();
                std::cerr << "progress: sweep " << s << "/" << total_sweeps << " ("
                          << static_cast<int>(100.0 * s / total_sweeps) << "%), "
                          << static_cast<double>(sampler->time()) / secs / 1e6 << " M updates/s\n";
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (want_csv) write_file_atomically(opt.csv, csv.str());
    if (!opt.matching_out.empty()) write_file_atomically(opt.matching_out, matching_text(sampler->mate()));
    std::cerr << backend_notice;

    const std::uint32_t final_dimers = count_dimers(sampler->mate());
    const bool have = dimers.count() > 0;
    const bool have_imb = imbalance.count() > 0;
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    // λ = ∞ is written as the string "inf", which --lambda and sessions read back.
    auto lambda_json = [](double l) -> nlohmann::ordered_json {
        if (is_infinite_lambda(l)) return "inf";
        return l;
    };
    out["lambda"] = lambda_json(lambda);
    if (record.changes().size() > 1) {
        nlohmann::ordered_json changes = nlohmann::ordered_json::array();
        for (const LambdaChange& c : record.changes())
            changes.push_back({c.at_update, lambda_json(c.lambda)});
        out["lambda_record"] = changes;
    }
    out["seed"] = opt.seed;
    out["dynamics"] = std::string(dynamics_name(dynamics));
    if (dynamics == Dynamics::chromatic) out["class_order"] = std::string(class_order_name(spec.class_order));
    out["backend"] = std::string(sampler->backend_name());
    out["start"] = opt.start;
    out["updates"] = sampler->time();
    out["sweeps"] = sweeps;
    out["burn_in"] = burn_in;
    out["final"] = {{"dimers", final_dimers},
                    {"monomers", g.num_vertices() - 2 * final_dimers},
                    {"state_hash", hex16(state_hash(sampler->mate()))}};
    nlohmann::ordered_json obs;
    obs["samples"] = dimers.count();
    obs["dimers_mean"] = json_number_or_null(dimers.mean(), have);
    obs["dimers_var"] = json_number_or_null(dimers.variance(), have && dimers.count() > 1);
    obs["monomers_mean"] = json_number_or_null(monomers.mean(), have);
    obs["covered_fraction_mean"] = json_number_or_null(covered.mean(), have);
    obs["imbalance_mean"] = json_number_or_null(imbalance.mean(), have_imb);
    obs["imbalance_var"] = json_number_or_null(imbalance.variance(), have_imb && imbalance.count() > 1);
    out["observables"] = obs;
    out["parallel_depth"] = parallel_depth_json(g, *sampler);
    out["seconds"] = seconds;
    if (opt.json) {
        std::cout << out.dump() << "\n";
    } else {
        std::cout << out.dump(2) << "\n";
    }
    return 0;
}

}  // namespace

CommandAction add_sample_command(CLI::App& app) {
    auto opt = std::make_shared<SampleOptions>();
    CLI::App* sub =
        app.add_subcommand("sample", "Run a chain on a graph; report the final state and observable means");
    sub->add_option("--graph", opt->spec, "Graph spec")->capture_default_str();
    sub->add_option(
           "--lambda", opt->lambda_text,
           "Dimer activity λ > 0, or inf: uniform perfect matchings (dimer model; --dynamics shuffle)")
        ->capture_default_str();
    sub->add_option("--seed", opt->seed, "Seed of the update tape")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--sweeps", opt->sweeps,
                    "Measured sweeps (1 sweep = m updates; default 100). shuffle: independent exact samples "
                    "(default 1; the final state is the last)")
        ->check(non_negative_integer());
    sub->add_option("--burn-in", opt->burn_in, "Sweeps run before measuring (default: a tenth of --sweeps)")
        ->check(non_negative_integer());
    sub->add_option("--max-sweeps", opt->max_sweeps,
                    "cftp: give up (exit 3) when coalescence needs more sweeps of face updates than this")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--dynamics", opt->dynamics,
                    "glauber | jerrum-sinclair | chromatic | shuffle (aztec:N, λ = inf) | rotation | "
                    "glauber+rotation | cftp (grid, aztec, hex, hexagon; λ = inf)")
        ->capture_default_str();
    sub->add_option("--class-order", opt->class_order,
                    "chromatic: fixed (classes in colouring order each sweep) | random (a new random order "
                    "each sweep; reversible). Default fixed");
    sub->add_option("--backend", opt->backend, "auto | cpu | cpu-parallel | cuda")->capture_default_str();
    sub->add_option("--block-sweeps", opt->block_sweeps, "cpu-parallel, cuda: sweeps per Jacobi block (> 0)")
        ->capture_default_str();
    sub->add_option(
           "--start", opt->start,
           "empty | greedy | maximum | exact (a uniform perfect matching: aztec, grid, hex, hexagon)")
        ->capture_default_str();
    sub->add_option("--lambda-change", opt->lambda_changes,
                    "UPDATE:LAMBDA, λ from that update index on (repeatable, in increasing order)");
    sub->add_option("--csv", opt->csv, "Write the per-sweep time series to this CSV file");
    sub->add_option("--matching-out", opt->matching_out,
                    "Write the final matching to this file: one 'u v' line per dimer (0-based ids)");
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    sub->add_flag("--progress", opt->progress,
                  "Report progress on stderr (default: when stderr is a terminal)");
    CLI::Option* lambda_option = sub->get_option("--lambda");
    return [opt, lambda_option]() {
        opt->lambda_given = lambda_option->count() > 0;
        return run_sample(*opt);
    };
}

}  // namespace dimerlab::cli
