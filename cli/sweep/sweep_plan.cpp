#include "sweep/sweep_plan.hpp"

#include <algorithm>
#include <limits>

#include "counting/approx/approx_count.hpp"
#include "graph/graph_spec.hpp"
#include "sweep/lambda_grid.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

Measure parse_measure(const std::string& name) {
    if (name == "density") return Measure::density;
    if (name == "imbalance") return Measure::imbalance;
    if (name == "tau") return Measure::tau;
    if (name == "exact") return Measure::exact;
    if (name == "logz") return Measure::logz;
    throw InputError("--measure '" + name + "': expected density, imbalance, tau, exact or logz");
}

const char* measure_name(Measure m) {
    switch (m) {
        case Measure::density:
            return "density";
        case Measure::imbalance:
            return "imbalance";
        case Measure::tau:
            return "tau";
        case Measure::exact:
            return "exact";
        case Measure::logz:
            return "logz";
    }
    return "?";
}

}  // namespace

SweepPlan::SweepPlan(const SweepRequest& request) : request_(request) {
    if (request.graphs.empty()) throw InputError("sweep needs at least one --graph SPEC");
    if (request.seeds == 0) throw InputError("--seeds must be at least 1");
    if (request.sweeps == 0) throw InputError("--sweeps must be at least 1");
    if (request.out.empty()) throw InputError("sweep needs --out FILE.csv or FILE.json");
    if (!request.out.ends_with(".csv") && !request.out.ends_with(".json"))
        throw InputError("--out '" + request.out + "': the name must end in .csv or .json");
    lambdas_ = parse_lambda_grid(request.lambda_text);
    std::size_t from = 0;
    const std::string& mt = request.measure_text;
    for (;;) {
        const std::size_t at = mt.find(',', from);
        const Measure m =
            parse_measure(mt.substr(from, at == std::string::npos ? std::string::npos : at - from));
        if (std::find(measures_.begin(), measures_.end(), m) == measures_.end()) measures_.push_back(m);
        if (at == std::string::npos) break;
        from = at + 1;
    }
    if (measures(Measure::logz) && !(request.epsilon > 0 && request.epsilon < 10))
        throw InputError("--epsilon must be a number in (0, 10)");
    for (const std::string& spec : request.graphs) {
        graphs_.push_back(make_graph(spec, BuildOptions{.with_layout = false}));
        const Graph& g = graphs_.back();
        if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges: nothing to sample");
    }
    burn_in_ = request.burn_in.value_or((request.sweeps + 9) / 10);
    for (const Graph& g : graphs_) {
        const std::uint64_t max_sweeps = std::numeric_limits<std::int64_t>::max() / g.num_edges();
        if (request.sweeps > max_sweeps || burn_in_ > max_sweeps - request.sweeps)
            throw InputError("--sweeps plus --burn-in is too large for graph '" + g.spec() + "'");
        if (request.sweeps + burn_in_ > (std::uint64_t{1} << 32))
            throw InputError("--sweeps plus --burn-in is more than 2^32 recorded sweeps");
    }
    const std::uint64_t per_graph = lambdas_.size() * request.seeds;
    if (request.seeds > (std::uint64_t{1} << 40) / lambdas_.size() / graphs_.size())
        throw InputError("sweep has more than 2^40 jobs");
    jobs_ = per_graph * graphs_.size();

    nlohmann::ordered_json names = nlohmann::ordered_json::array();
    for (Measure m : measures_) names.push_back(measure_name(m));
    nlohmann::ordered_json specs = nlohmann::ordered_json::array();
    for (const Graph& g : graphs_) specs.push_back(g.spec());
    inputs_["program_version"] = DIMERLAB_VERSION;
    inputs_["graphs"] = specs;
    inputs_["lambdas"] = lambdas_;
    inputs_["seeds"] = request.seeds;
    inputs_["seed"] = request.seed;
    inputs_["sweeps"] = request.sweeps;
    inputs_["burn_in"] = burn_in_;
    inputs_["dynamics"] = "glauber";
    inputs_["measure"] = names;
    if (measures(Measure::logz)) inputs_["epsilon"] = request.epsilon;

    columns_ = {"job", "graph", "n", "m", "lambda", "seed_index", "seed", "sweeps", "burn_in"};
    for (Measure m : measures_) {
        switch (m) {
            case Measure::density:
                columns_.insert(columns_.end(), {"covered_fraction", "covered_fraction_err"});
                break;
            case Measure::imbalance:
                columns_.insert(columns_.end(), {"imbalance", "imbalance_err"});
                break;
            case Measure::tau:
                columns_.insert(columns_.end(), {"tau", "tau_err", "tau_reliable"});
                break;
            case Measure::exact:
                columns_.insert(columns_.end(), {"exact_covered_fraction", "exact_log_z"});
                break;
            case Measure::logz:
                columns_.insert(columns_.end(), {"log_z", "log_z_lo", "log_z_hi", "log_z_per_vertex"});
                break;
        }
    }
    columns_.insert(columns_.end(), {"seconds", "rank"});
}

bool SweepPlan::measures(Measure m) const {
    return std::find(measures_.begin(), measures_.end(), m) != measures_.end();
}

SweepJob SweepPlan::job(std::uint64_t index) const {
    SweepJob j;
    j.index = index;
    j.seed_index = index % request_.seeds;
    j.lambda = static_cast<std::size_t>((index / request_.seeds) % lambdas_.size());
    j.graph = static_cast<std::size_t>(index / request_.seeds / lambdas_.size());
    // Stream 0 of the job's number: its sampler's tape. (The ln Z estimate uses stream 1.)
    j.seed = derive_seed(request_.seed, index, 0);
    return j;
}

}  // namespace dimerlab::cli
