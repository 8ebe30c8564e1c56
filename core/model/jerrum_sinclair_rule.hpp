#pragma once
// One update of the Jerrum–Sinclair chain (docs/algorithms.md §2.2), shared by CPU and GPU backends.
//
// This chain is LAZY: with probability 1/2 an update does nothing at all. It has the same
// stationary law π ∝ λ^|M| as the heat-bath (Glauber) chain but a different trajectory, so
// backends running it are tested statistically, never bit for bit against Glauber.
//
// Tape words (docs/architecture.md §3.2): the edge comes from tape_edge (w0, w1) like every other rule;
// w3's top bit decides laziness; w2 is the Metropolis coin, compared as an integer against
// thresholds computed once per λ on the host.
#include <cstdint>

#include "model/matching_constants.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// Acceptance thresholds on w2: accept an addition iff w2 < add, a removal iff w2 < remove.
// add = min(2^32, floor(λ 2^32)) and remove = min(2^32, floor(2^32 / λ)), so one of the two is
// always 2^32 (always accept) and the other implements min(1, λ^{±1}).
struct JsThresholds {
    std::uint64_t add = 0;
    std::uint64_t remove = 0;
};

// Host only: thresholds for activity λ > 0 (finite).
JsThresholds jerrum_sinclair_thresholds(double lambda);

// The activity the thresholds actually implement: detailed balance gives
// π(M+e)/π(M) = add / remove.
double jerrum_sinclair_effective_lambda(const JsThresholds& thr);

// Laziness from one bit of w3: the top bit set means "stay put".
DIMERLAB_HD inline bool jerrum_sinclair_lazy(std::uint32_t w3) {
    return (w3 >> 31) != 0;
}

// Applies one update on edge uv with tape words w. Touches mate[u], mate[v] and, for a slide,
// the mate of whichever endpoint was matched. Returns the change in dimer count (+1, -1, 0;
// slides keep the count).
DIMERLAB_HD inline int jerrum_sinclair_update(std::uint32_t* mate, std::uint32_t u, std::uint32_t v,
                                              const TapeWords& w, const JsThresholds& thr) {
    if (jerrum_sinclair_lazy(w.w3)) return 0;
    const std::uint32_t mu = mate[u], mv = mate[v];
    const std::uint64_t coin = w.w2;
    if (mu == v) {
        if (coin >= thr.remove) return 0;
        mate[u] = kNoMate;
        mate[v] = kNoMate;
        return -1;
    }
    if (mu == kNoMate && mv == kNoMate) {
        if (coin >= thr.add) return 0;
        mate[u] = v;
        mate[v] = u;
        return +1;
    }
    if (mu != kNoMate && mv != kNoMate) return 0;
    // Slide: |M'| = |M|, so the Metropolis filter always accepts and the coin is not consulted.
    if (mu != kNoMate) {
        mate[mu] = kNoMate;
    } else {
        mate[mv] = kNoMate;
    }
    mate[u] = v;
    mate[v] = u;
    return 0;
}

}  // namespace dimerlab
