#include "sampling/tiling_obstruction.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

#include "model/matching.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab {
namespace {

constexpr std::uint8_t kNotReached = 2;

// The connected piece of `start`, two-coloured by breadth-first search (colour is meaningless
// when the graph is not bipartite; nothing below reads it then).
std::vector<VertexId> piece_of(const Graph& g, VertexId start, std::vector<std::uint8_t>& colour) {
    std::vector<VertexId> piece{start};
    colour[start] = 0;
    for (std::size_t head = 0; head < piece.size(); ++head) {
        const VertexId v = piece[head];
        for (const VertexId w : g.neighbors(v)) {
            if (colour[w] != kNotReached) continue;
            colour[w] = static_cast<std::uint8_t>(1 - colour[v]);
            piece.push_back(w);
        }
    }
    return piece;
}

// König's construction: the vertices reached from the uncovered `root` by paths that leave its
// colour class along any edge and come back along a dimer. Every reached vertex of the other
// class is covered (else the path would augment) and its mate is reached, so the reached vertices
// of root's class outnumber their neighbours by exactly one.
void alternating_reach(const Graph& g, const MateArray& mate, VertexId root, TilingObstruction& out) {
    std::vector<bool> seen(g.num_vertices(), false);
    std::vector<VertexId> frontier{root};
    seen[root] = true;
    for (std::size_t head = 0; head < frontier.size(); ++head) {
        const VertexId v = frontier[head];
        out.cells.push_back(v);
        for (const VertexId w : g.neighbors(v)) {
            if (seen[w]) continue;
            seen[w] = true;
            out.neighbours.push_back(w);
            const VertexId back = mate[w];
            if (back != kNoMate && !seen[back]) {
                seen[back] = true;
                frontier.push_back(back);
            }
        }
    }
    std::sort(out.cells.begin(), out.cells.end());
    std::sort(out.neighbours.begin(), out.neighbours.end());
}

}  // namespace

TilingObstruction tiling_obstruction(const Graph& graph) {
    TilingObstruction out;
    const MateArray mate = make_start_state(graph, StartKind::maximum, 0);
    out.maximum_matching = count_dimers(mate);
    const std::uint32_t n = graph.num_vertices();
    if (2ull * out.maximum_matching == n) return out;
    out.tileable = false;
    VertexId root = 0;
    while (mate[root] != kNoMate) ++root;  // the smallest uncovered vertex
    if (!graph.is_bipartite()) {
        for (VertexId v = 0; v < n; ++v)
            if (mate[v] == kNoMate) out.cells.push_back(v);
        out.reason = "no perfect matching: a maximum matching has " + std::to_string(out.maximum_matching) +
                     " dimers and leaves " + std::to_string(out.cells.size()) + " of " + std::to_string(n) +
                     " vertices uncovered";
        return out;
    }
    std::vector<std::uint8_t> colour(n, kNotReached);
    const std::vector<VertexId> piece = piece_of(graph, root, colour);
    const auto first = static_cast<std::size_t>(
        std::count_if(piece.begin(), piece.end(), [&](VertexId v) { return colour[v] == colour[root]; }));
    const std::size_t second = piece.size() - first;
    if (first != second) {
        for (const VertexId v : piece)
            if (mate[v] == kNoMate) out.cells.push_back(v);
        std::sort(out.cells.begin(), out.cells.end());
        const std::string where =
            piece.size() == n ? "the region has "
                              : "a connected piece of " + std::to_string(piece.size()) + " cells has ";
        out.reason = "colour imbalance: " + where + std::to_string(std::max(first, second)) +
                     " cells of one colour and " + std::to_string(std::min(first, second)) +
                     " of the other (a tile covers one of each)";
        return out;
    }
    alternating_reach(graph, mate, root, out);
    const std::size_t others = out.neighbours.size();
    out.reason = "Hall violator: " + std::to_string(out.cells.size()) + " cells of one colour touch only " +
                 std::to_string(others) + (others == 1 ? " cell" : " cells") +
                 " of the other, so one of them cannot be covered";
    return out;
}

}  // namespace dimerlab
