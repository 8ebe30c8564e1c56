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

// Host only: thresholds for activity λ > 0 (finite). On a weighted graph edge e's are those of
// the activity λw_e.
JsThresholds jerrum_sinclair_thresholds(double lambda);

// The same for a positive activity that need not pass check_lambda (λw_e on a weighted graph, in
// long double so that λ = 1 and w = 1 give exactly the unweighted thresholds).
JsThresholds jerrum_sinclair_thresholds_at(long double activity);

// Host only: ⌊min(1, w_new / w_old) 2^32⌋, the acceptance of a slide that replaces a dimer of weight
// w_old by one of weight w_new; 2^32 when w_new >= w_old.
std::uint64_t jerrum_sinclair_slide_threshold(double w_new, double w_old);

// The activity the thresholds actually implement: detailed balance gives
// π(M+e)/π(M) = add / remove.
double jerrum_sinclair_effective_lambda(const JsThresholds& thr);

// Laziness from one bit of w3: the top bit set means "stay put".
DIMERLAB_HD inline bool jerrum_sinclair_lazy(std::uint32_t w3) {
    return (w3 >> 31) != 0;
}

// The slide threshold of an unweighted graph (or of equal weights): a slide keeps |M|, so the
// Metropolis filter always accepts.
struct UnitSlide {
    DIMERLAB_HD std::uint64_t operator()(std::uint32_t /*a*/, std::uint32_t /*b*/) const {
        return std::uint64_t{1} << 32;
    }
};

// Applies one update on edge uv with tape words w. Touches mate[u], mate[v] and, for a slide,
// the mate of whichever endpoint was matched. Returns the change in dimer count (+1, -1, 0;
// slides keep the count). A slide that trades the dimer ab (a the endpoint of uv) for uv is
// accepted iff w2 < slide_threshold(a, b): 2^32 (always) when unweighted, so the unweighted chain
// never looks at the coin there; ⌊min(1, w_uv/w_ab) 2^32⌋ on a weighted graph
// (jerrum_sinclair_slide_threshold). thr holds uv's own addition and removal thresholds.
template <class SlideThreshold = UnitSlide>
DIMERLAB_HD inline int jerrum_sinclair_update(std::uint32_t* mate, std::uint32_t u, std::uint32_t v,
                                              const TapeWords& w, const JsThresholds& thr,
                                              const SlideThreshold& slide_threshold = SlideThreshold{}) {
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
    // Slide: |M'| = |M|, so only the weights of the two dimers enter the filter.
    if (mu != kNoMate) {
        if (coin >= slide_threshold(u, mu)) return 0;
        mate[mu] = kNoMate;
    } else {
        if (coin >= slide_threshold(v, mv)) return 0;
        mate[mv] = kNoMate;
    }
    mate[u] = v;
    mate[v] = u;
    return 0;
}

}  // namespace dimerlab
