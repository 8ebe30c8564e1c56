#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics/bounding_chain.hpp"
#include "diagnostics/empirical_tv.hpp"
#include "diagnostics/matching_enumeration.hpp"
#include "diagnostics/observable_report.hpp"
#include "diagnostics/parallel_depth.hpp"
#include "diagnostics/spectral_gap.hpp"
#include "diagnostics/total_variation.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// Everything `dimerlab-cli mix` reports, as one call the app can make on a worker thread
// (docs/algorithms.md §6): the CLI only parses options and formats mix_report_json(). Validation errors are
// InputError (exit 2), requests too large for the exact analysis InfeasibleError (exit 3),
// cancellation DiagnosticsCancelled.
struct MixRequest {
    Dynamics dynamics = Dynamics::glauber;
    double lambda = 1;
    std::size_t chains = 4;
    std::uint64_t sweeps = 1000;
    std::optional<std::uint64_t> burn_in;  // default: a tenth of sweeps
    std::uint64_t seed = 1;
    // Edge for the indicator observable; default centre_edge(graph).
    std::optional<EdgeId> edge;
    std::uint32_t coalescence_runs = 8;  // 0: none (Glauber only)
    std::uint64_t coalescence_cap = 1000;
    bool exact = false;
    std::size_t max_exact_states = kDefaultMaxExactStates;
    std::size_t dense_exact_states = kDenseExactStates;  // above: Lanczos gap, per-start TV curve
    std::size_t empirical_chains = 0;  // with exact: empirical TV from this many chains (0: none)
    double empirical_alpha = 1e-3;
    std::uint64_t depth_blocks = 8;  // parallel-depth blocks (Glauber only; 0: none)
    // Threads of the per-start TV curve (0: all hardware threads) and of the parallel-depth run
    // (0: one; its rounds do not depend on the thread count).
    unsigned threads = 0;
    // Backend of the Glauber chains (EnsembleOptions::ensemble): empty means the CPU ensemble.
    EnsembleFactory ensemble;
};

// The dynamics named for `mix`: InputError for an unknown name and for chromatic, which names the
// three it supports (glauber, jerrum-sinclair, glauber+rotation).
Dynamics parse_mix_dynamics(std::string_view name);

struct MixProgress {
    std::string stage;  // "exact", "empirical", "chains", "coalescence", "parallel-depth"
    std::uint64_t done = 0, total = 0;
};

struct NamedObservable {
    std::string name;
    ObservableReport report;
};

struct ExactMixSection {
    std::size_t states = 0;
    double lambda_effective = 1;
    std::uint32_t updates_per_sweep = 0;
    double max_row_sum_error = 0, max_detailed_balance_error = 0;
    SpectralSummary spectrum;
    std::string spectral_method;  // "dense" or "lanczos"
    TvCurve tv;
    std::string tv_curve_method;  // "all-starts-dense" or "per-start-sparse"
    double tv_stop_below = 0;
    std::optional<EmpiricalTvResult> empirical;
};

struct MixReport {
    std::string graph_spec;
    std::uint32_t n = 0, m = 0;
    MixRequest request;  // with burn_in and edge resolved
    std::vector<std::string> start_names;
    std::string backend;  // what ran the chains (EnsembleRun::backend)
    std::string notice;   // EnsembleRun::notice: the requested backend could not run here
    std::vector<NamedObservable> observables;  // dimers, monomers, imbalance (lattices), edge
    std::optional<CoalescenceSummary> coalescence;
    std::optional<ExactMixSection> exact;
    std::optional<ParallelDepthReport> parallel_depth;
};

// progress may be empty; it is called on the calling thread (or serialised from workers).
MixReport compute_mix_report(const Graph& graph, const MixRequest& request,
                             const std::function<void(const MixProgress&)>& progress = {},
                             const std::atomic<bool>* cancel = nullptr);

// The exact part alone (states, checks, spectrum, TV curve, optional empirical TV).
ExactMixSection compute_exact_mix_section(const Graph& graph, const MixRequest& request,
                                          const std::function<void(const MixProgress&)>& progress = {},
                                          const std::atomic<bool>* cancel = nullptr);

}  // namespace dimerlab
