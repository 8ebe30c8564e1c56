#include "diagnostics/chain_ensemble.hpp"

#include "diagnostics/cancelled.hpp"
#include "diagnostics/dispersed_starts.hpp"
#include "sampling/observables.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

namespace dimerlab {

EnsembleRun run_chain_ensemble(const Graph& graph, const EnsembleOptions& options,
                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    EnsembleRun run;
    const bool lattice = !graph.edge_axes().empty();
    run.observables = {"dimers", "monomers"};
    if (lattice) run.observables.push_back("imbalance");
    const std::size_t edge_slot = run.observables.size();
    if (options.edge) {
        if (*options.edge >= graph.num_edges())
            throw InputError("edge " + std::to_string(*options.edge) +
                             " is not an edge of the graph (m = " + std::to_string(graph.num_edges()) + ")");
        run.observables.push_back("edge");
    }
    run.series.assign(run.observables.size(), ChainSet(options.chains));
    const std::uint64_t m = graph.num_edges();
    const std::uint64_t total = options.chains * (options.burn_in + options.sweeps);
    std::uint64_t done = 0;
    std::vector<NamedStart> starts = dispersed_starts(graph, options.chains, options.seed);
    for (std::size_t k = 0; k < options.chains; ++k) {
        run.start_names.push_back(starts[k].name);
        auto sampler = make_cpu_sampler(graph, options.dynamics, options.seed + k,
                                        LambdaRecord(options.lambda), std::move(starts[k].mate));
        for (auto& s : run.series) s[k].reserve(options.sweeps);
        for (std::uint64_t s = 0; s < options.burn_in + options.sweeps; ++s) {
            throw_if_cancelled(options.cancel);
            sampler->advance(m);
            if (progress) progress(++done, total);
            if (s < options.burn_in) continue;
            const StateObservables o = measure_state(graph, sampler->mate());
            run.series[0][k].push_back(o.dimers);
            run.series[1][k].push_back(o.monomers);
            if (lattice) run.series[2][k].push_back(static_cast<double>(o.axis_imbalance.value_or(0)));
            if (options.edge) {
                const Edge e = graph.edge(*options.edge);
                run.series[edge_slot][k].push_back(sampler->mate()[e.u] == e.v ? 1.0 : 0.0);
            }
        }
    }
    return run;
}

}  // namespace dimerlab
