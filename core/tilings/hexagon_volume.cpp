#include "tilings/hexagon_volume.hpp"

#include <string>

#include "graph/families/families.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::uint64_t hexagon_tiling_volume(const Graph& graph, std::span<const std::uint32_t> mate) {
    const GraphSpec spec = parse_graph_spec(graph.spec());
    if (spec.family != "hexagon" || spec.dims.size() != 3)
        throw InputError("the volume of a tiling is defined on hexagon:A,B,C, not '" + graph.spec() + "'");
    if (mate.size() != graph.num_vertices() || 2 * count_dimers(mate) != graph.num_vertices())
        throw InputError("the volume of a tiling needs a perfect matching of '" + graph.spec() + "'");
    // The builder's q = 2 weights put the top face at row y in class y (the same edges in the same
    // order as any other hexagon:A,B,C), so the classes of the matched edges sum to
    // volume + hexagon_q_offset(A, B).
    const ExactWeight two{"2", 2.0};
    const Graph q2 = families::build_hexagon(static_cast<std::uint32_t>(spec.dims[0]),
                                             static_cast<std::uint32_t>(spec.dims[1]),
                                             static_cast<std::uint32_t>(spec.dims[2]), &two);
    if (q2.num_edges() != graph.num_edges())
        throw InputError("'" + graph.spec() + "' is not a hexagon graph");
    std::uint64_t rows = 0;
    const auto& classes = q2.weights().edge_classes();
    for (EdgeId e = 0; e < q2.num_edges(); ++e) {
        const Edge& ed = q2.edge(e);
        if (!(graph.edge(e) == ed)) throw InputError("'" + graph.spec() + "' is not a hexagon graph");
        if (mate[ed.u] == ed.v) rows += classes[e];
    }
    return rows - families::hexagon_q_offset(spec.dims[0], spec.dims[1]);
}

}  // namespace dimerlab
