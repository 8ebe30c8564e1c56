// Greedy edge colouring: each edge, in id order, takes the smallest colour free at both ends.
// At most Δ-1 colours are blocked at each end, so 2Δ-1 colours always suffice. Cheap (O(mΔ)
// time, O(m) memory) where Misra–Gries' per-vertex tables would be too large.
#include "chromatic/edge_colouring.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab::colouring_detail {

std::vector<std::uint32_t> greedy_colours(const Graph& g) {
    std::vector<std::uint32_t> colour(g.num_edges(), kNoMate);
    // stamp[c] == e marks colour c as taken at an endpoint of e.
    std::vector<std::uint32_t> stamp(2 * std::size_t{g.max_degree()} + 1, kNoMate);
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        for (VertexId x : {g.edge(e).u, g.edge(e).v}) {
            for (EdgeId f : g.incident_edges(x)) {
                if (colour[f] != kNoMate) stamp[colour[f]] = e;
            }
        }
        std::uint32_t c = 0;
        while (stamp[c] == e) ++c;
        colour[e] = c;
    }
    return colour;
}

}  // namespace dimerlab::colouring_detail
