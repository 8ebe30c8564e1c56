#include "diagnostics/chain_ensemble.hpp"

#include "diagnostics/cancelled.hpp"
#include "diagnostics/dispersed_starts.hpp"
#include "sampling/observables.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

// Appends one sweep's values of every observable of chain k.
class SeriesRecorder {
  public:
    SeriesRecorder(const Graph& graph, const EnsembleOptions& options, EnsembleRun& run)
        : graph_(graph), options_(options), run_(run), lattice_(!graph.edge_axes().empty()) {
        run_.observables = {"dimers", "monomers"};
        if (lattice_) run_.observables.push_back("imbalance");
        edge_slot_ = run_.observables.size();
        if (options_.edge) {
            if (*options_.edge >= graph_.num_edges())
                throw InputError("edge " + std::to_string(*options_.edge) +
                                 " is not an edge of the graph (m = " + std::to_string(graph_.num_edges()) +
                                 ")");
            run_.observables.push_back("edge");
        }
        run_.series.assign(run_.observables.size(), ChainSet(options_.chains));
        for (auto& s : run_.series)
            for (auto& chain : s) chain.reserve(options_.sweeps);
    }

    void record(std::size_t k, std::span<const std::uint32_t> mate) {
        const StateObservables o = measure_state(graph_, mate);
        run_.series[0][k].push_back(o.dimers);
        run_.series[1][k].push_back(o.monomers);
        if (lattice_) run_.series[2][k].push_back(static_cast<double>(o.axis_imbalance.value_or(0)));
        if (options_.edge) {
            const Edge e = graph_.edge(*options_.edge);
            run_.series[edge_slot_][k].push_back(mate[e.u] == e.v ? 1.0 : 0.0);
        }
    }

  private:
    const Graph& graph_;
    const EnsembleOptions& options_;
    EnsembleRun& run_;
    const bool lattice_;
    std::size_t edge_slot_ = 0;
};

// options.ensemble, or the CPU ensemble when it is empty or cannot run here.
std::unique_ptr<SamplerEnsemble> make_ensemble(const Graph& graph, const EnsembleOptions& options,
                                               std::vector<MateArray> starts, EnsembleRun& run) {
    const LambdaRecord record(options.lambda);
    if (options.ensemble) {
        try {
            return options.ensemble(graph, options.seed, record, starts);
        } catch (const InfeasibleError& e) {
            run.notice = std::string("notice: ensemble backend unavailable (") + e.what() + "); using cpu";
        }
    }
    return cpu_ensemble_factory(options.threads)(graph, options.seed, record, std::move(starts));
}

}  // namespace

EnsembleRun run_chain_ensemble(const Graph& graph, const EnsembleOptions& options,
                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    EnsembleRun run;
    SeriesRecorder recorder(graph, options, run);
    const std::uint64_t m = graph.num_edges();
    const std::uint64_t sweeps = options.burn_in + options.sweeps;
    const std::uint64_t total = options.chains * sweeps;
    std::uint64_t done = 0;
    std::vector<NamedStart> starts = dispersed_starts(graph, options.chains, options.seed);
    for (const NamedStart& s : starts) run.start_names.push_back(s.name);

    if (options.dynamics == Dynamics::glauber && options.chains > 0) {
        std::vector<MateArray> mates;
        mates.reserve(starts.size());
        for (NamedStart& s : starts) mates.push_back(std::move(s.mate));
        const std::unique_ptr<SamplerEnsemble> ensemble =
            make_ensemble(graph, options, std::move(mates), run);
        run.backend = std::string(ensemble->backend_name());
        for (std::uint64_t s = 0; s < sweeps; ++s) {
            throw_if_cancelled(options.cancel);
            ensemble->advance(m);
            done += options.chains;
            if (progress) progress(done, total);
            if (s < options.burn_in) continue;
            for (std::size_t k = 0; k < options.chains; ++k) recorder.record(k, ensemble->mate(k));
        }
        return run;
    }

    for (std::size_t k = 0; k < options.chains; ++k) {
        auto sampler = make_cpu_sampler(graph, options.dynamics, options.seed + k,
                                        LambdaRecord(options.lambda), std::move(starts[k].mate));
        if (run.backend.empty()) run.backend = std::string(sampler->backend_name());
        for (std::uint64_t s = 0; s < sweeps; ++s) {
            throw_if_cancelled(options.cancel);
            sampler->advance(m);
            if (progress) progress(++done, total);
            if (s < options.burn_in) continue;
            recorder.record(k, sampler->mate());
        }
    }
    return run;
}

}  // namespace dimerlab
