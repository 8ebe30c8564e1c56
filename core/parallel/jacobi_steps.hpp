#pragma once
// Per-element steps of Algorithm A (docs/algorithms.md §3.2): three-valued Jacobi rounds over
// per-vertex, time-ordered event lists, in the scan form the CUDA kernels
// (gpu/src/jacobi_device_state.cu) run. The CPU solver (jacobi_block.cpp) runs the gather form
// of the same rounds (jacobi_gather_steps.hpp), which shares three_valued_heat_bath below;
// tests/parallel/test_gather_steps.cpp checks that both forms decide alike, and the GPU tests
// compare the kernels with the CPU backends (docs/architecture.md §4). Device-compilable: no std
// containers, no exceptions. The arithmetic lives in the C header bodies/jacobi_steps_body.h,
// where Frama-C WP proves its contracts (claim GJ-WP); these are its typed wrappers.
//
// A block of B tape updates, started from matching M_0, is laid out as "slots":
//   slots 0 .. V-1    virtual updates at time 0, one per edge of M_0 (value 1);
//   slots V .. V+B-1  the tape updates, slot V+i at block time i+1.
// Every slot s has two events (its edge's endpoints u and v), numbered 2s and 2s+1.
#include <cstdint>

#include "bodies/jacobi_steps_body.h"
#include "model/coin_thresholds.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// Y values. Dead updates (coin says "free") are 0 from the start; live ones begin unknown.
inline constexpr std::uint8_t kJacobiZero = DL_JACOBI_ZERO;
inline constexpr std::uint8_t kJacobiOne = DL_JACOBI_ONE;
inline constexpr std::uint8_t kJacobiUnknown = DL_JACOBI_UNKNOWN;

// nxt(s) when the edge of slot s is not updated again in the block: its occupation interval,
// if any, reaches past the block end.
inline constexpr std::uint32_t kJacobiNever = DL_JACOBI_NEVER;

DIMERLAB_HD inline std::uint32_t jacobi_slot_time(std::uint32_t slot, std::uint32_t num_virtual) {
    return dl_jacobi_slot_time(slot, num_virtual);
}

// Tape update t (absolute index) as a slot: its edge and its initial Y value.
struct JacobiSlotInit {
    std::uint32_t edge;
    std::uint8_t value;
};

// On a weighted graph the coin's threshold is the drawn edge's (model/coin_thresholds.hpp).
DIMERLAB_HD inline JacobiSlotInit jacobi_tape_slot(std::uint64_t seed, std::uint64_t t,
                                                   std::uint32_t num_edges, CoinThresholds thresholds) {
    const TapeWords w = tape_words(seed, t);
    const std::uint32_t edge = tape_edge(w, num_edges);
    return {edge, tape_coin_occupied(w, thresholds(edge)) ? kJacobiUnknown : kJacobiZero};
}

// A packed word holds two 32-bit halves, a * 2^32 + b (the body says why it is not shifts and masks).
inline constexpr std::uint64_t kJacobiHalfWord = DL_JACOBI_HALF_WORD;

// Step 3, both scan inputs of one event packed into one word: high half a = nxt(s) if Y_s = 1
// (the edge certainly occupies this vertex until nxt(s)), low half b = nxt(s) if Y_s != 0 (it
// possibly does). 0 means "nothing": every update time t it is compared with is >= 1.
DIMERLAB_HD inline std::uint64_t jacobi_event_bounds(std::uint8_t y, std::uint32_t nxt) {
    return dl_jacobi_event_bounds(y, nxt);
}

// Step 4's operator: component-wise max of two packed (a, b) words. Associative and
// commutative with identity 0, as a scan needs (WP derives these laws from its contract).
DIMERLAB_HD inline std::uint64_t jacobi_bounds_max(std::uint64_t x, std::uint64_t y) {
    return dl_jacobi_bounds_max(x, y);
}

// The three-valued heat-bath decision shared by Algorithm A's step 5 (below) and the bounding
// chain of docs/algorithms.md §6.3 (diagnostics/bounding_chain_rule.hpp): an update whose coin says
// "occupied" ends 0 when a neighbouring edge is certainly in the matching at its time, 1 when
// none can be, and unknown otherwise. A "free" coin always gives 0. Kept in one place so the two
// users cannot drift apart.
DIMERLAB_HD inline std::uint8_t three_valued_heat_bath(bool coin_occupied, bool certainly_blocked,
                                                       bool possibly_blocked) {
    return dl_three_valued_heat_bath(coin_occupied, certainly_blocked, possibly_blocked);
}

// Step 5 for the update at block time t whose events see the exclusive prefix maxima ab_u and
// ab_v (packed as above). Earlier updates of the same edge have nxt <= t and never count, so
// only the parents (the last update of each neighbouring edge) can decide.
DIMERLAB_HD inline std::uint8_t jacobi_decide(std::uint32_t t, std::uint64_t ab_u, std::uint64_t ab_v) {
    // Only live updates are decided (dead ones start 0). Certainly blocked: a neighbouring dimer
    // certainly covers an endpoint at t; possibly blocked: one may.
    return dl_jacobi_decide(t, ab_u, ab_v);
}

// Step 4's operator as a functor, for scan primitives (cub::DeviceScan::ExclusiveScanByKey).
struct JacobiBoundsMax {
    DIMERLAB_HD std::uint64_t operator()(std::uint64_t x, std::uint64_t y) const {
        return jacobi_bounds_max(x, y);
    }
};

// Step 2: nxt of a slot from its edge's time-ordered run: the time of the following slot when
// that slot updates the same edge, never otherwise.
DIMERLAB_HD inline std::uint32_t jacobi_next_time(bool same_edge_follows, std::uint32_t next_slot,
                                                  std::uint32_t num_virtual) {
    return dl_jacobi_next_time(same_edge_follows, next_slot, num_virtual);
}

}  // namespace dimerlab
