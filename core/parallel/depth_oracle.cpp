#include "parallel/depth_oracle.hpp"

#include <algorithm>

#include "model/heat_bath_rule.hpp"
#include "model/update_tape.hpp"

namespace dimerlab {

DepthOracle depth_oracle(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, MateArray start) {
    DepthOracle out;
    out.depth.resize(count);
    out.occupied.resize(count);
    MateArray& mate = start;
    constexpr std::uint32_t kNoEdge = 0xffffffffu;
    // R of each edge's last update so far (0: none, dead, or virtual); the edge matched at each
    // vertex, so that a blocked update finds its blocker without a search.
    std::vector<std::uint32_t> last_depth(g.num_edges(), 0);
    std::vector<std::uint32_t> mate_edge(g.num_vertices(), kNoEdge);
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (mate[v] != kNoMate) mate_edge[v] = *g.find_edge(v, mate[v]);

    for (std::uint64_t i = 0; i < count; ++i) {
        const TapeWords w = tape_words(seed, t_begin + i);
        const EdgeId e = tape_edge(w, g.num_edges());
        const VertexId u = g.edge(e).u, v = g.edge(e).v;
        const bool live = tape_coin_occupied(w, threshold);
        // Blockers: dimers other than e covering u or v just before the update.
        const std::uint32_t block_u = (mate[u] != kNoMate && mate[u] != v) ? mate_edge[u] : kNoEdge;
        const std::uint32_t block_v = (mate[v] != kNoMate && mate[v] != u) ? mate_edge[v] : kNoEdge;
        heat_bath_update(mate.data(), u, v, live);
        const bool x = mate[u] == v;
        if (x) mate_edge[u] = mate_edge[v] = e;
        std::uint32_t r = 0;
        if (live && x) {
            std::uint32_t deepest = 0;
            for (VertexId end : {u, v})
                for (EdgeId f : g.incident_edges(end))
                    if (f != e) deepest = std::max(deepest, last_depth[f]);
            r = 1 + deepest;
        } else if (live) {
            std::uint32_t shallowest = 0xffffffffu;
            if (block_u != kNoEdge) shallowest = std::min(shallowest, last_depth[block_u]);
            if (block_v != kNoEdge) shallowest = std::min(shallowest, last_depth[block_v]);
            r = 1 + shallowest;
        }
        last_depth[e] = r;
        out.depth[i] = r;
        out.occupied[i] = x;
        out.live += live;
        out.max_depth = std::max(out.max_depth, r);
        out.total_depth += r;
    }
    out.final_mate = std::move(mate);
    return out;
}

}  // namespace dimerlab
