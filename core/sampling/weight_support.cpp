#include "sampling/weight_support.hpp"

#include <string>

#include "util/errors.hpp"

namespace dimerlab {

bool chain_takes_weights(std::string_view backend, Dynamics dynamics) {
    // cpu-parallel's Glauber is Algorithm A, which meets weights only in each update's coin. Shuffle
    // runs generalised shuffling on weighted Aztec diamonds (and refuses every other graph anyway).
    if (backend == "cpu" && dynamics == Dynamics::shuffle) return true;
    return (backend == "cpu" || backend == "cpu-parallel") && dynamics == Dynamics::glauber;
}

void require_weight_support(const Graph& graph, std::string_view backend, Dynamics dynamics) {
    if (!graph.weighted() || chain_takes_weights(backend, dynamics)) return;
    require_unit_weights(
        graph, "dynamics '" + std::string(dynamics_name(dynamics)) + "' on backend '" + std::string(backend) +
                   "' (weighted graphs run --dynamics glauber on --backend cpu or cpu-parallel, and weighted "
                   "aztec:N also --dynamics shuffle)");
}

}  // namespace dimerlab
