#include "diagnostics/panel_applicability.hpp"

#include <algorithm>
#include <stdexcept>

#include "graph/graph_spec.hpp"

namespace dimerlab {

const std::vector<DynamicsRow>& dynamics_table() {
    static const std::vector<DynamicsRow> table = {
        {Dynamics::glauber, SamplingKind::markov_chain, "single-edge Glauber"},
        {Dynamics::jerrum_sinclair, SamplingKind::markov_chain, "Jerrum–Sinclair"},
        {Dynamics::chromatic, SamplingKind::markov_chain, "chromatic Glauber"},
        {Dynamics::shuffle, SamplingKind::exact_samples, "domino shuffling"},
        {Dynamics::rotation, SamplingKind::markov_chain, "face rotation"},
        {Dynamics::glauber_rotation, SamplingKind::markov_chain, "Glauber with face rotations"},
        {Dynamics::cftp, SamplingKind::exact_samples, "coupling from the past"},
        {Dynamics::shuffle_steps, SamplingKind::shuffle_growth, "step-by-step shuffling"},
    };
    return table;
}

const DynamicsRow& dynamics_row(Dynamics dynamics) {
    const auto& table = dynamics_table();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const DynamicsRow& r) { return r.dynamics == dynamics; });
    if (it == table.end()) throw std::logic_error("dynamics without a row in the applicability table");
    return *it;
}

GraphKind graph_kind(const Graph& graph) {
    try {
        const std::string family = parse_graph_spec(graph.spec()).family;
        if (family == "hexagon" || family == "hex") return GraphKind::lozenge_region;
    } catch (const std::exception&) {
    }
    const auto& axes = graph.edge_axes();
    if (!axes.empty() &&
        std::none_of(axes.begin(), axes.end(), [](EdgeAxis a) { return a == EdgeAxis::other; }))
        return GraphKind::square_edges;
    return GraphKind::general;
}

namespace {

Applicability computes() {
    return {};
}
Applicability variant(std::string sentence) {
    return {Verdict::variant, std::move(sentence)};
}
Applicability not_applicable(std::string sentence) {
    return {Verdict::not_applicable, std::move(sentence)};
}

constexpr const char* kNothingToMix =
    "Exact samples: nothing to mix, each state is an independent draw from the target law.";
constexpr const char* kConstruction =
    "The shuffling steps build one tiling order by order: a construction, not a chain at equilibrium.";
constexpr const char* kNoSingleEdgeMoves =
    "At λ = ∞ single-edge Glauber chains cannot move a perfect matching, so there is nothing to measure.";

// The diagnostics that run single-edge Glauber chains of their own.
Applicability glauber_diagnostic(const RunKind& run, const DynamicsRow& row, const std::string& what) {
    if (row.sampling == SamplingKind::shuffle_growth) return not_applicable(kConstruction);
    if (run.infinite_lambda) return not_applicable(kNoSingleEdgeMoves);
    if (row.sampling == SamplingKind::exact_samples) return variant(kNothingToMix);
    if (run.dynamics != Dynamics::glauber)
        return variant(what + " of single-edge Glauber chains on this graph and λ, not of the " +
                       row.plain_name + " dynamics that is running.");
    return computes();
}

}  // namespace

Applicability applicability(PanelItem item, const RunKind& run) {
    const DynamicsRow& row = dynamics_row(run.dynamics);
    switch (item) {
        case PanelItem::live_mixing:
            if (row.sampling == SamplingKind::exact_samples) return variant(kNothingToMix);
            if (row.sampling == SamplingKind::shuffle_growth) return not_applicable(kConstruction);
            return computes();
        case PanelItem::rhat:
            return glauber_diagnostic(run, row, "R̂");
        case PanelItem::coalescence:
            // Coalescence of the bounding chain is what CFTP waits for: it applies to exact
            // samplers at finite λ as to chains.
            if (row.sampling == SamplingKind::shuffle_growth) return not_applicable(kConstruction);
            if (run.infinite_lambda) return not_applicable(kNoSingleEdgeMoves);
            if (run.dynamics != Dynamics::glauber && run.dynamics != Dynamics::cftp)
                return variant(
                    std::string(
                        "Coalescence of the single-edge Glauber heat bath on this graph and λ, not of the ") +
                    row.plain_name + " dynamics that is running.");
            return computes();
        case PanelItem::parallel_rounds:
            return glauber_diagnostic(run, row, "Rounds");
        case PanelItem::estimate:
            if (run.infinite_lambda)
                return not_applicable(
                    "At λ = ∞ Z is the number of perfect matchings: the estimator integrates over finite λ "
                    "only.");
            return computes();
        case PanelItem::imbalance_plot:
            if (run.graph == GraphKind::square_edges) return computes();
            return not_applicable("H − V is defined only where every edge is horizontal or vertical.");
        case PanelItem::lozenge_counts:
            if (run.graph == GraphKind::lozenge_region) return computes();
            return not_applicable("Lozenge counts apply to honeycomb regions only.");
    }
    throw std::logic_error("panel item without a rule");
}

}  // namespace dimerlab
