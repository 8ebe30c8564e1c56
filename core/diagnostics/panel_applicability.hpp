#pragma once
// What each diagnostic and count means for the run on screen: one table, by (dynamics, λ finite
// or ∞, graph kind), that the app's panels, its HUD and `dimerlab-cli mix` all read, so a panel
// never runs a diagnostic of a chain that is not running, and never shows its failure as an
// internal message. Each entry either computes the thing, computes a variant that fits (exact
// samples have nothing to mix: their observables get standard errors instead), or says in one
// plain sentence why it does not apply.
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

// How a dynamics produces its states.
enum class SamplingKind {
    markov_chain,    // a chain whose successive states are correlated and must mix
    exact_samples,   // independent exact draws from the stationary law (shuffling, CFTP)
    shuffle_growth,  // the shuffling algorithm shown step by step: a construction, not a sample
};

// One row per dynamics (every Dynamics value has exactly one; the tests check it).
struct DynamicsRow {
    Dynamics dynamics;
    SamplingKind sampling;
    const char* plain_name;  // for sentences: "single-edge Glauber", "domino shuffling"
};
const std::vector<DynamicsRow>& dynamics_table();
const DynamicsRow& dynamics_row(Dynamics dynamics);

enum class GraphKind {
    square_edges,    // every edge horizontal or vertical: the imbalance H − V is defined
    lozenge_region,  // a honeycomb region: lozenge tilings, three lozenge orientations
    general,
};
GraphKind graph_kind(const Graph& graph);

enum class PanelItem {
    live_mixing,      // τ_int and ESS of the running series
    rhat,             // split-R̂ over four Glauber chains from dispersed starts
    coalescence,      // bounding-chain coalescence of the Glauber heat bath
    parallel_rounds,  // rounds of the parallel Glauber block
    estimate,         // the ln Z estimator (it integrates over finite λ)
    imbalance_plot,   // the H − V series
    lozenge_counts,   // the three lozenge counts of a honeycomb region
};

enum class Verdict { computes, variant, not_applicable };

struct Applicability {
    Verdict verdict = Verdict::computes;
    std::string sentence;  // empty for computes; one plain sentence otherwise, no flags, no numbers
};

struct RunKind {
    Dynamics dynamics = Dynamics::glauber;
    bool infinite_lambda = false;
    GraphKind graph = GraphKind::general;
};

Applicability applicability(PanelItem item, const RunKind& run);

}  // namespace dimerlab
