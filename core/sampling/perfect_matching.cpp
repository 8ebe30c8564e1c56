#include "sampling/perfect_matching.hpp"

#include <algorithm>
#include <string>

#include "graph/readers/region_reader.hpp"
#include "sampling/start_state.hpp"
#include "sampling/tiling_obstruction.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::uint32_t maximum_matching_size(const Graph& graph) {
    return count_dimers(make_start_state(graph, StartKind::maximum, 0));
}

namespace {

// A witness a person can find in the drawing: a region's cells by row and column, any other
// graph's vertices by id; the first dozen, which is enough to look at.
std::string name_cells(const Graph& graph, const std::vector<VertexId>& cells) {
    constexpr std::size_t kShown = 12;
    const bool region =
        graph.spec().rfind("region:", 0) == 0 && graph.layout().size() == graph.num_vertices();
    std::string text = region ? " (cells by row,column from 1:" : " (vertices:";
    for (std::size_t i = 0; i < std::min(cells.size(), kShown); ++i) {
        if (region) {
            const RegionCell c = region_cell(graph, cells[i]);
            text += " " + std::to_string(c.row + 1) + "," + std::to_string(c.column + 1);
        } else {
            text += " " + std::to_string(cells[i]);
        }
    }
    if (cells.size() > kShown) text += " and " + std::to_string(cells.size() - kShown) + " more";
    return text + ")";
}

[[noreturn]] void throw_obstruction(const Graph& graph, const TilingObstruction& why) {
    throw InfeasibleError(
        "graph '" + graph.spec() + "' has no perfect matching (lambda = inf needs one): " + why.reason +
        name_cells(graph, why.cells) + "; a maximum matching has " + std::to_string(why.maximum_matching) +
        " dimers and covers " + std::to_string(2ull * why.maximum_matching) + " of " +
        std::to_string(graph.num_vertices()) + " vertices");
}

}  // namespace

void require_perfect_matching(const Graph& graph) {
    const TilingObstruction why = tiling_obstruction(graph);
    if (!why.tileable) throw_obstruction(graph, why);
}

void throw_no_perfect_matching(const Graph& graph) {
    const TilingObstruction why = tiling_obstruction(graph);
    if (why.tileable) throw InfeasibleError("graph '" + graph.spec() + "' has no perfect matching");
    throw_obstruction(graph, why);
}

void require_dynamics_runs_at(Dynamics dynamics, const LambdaRecord& record) {
    // Face rotations keep |M|: from a perfect matching they walk the perfect matchings, which is
    // the dimer model's chain.
    if (!record.infinite() || dynamics == Dynamics::shuffle || dynamics == Dynamics::rotation ||
        dynamics == Dynamics::cftp || dynamics == Dynamics::shuffle_steps)
        return;
    throw InputError("dynamics '" + std::string(dynamics_name(dynamics)) +
                     "' cannot move a perfect matching (at lambda = inf every single-edge update puts "
                     "back the dimer it removed); use --dynamics shuffle on aztec:N, cftp on a grid, hex or "
                     "hexagon region, or rotation from --start "
                     "exact or maximum");
}

}  // namespace dimerlab
