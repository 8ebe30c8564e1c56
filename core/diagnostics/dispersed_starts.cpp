#include "diagnostics/dispersed_starts.hpp"

#include "sampling/start_state.hpp"

namespace dimerlab {
namespace {

MateArray axis_first_greedy(const Graph& g, EdgeAxis axis) {
    MateArray mate(g.num_vertices(), kNoMate);
    const auto& axes = g.edge_axes();
    const auto try_add = [&](EdgeId e) {
        const Edge ed = g.edge(e);
        if (mate[ed.u] == kNoMate && mate[ed.v] == kNoMate) {
            mate[ed.u] = ed.v;
            mate[ed.v] = ed.u;
        }
    };
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        if (axes[e] == axis) try_add(e);
    }
    for (EdgeId e = 0; e < g.num_edges(); ++e) try_add(e);
    return mate;
}

}  // namespace

std::vector<NamedStart> dispersed_starts(const Graph& graph, std::size_t count, std::uint64_t seed) {
    std::vector<NamedStart> out;
    const auto push = [&](std::string name, MateArray mate) {
        if (out.size() < count) out.push_back({std::move(name), std::move(mate)});
    };
    push("empty", make_start_state(graph, StartKind::empty, seed));
    push("maximum", make_start_state(graph, StartKind::maximum, seed));
    if (!graph.edge_axes().empty()) {
        push("horizontal", axis_first_greedy(graph, EdgeAxis::horizontal));
        push("vertical", axis_first_greedy(graph, EdgeAxis::vertical));
    }
    for (std::uint64_t s = seed; out.size() < count; ++s)
        push("greedy:" + std::to_string(s), make_start_state(graph, StartKind::greedy, s));
    return out;
}

}  // namespace dimerlab
