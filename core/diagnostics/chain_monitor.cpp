#include "diagnostics/chain_monitor.hpp"

#include "diagnostics/effective_sample_size.hpp"
#include "sampling/observables.hpp"
#include "util/errors.hpp"

namespace dimerlab {

ChainMonitor::ChainMonitor(const Graph& graph, std::optional<EdgeId> edge, std::size_t capacity)
    : graph_(graph),
      edge_(edge),
      has_axes_(!graph.edge_axes().empty()),
      dimers_(capacity),
      monomers_(capacity),
      imbalance_(capacity),
      edge_indicator_(capacity) {
    if (edge_ && *edge_ >= graph.num_edges())
        throw InputError("edge " + std::to_string(*edge_) + " is not an edge of the graph");
}

void ChainMonitor::observe(std::span<const std::uint32_t> mate) {
    const StateObservables o = measure_state(graph_, mate);
    dimers_.add(o.dimers);
    monomers_.add(o.monomers);
    if (o.axis_imbalance) imbalance_.add(static_cast<double>(*o.axis_imbalance));
    if (edge_) {
        const Edge e = graph_.edge(*edge_);
        edge_indicator_.add(mate[e.u] == e.v ? 1.0 : 0.0);
    }
}

std::vector<ChainMonitor::Entry> ChainMonitor::report(double c) const {
    std::vector<Entry> out;
    const auto push = [&](const char* name, const SeriesMonitor& m) {
        const TauEstimate t = m.estimate(c);
        out.push_back({name, t, effective_sample_size(t)});
    };
    push("dimers", dimers_);
    push("monomers", monomers_);
    if (has_axes_) push("imbalance", imbalance_);
    if (edge_) push("edge", edge_indicator_);
    return out;
}

}  // namespace dimerlab
