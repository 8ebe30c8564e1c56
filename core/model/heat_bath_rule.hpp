#pragma once
// One single-edge heat-bath (Glauber) update, docs/algorithms.md §2.1, shared by every exact backend.
#include <cstdint>

#include "model/matching_constants.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// Remove edge uv if present, then add it back iff both endpoints are free and the coin said
// "occupied". Touches mate[u] and mate[v] only. Returns +1 / -1 / 0: the change in dimer count.
// `mate` is anything with operator[] over std::uint32_t: a raw pointer in every backend (the
// chromatic kernel's per-thread body included), a logging proxy in the race emulation tests.
template <class Mate>
DIMERLAB_HD inline int heat_bath_update(Mate&& mate, std::uint32_t u, std::uint32_t v, bool coin_occupied) {
    const std::uint32_t mu = mate[u], mv = mate[v];
    const bool was_in = (mu == v);
    const bool free_after_removal = (was_in || (mu == kNoMate && mv == kNoMate));
    const bool now_in = coin_occupied && free_after_removal;
    if (now_in == was_in) return 0;
    if (now_in) {
        mate[u] = v;
        mate[v] = u;
        return +1;
    }
    mate[u] = kNoMate;
    mate[v] = kNoMate;
    return -1;
}

}  // namespace dimerlab
