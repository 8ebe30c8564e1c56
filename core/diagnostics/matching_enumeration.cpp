#include "diagnostics/matching_enumeration.hpp"

#include <string>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

// Visits every matching once; visit() returns false to stop the walk.
template <class Visit>
bool walk(const Graph& g, VertexId v, MateArray& mate, std::vector<bool>& decided, Visit& visit) {
    while (v < g.num_vertices() && decided[v]) ++v;
    if (v == g.num_vertices()) return visit(mate);
    decided[v] = true;
    if (!walk(g, v + 1, mate, decided, visit)) return false;  // v stays a monomer
    for (VertexId u : g.neighbors(v)) {
        if (u < v || decided[u]) continue;
        decided[u] = true;
        mate[u] = v;
        mate[v] = u;
        const bool go_on = walk(g, v + 1, mate, decided, visit);
        mate[u] = kNoMate;
        mate[v] = kNoMate;
        decided[u] = false;
        if (!go_on) return false;
    }
    decided[v] = false;
    return true;
}

}  // namespace

std::uint64_t count_matchings_capped(const Graph& graph, std::uint64_t cap) {
    MateArray mate(graph.num_vertices(), kNoMate);
    std::vector<bool> decided(graph.num_vertices(), false);
    std::uint64_t count = 0;
    auto visit = [&](const MateArray&) { return ++count < cap; };
    walk(graph, 0, mate, decided, visit);
    return count;
}

std::vector<MateArray> enumerate_all_matchings(const Graph& graph, std::size_t max_states) {
    MateArray mate(graph.num_vertices(), kNoMate);
    std::vector<bool> decided(graph.num_vertices(), false);
    std::vector<MateArray> out;
    auto visit = [&](const MateArray& m) {
        if (out.size() >= max_states) return false;
        out.push_back(m);
        return true;
    };
    if (walk(graph, 0, mate, decided, visit)) return out;
    constexpr std::uint64_t kCountCap = 10'000'000;
    const std::uint64_t count = count_matchings_capped(graph, kCountCap);
    const std::string name = graph.spec().empty() ? std::string("the graph") : "'" + graph.spec() + "'";
    const std::string how_many =
        count >= kCountCap ? "at least " + std::to_string(kCountCap) : std::to_string(count);
    throw InfeasibleError(name + " has " + how_many + " matchings (states); exact analysis handles at most " +
                          std::to_string(max_states));
}

}  // namespace dimerlab
