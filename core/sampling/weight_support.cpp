#include "sampling/weight_support.hpp"

#include <string>

#include "util/errors.hpp"

namespace dimerlab {

bool chain_takes_weights(std::string_view backend, Dynamics dynamics) {
    // cpu-parallel's Glauber is Algorithm A, which meets weights only in each update's coin. Shuffle
    // runs generalised shuffling on weighted Aztec diamonds (and refuses every other graph anyway).
    // cuda's Glauber is the same Algorithm A, its coins read from a per-edge class table on the device.
    if (backend == "cpu" && dynamics == Dynamics::shuffle) return true;
    // A face rotation's coin is the face's own threshold (faces/face_coin_thresholds.hpp) on every
    // backend that rotates, and cftp couples those weighted coins monotonically.
    if (dynamics == Dynamics::rotation)
        return backend == "cpu" || backend == "cpu-parallel" || backend == "cuda";
    // Jerrum–Sinclair's Metropolis filter takes each edge's λw_e and each slide's weight ratio.
    if (dynamics == Dynamics::glauber_rotation || dynamics == Dynamics::cftp ||
        dynamics == Dynamics::jerrum_sinclair)
        return backend == "cpu";
    // The chromatic chain's coin is the same heat-bath coin, against the updated edge's threshold.
    return (backend == "cpu" || backend == "cpu-parallel" || backend == "cuda") &&
           (dynamics == Dynamics::glauber || dynamics == Dynamics::chromatic);
}

void require_weight_support(const Graph& graph, std::string_view backend, Dynamics dynamics) {
    if (!graph.weighted() || chain_takes_weights(backend, dynamics)) return;
    require_unit_weights(
        graph, "dynamics '" + std::string(dynamics_name(dynamics)) + "' on backend '" + std::string(backend) +
                   "' (weighted graphs run --dynamics glauber, chromatic or rotation on --backend "
                   "cpu, cpu-parallel or cuda, glauber+rotation, jerrum-sinclair and cftp on cpu, and "
                   "weighted aztec:N also --dynamics shuffle)");
}

}  // namespace dimerlab
