#pragma once
// The Tootsie Pop Algorithm for the monomer–dimer model (Huber 2015; docs/algorithms.md §5.3).
#include <atomic>
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

struct TpaOptions {
    double lambda = 1;
    unsigned runs = 1;
    std::uint64_t seed = 1;
    // Samples come from one Glauber chain per run, moved to each new λ and run this many sweeps;
    // λ only decreases, and by a factor U^{1/|M|} close to 1 on big graphs, so a few sweeps keep
    // the chain near equilibrium. TPA's Poisson law holds exactly only for exact samples.
    double sweeps_per_step = 2;
    double burn_in_sweeps = 20;  // at the starting λ, from the empty matching
    const std::atomic<bool>* cancel = nullptr;
};

struct TpaResult {
    std::uint64_t count = 0;  // Σ over runs; Poisson with mean runs · ln Z for exact samples
    unsigned runs = 0;
    std::vector<double> points;  // ln λ at every counted step of every run, descending
    std::uint64_t updates = 0;
};

// Each run: at λ draw M; stop if M = ∅, else count and set λ ← λ U^{1/|M|}. Throws CountCancelled.
TpaResult run_tpa(const Graph& graph, const TpaOptions& options);

// Exact (Garwood) two-sided Poisson limits for ln Z = mean count per run.
struct TpaInterval {
    double log_z = 0;
    double lo = 0;
    double hi = 0;
};
TpaInterval tpa_interval(std::uint64_t count, unsigned runs, double confidence);

}  // namespace dimerlab
