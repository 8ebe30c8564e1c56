#include "sampling/observables.hpp"

#include "model/matching_constants.hpp"

namespace dimerlab {

StateObservables measure_state(const Graph& graph, std::span<const std::uint32_t> mate) {
    StateObservables obs;
    const std::uint32_t n = graph.num_vertices();
    const std::vector<EdgeAxis>& axes = graph.edge_axes();
    const bool with_axes = !axes.empty();
    std::uint32_t covered = 0;
    std::int64_t imbalance = 0;
    for (VertexId v = 0; v < n; ++v) {
        const std::uint32_t w = mate[v];
        if (w == kNoMate) continue;
        ++covered;
        if (!with_axes || w < v) continue;
        const std::span<const VertexId> nbrs = graph.neighbors(v);
        const std::span<const EdgeId> inc = graph.incident_edges(v);
        for (std::size_t k = 0; k < nbrs.size(); ++k) {
            if (nbrs[k] == w) {
                imbalance += static_cast<std::int8_t>(axes[inc[k]]);
                break;
            }
        }
    }
    obs.dimers = covered / 2;
    obs.monomers = n - covered;
    obs.covered_fraction = n > 0 ? static_cast<double>(covered) / static_cast<double>(n) : 0.0;
    if (with_axes) obs.axis_imbalance = imbalance;
    return obs;
}

}  // namespace dimerlab
