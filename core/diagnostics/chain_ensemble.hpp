#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "diagnostics/rank_normalization.hpp"
#include "ensemble/sampler_ensemble.hpp"
#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

struct EnsembleOptions {
    Dynamics dynamics = Dynamics::glauber;
    double lambda = 1;
    std::size_t chains = 4;
    std::uint64_t sweeps = 1000;                // recorded, one value per sweep
    std::uint64_t burn_in = 0;                  // sweeps run before recording
    std::uint64_t seed = 1;                     // chain k runs on the tape of seed + k
    std::optional<EdgeId> edge;                 // also record this edge's indicator, as observable "edge"
    const std::atomic<bool>* cancel = nullptr;  // checked once per sweep (DiagnosticsCancelled)
    // The backend of the Glauber chains, which advance together as one SamplerEnsemble: empty
    // means CpuSamplerEnsemble on `threads` threads (0: all); callers linking dimerlab_gpu pass a
    // factory for gpu::CudaSamplerEnsemble. Either way chain k is the sequential sampler of seed +
    // k, bit for bit. Jerrum–Sinclair has no ensemble: its chains run one sampler at a time.
    EnsembleFactory ensemble;
    unsigned threads = 0;
};

// K chains from dispersed starts, each observable recorded once per sweep.
struct EnsembleRun {
    std::vector<std::string> start_names;  // per chain
    std::vector<std::string> observables;  // "dimers", "monomers", "imbalance" (lattices), "edge"
    std::vector<ChainSet> series;          // series[o][k][s]: observable o, chain k, sweep s
    std::string backend;                   // what ran the chains: "cpu" or "cuda"
    // One line when options.ensemble could not run here (InfeasibleError) and the CPU ensemble ran
    // the same chains instead; empty otherwise.
    std::string notice;
};

// progress(sweeps done, sweeps total) is called at most once per sweep; may be empty.
EnsembleRun run_chain_ensemble(const Graph& graph, const EnsembleOptions& options,
                               const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace dimerlab
