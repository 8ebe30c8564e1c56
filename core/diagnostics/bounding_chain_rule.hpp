#pragma once
// One update of the bounding chain for heat-bath Glauber (docs/algorithms.md §6.3; Huber 2004).
// Each edge is known out, known in, or unknown across ALL copies of the chain started from every
// matching and driven by the same tape. The three-valued logic is the one of the parallel
// backend's Jacobi rounds (docs/algorithms.md §3.2), kept as a DIMERLAB_HD function so both can share it.
#include <cstdint>

#include "parallel/jacobi_steps.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// The same three values as Algorithm A's Y (parallel/jacobi_steps.hpp), so that the shared
// decision three_valued_heat_bath returns edge states directly.
inline constexpr std::uint8_t kBoundOut = kJacobiZero;
inline constexpr std::uint8_t kBoundIn = kJacobiOne;
inline constexpr std::uint8_t kBoundUnknown = kJacobiUnknown;

// Edge e = uv under one tape update with the given coin. In every copy, e is first removed and
// then added iff the coin says occupied and no other edge at u or v is in the matching, so:
// coin "free" -> out; some neighbouring edge known in -> out; all neighbouring edges known out ->
// in; otherwise unknown. The edge's own old state never matters (it is removed first).
// csr_offsets / csr_edges: the graph's CSR rows of incident edge ids. Returns the change in the
// number of unknown edges (-1, 0, +1).
DIMERLAB_HD inline int bounding_chain_update(std::uint8_t* state, const std::uint32_t* csr_offsets,
                                             const std::uint32_t* csr_edges, std::uint32_t e, std::uint32_t u,
                                             std::uint32_t v, bool coin_occupied) {
    bool any_unknown = false, any_in = false;
    if (coin_occupied) {  // a "free" coin decides alone: skip the neighbourhood scan
        const std::uint32_t ends[2] = {u, v};
        for (std::uint32_t w : ends) {
            for (std::uint32_t k = csr_offsets[w]; k < csr_offsets[w + 1]; ++k) {
                const std::uint32_t f = csr_edges[k];
                if (f == e) continue;
                any_in = any_in || state[f] == kBoundIn;
                any_unknown = any_unknown || state[f] == kBoundUnknown;
            }
        }
    }
    // Certainly blocked: a neighbouring edge is in for every copy; possibly blocked: in for some.
    const std::uint8_t next = three_valued_heat_bath(coin_occupied, any_in, any_in || any_unknown);
    const int delta = (next == kBoundUnknown ? 1 : 0) - (state[e] == kBoundUnknown ? 1 : 0);
    state[e] = next;
    return delta;
}

}  // namespace dimerlab
