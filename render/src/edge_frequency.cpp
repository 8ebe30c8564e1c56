#include "dimerlab_render/edge_frequency.hpp"

#include "model/matching_constants.hpp"

namespace dimerlab::render {

void EdgeFrequency::reset(std::size_t edges) {
    counts_.assign(edges, 0);
    fractions_.assign(edges, 0.0f);
    samples_ = 0;
}

void EdgeFrequency::add(const Graph& graph, std::span<const std::uint32_t> mate) {
    if (mate.size() != graph.num_vertices() || counts_.size() != graph.num_edges()) return;
    ++samples_;
    // Each dimer once, from its lower end; the neighbour lists give its edge id without a search.
    for (VertexId v = 0; v < mate.size(); ++v) {
        if (mate[v] == kNoMate || mate[v] < v) continue;
        const auto nbrs = graph.neighbors(v);
        const auto ids = graph.incident_edges(v);
        for (std::size_t k = 0; k < nbrs.size(); ++k)
            if (nbrs[k] == mate[v]) {
                ++counts_[ids[k]];
                break;
            }
    }
    const double scale = 1.0 / double(samples_);
    for (std::size_t e = 0; e < counts_.size(); ++e) fractions_[e] = float(double(counts_[e]) * scale);
}

void EdgeFrequency::minus(std::span<const float> exact, std::vector<float>& out) const {
    out.clear();
    if (exact.size() != fractions_.size()) return;
    out.resize(exact.size());
    for (std::size_t e = 0; e < exact.size(); ++e) out[e] = fractions_[e] - exact[e];
}

}  // namespace dimerlab::render
