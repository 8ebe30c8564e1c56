#pragma once
// One single-edge heat-bath (Glauber) update, docs/algorithms.md §2.1, shared by every exact backend.
// The body is C, in bodies/heat_bath_body.h, where Frama-C WP proves its contract (claim HB-WP);
// this is its typed wrapper.
#include <cstdint>

#include "bodies/heat_bath_body.h"
#include "util/host_device.hpp"

namespace dimerlab {
inline namespace DL_CXX_VARIANT {

// Remove edge uv if present, then add it back iff both endpoints are free and the coin said
// "occupied". Touches mate[u] and mate[v] only. Returns +1 / -1 / 0: the change in dimer count.
DIMERLAB_HD inline int heat_bath_update(std::uint32_t* mate, std::uint32_t u, std::uint32_t v,
                                        bool coin_occupied) {
    return dl_heat_bath_update(mate, u, v, coin_occupied ? 1 : 0);
}

}  // namespace DL_CXX_VARIANT
}  // namespace dimerlab
