// dimerlab-cli bench: sequential Glauber throughput against a plain loop in the same process.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "perf/glauber_throughput.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {

CommandAction add_bench_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> specs{"torus:64x64", "torus:512x512"};
        double lambda = 1;
        std::uint64_t sweeps = 40;
        bool json = false;
    };
    auto opt = std::make_shared<Options>();
    CLI::App* sub = app.add_subcommand(
        "bench",
        "Sequential Glauber updates/s, one thread, as a ratio to a plain loop measured in the same run");
    sub->add_option("--graph", opt->specs, "Graph specs (repeatable)")->capture_default_str();
    sub->add_option("--lambda", opt->lambda, "Dimer activity λ > 0")->capture_default_str();
    sub->add_option("--sweeps", opt->sweeps, "Sweeps per measurement")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    return [opt]() {
        check_lambda(opt->lambda, "--lambda");
        if (opt->sweeps == 0) throw InputError("--sweeps must be at least 1");
        nlohmann::ordered_json out;
        out["machine"] = cpu_model_name();
        out["lambda"] = opt->lambda;
        out["threads"] = 1;
        nlohmann::ordered_json runs = nlohmann::ordered_json::array();
        for (const std::string& spec : opt->specs) {
            const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
            print_graph_notices(g);
            if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges");
            const GlauberBenchResult r =
                measure_glauber_throughput(g, opt->lambda, opt->sweeps * g.num_edges());
            nlohmann::ordered_json run;
            run["graph"] = g.spec();
            run["updates"] = r.updates;
            run["baseline_updates_per_second"] = r.baseline_updates_per_s;
            run["sampler_updates_per_second"] = r.production_updates_per_s;
            run["ratio"] = r.production_updates_per_s / r.baseline_updates_per_s;
            run["same_final_state"] = r.same_state;
            if (!opt->json) {
                std::cout << g.spec() << ": plain loop " << r.baseline_updates_per_s / 1e6
                          << " M updates/s, sampler " << r.production_updates_per_s / 1e6
                          << " M updates/s, ratio " << r.production_updates_per_s / r.baseline_updates_per_s
                          << (r.same_state ? "" : "  (FINAL STATES DIFFER)") << "\n";
            }
            runs.push_back(run);
            if (!r.same_state)
                throw std::runtime_error("benchmark loops disagree on the final state of " + g.spec());
        }
        out["runs"] = runs;
        if (opt->json) std::cout << out.dump() << "\n";
        return 0;
    };
}

}  // namespace dimerlab::cli
