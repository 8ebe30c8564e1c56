#include "sampling/start_state.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "faces/height_cftp.hpp"
#include "model/update_tape.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

MateArray greedy_matching(const Graph& g, std::uint64_t seed) {
    const std::uint32_t m = g.num_edges();
    std::vector<EdgeId> order(m);
    std::iota(order.begin(), order.end(), EdgeId{0});
    // Fisher–Yates from the top down; step i draws j uniform in [0, i] from its own tape entry,
    // so the order depends on the seed alone (not on a library's shuffle).
    for (std::uint32_t i = m; i-- > 1;) {
        const TapeWords w = tape_words(seed, i, TapeStream::greedy_start);
        const std::uint32_t j = tape_edge(w, i + 1);
        std::swap(order[i], order[j]);
    }
    MateArray mate(g.num_vertices(), kNoMate);
    for (EdgeId e : order) {
        const Edge ed = g.edge(e);
        if (mate[ed.u] == kNoMate && mate[ed.v] == kNoMate) {
            mate[ed.u] = ed.v;
            mate[ed.v] = ed.u;
        }
    }
    return mate;
}

MateArray maximum_matching(const Graph& g) {
    using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using BoostVertex = boost::graph_traits<BoostGraph>::vertex_descriptor;
    BoostGraph bg(g.num_vertices());
    for (const Edge& e : g.edges()) boost::add_edge(e.u, e.v, bg);
    std::vector<BoostVertex> boost_mate(g.num_vertices());
    boost::edmonds_maximum_cardinality_matching(bg, &boost_mate[0]);
    const BoostVertex none = boost::graph_traits<BoostGraph>::null_vertex();
    MateArray mate(g.num_vertices(), kNoMate);
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        if (boost_mate[v] != none) mate[v] = static_cast<std::uint32_t>(boost_mate[v]);
    }
    return mate;
}

MateArray exact_matching(const Graph& g, std::uint64_t seed) {
    if (const std::uint32_t order = aztec_order(g); order > 0) {
        // A weighted diamond's exact start follows its weighted law, by generalised shuffling.
        if (g.weighted())
            return shuffle_weighted_aztec_tiling(aztec_shares(aztec_weights_of(order, g)), seed, 0,
                                                 TapeStream::exact_start);
        return shuffle_aztec_tiling(order, seed, 0, nullptr, TapeStream::exact_start);
    }
    if (!cftp_supports(g)) {
        throw InputError(
            "start 'exact' draws an exact perfect matching of aztec:N (domino shuffling) or of "
            "a grid, hex or hexagon region (coupling from the past), not of '" +
            (g.spec().empty() ? std::string("(hand-built graph)") : g.spec()) + "'");
    }
    return sample_cftp(g, seed, kExactStartMaxSweeps, TapeStream::exact_start).matching;
}

}  // namespace

MateArray make_start_state(const Graph& graph, StartKind kind, std::uint64_t seed) {
    switch (kind) {
        case StartKind::empty:
            return MateArray(graph.num_vertices(), kNoMate);
        case StartKind::greedy:
            return greedy_matching(graph, seed);
        case StartKind::maximum:
            return maximum_matching(graph);
        case StartKind::exact:
            return exact_matching(graph, seed);
    }
    throw InputError("unknown start kind");
}

}  // namespace dimerlab
