#include "sampling/perfect_matching.hpp"

#include <string>

#include "sampling/start_state.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::uint32_t maximum_matching_size(const Graph& graph) {
    return count_dimers(make_start_state(graph, StartKind::maximum, 0));
}

void require_perfect_matching(const Graph& graph) {
    const std::uint32_t n = graph.num_vertices();
    const std::uint32_t best = maximum_matching_size(graph);
    if (2ull * best == n) return;
    throw InfeasibleError("graph '" + graph.spec() + "' has no perfect matching (lambda = inf needs one): " +
                          "a maximum matching has " + std::to_string(best) + " dimers and covers " +
                          std::to_string(2ull * best) + " of " + std::to_string(n) + " vertices");
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
