#include "model/matching.hpp"

#include "util/fnv_hash.hpp"

namespace dimerlab {

std::string matching_error(const Graph& g, std::span<const std::uint32_t> mate) {
    if (mate.size() != g.num_vertices()) {
        return "matching has " + std::to_string(mate.size()) + " entries for a graph with " +
               std::to_string(g.num_vertices()) + " vertices";
    }
    for (VertexId v = 0; v < mate.size(); ++v) {
        const std::uint32_t w = mate[v];
        if (w == kNoMate) continue;
        if (w >= mate.size())
            return "vertex " + std::to_string(v) + " has mate " + std::to_string(w) + " out of range";
        if (mate[w] != v)
            return "vertex " + std::to_string(v) + " is matched to " + std::to_string(w) + " but not back";
        if (!g.find_edge(v, w))
            return "vertices " + std::to_string(v) + " and " + std::to_string(w) +
                   " are matched but not adjacent";
    }
    return {};
}

std::uint32_t count_dimers(std::span<const std::uint32_t> mate) {
    std::uint32_t covered = 0;
    for (std::uint32_t w : mate) covered += (w != kNoMate);
    return covered / 2;
}

std::uint64_t state_hash(std::span<const std::uint32_t> mate) {
    Fnv1a64 h;
    h.add_words(mate);
    return h.value();
}

}  // namespace dimerlab
