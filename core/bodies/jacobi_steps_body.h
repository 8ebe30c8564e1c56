/* The per-element steps of Algorithm A (docs/algorithms.md §3.2) that the device kernels
 * (gpu/src/jacobi_device_state.cu) and the CPU solver (core/parallel/jacobi_block.cpp) run, through
 * the typed wrappers of core/parallel/jacobi_steps.hpp, with the ACSL contracts Frama-C WP proves
 * on this very file (claim GJ-WP): slot time, the three-valued heat-bath decision, nxt, and the
 * packing steps (event bounds, the scan operator, the decision on packed prefix maxima). They
 * touch no memory. C99 and C++.
 *
 * The packing steps use *, / and % by 2^32 (DL_JACOBI_HALF_WORD), not shifts and masks: with
 * Frama-C 25 / Why3 1.5.1 / z3 4.8.12 / cvc4 1.8, WP proves not even (x >> 32) == x / 2^32 on
 * uint64_t, while g++ and nvcc still emit shifts and masks (no divide) for this arithmetic.
 *
 * A block of B tape updates, started from matching M_0, is laid out as "slots": slots 0 .. V-1
 * are virtual updates at time 0, one per edge of M_0 (value 1); slot V+i is tape update i, at
 * block time i+1. */
#ifndef DIMERLAB_BODIES_JACOBI_STEPS_BODY_H
#define DIMERLAB_BODIES_JACOBI_STEPS_BODY_H
#include <stdint.h>

#include "bodies/host_device.h"

/* Y values: dead updates (coin says free) are 0 from the start, live ones begin unknown. */
#define DL_JACOBI_ZERO 0u
#define DL_JACOBI_ONE 1u
#define DL_JACOBI_UNKNOWN 2u
/* nxt of a slot whose edge is not updated again in the block. */
#define DL_JACOBI_NEVER 0xffffffffu
#define DL_JACOBI_HALF_WORD 0x100000000ull

/*@ logic integer hi32(integer w) = w / 4294967296;
  @ logic integer lo32(integer w) = w % 4294967296;
  @ logic integer pack(integer a, integer b) = a * 4294967296 + b;
  @*/

/*@ requires !(num_virtual == 0 && slot == 0xffffffff);
  @ assigns \nothing;
  @ ensures slot < num_virtual ==> \result == 0;
  @ ensures slot >= num_virtual ==> \result == slot - num_virtual + 1 && \result >= 1;
  @*/
static inline DL_HD uint32_t dl_jacobi_slot_time(uint32_t slot, uint32_t num_virtual) {
    return slot < num_virtual ? 0u : slot - num_virtual + 1u;
}

/*@ assigns \nothing;
  @ behavior free_or_blocked:
  @   assumes !coin_occupied || certainly_blocked;
  @   ensures \result == DL_JACOBI_ZERO;
  @ behavior surely_free:
  @   assumes coin_occupied && !certainly_blocked && !possibly_blocked;
  @   ensures \result == DL_JACOBI_ONE;
  @ behavior unknown:
  @   assumes coin_occupied && !certainly_blocked && possibly_blocked;
  @   ensures \result == DL_JACOBI_UNKNOWN;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD uint8_t dl_three_valued_heat_bath(int coin_occupied, int certainly_blocked,
                                                      int possibly_blocked) {
    if (!coin_occupied || certainly_blocked) return DL_JACOBI_ZERO;
    if (!possibly_blocked) return DL_JACOBI_ONE;
    return DL_JACOBI_UNKNOWN;
}

/*@ requires !(num_virtual == 0 && next_slot == 0xffffffff);
  @ assigns \nothing;
  @ ensures !same_edge_follows ==> \result == DL_JACOBI_NEVER;
  @ ensures same_edge_follows && next_slot < num_virtual ==> \result == 0;
  @ ensures same_edge_follows && next_slot >= num_virtual ==> \result == next_slot - num_virtual + 1;
  @*/
static inline DL_HD uint32_t dl_jacobi_next_time(int same_edge_follows, uint32_t next_slot,
                                                 uint32_t num_virtual) {
    return same_edge_follows ? dl_jacobi_slot_time(next_slot, num_virtual) : DL_JACOBI_NEVER;
}
/* A packed word's high half a is a certain occupation bound, its low half b a possible one, and
 * a <= b (a certain dimer is also a possible one); the scan operator keeps that. */
/*@ assigns \nothing;
  @ ensures \result == pack(y == DL_JACOBI_ONE ? nxt : 0, y != DL_JACOBI_ZERO ? nxt : 0);
  @ ensures hi32(\result) == (y == DL_JACOBI_ONE ? nxt : 0);
  @ ensures lo32(\result) == (y != DL_JACOBI_ZERO ? nxt : 0);
  @ ensures hi32(\result) <= lo32(\result);
  @*/
static inline DL_HD uint64_t dl_jacobi_event_bounds(uint8_t y, uint32_t nxt) {
    const uint64_t a = (y == DL_JACOBI_ONE) ? nxt : 0u;
    const uint64_t b = (y != DL_JACOBI_ZERO) ? nxt : 0u;
    return a * DL_JACOBI_HALF_WORD + b;
}

/*@ assigns \nothing;
  @ ensures \result == pack(\max(hi32(x), hi32(y)), \max(lo32(x), lo32(y)));
  @ ensures hi32(\result) == \max(hi32(x), hi32(y));
  @ ensures lo32(\result) == \max(lo32(x), lo32(y));
  @ ensures hi32(x) <= lo32(x) && hi32(y) <= lo32(y) ==> hi32(\result) <= lo32(\result);
  @*/
static inline DL_HD uint64_t dl_jacobi_bounds_max(uint64_t x, uint64_t y) {
    const uint64_t x_hi = x / DL_JACOBI_HALF_WORD, y_hi = y / DL_JACOBI_HALF_WORD;
    const uint64_t x_lo = x % DL_JACOBI_HALF_WORD, y_lo = y % DL_JACOBI_HALF_WORD;
    return (x_hi > y_hi ? x_hi : y_hi) * DL_JACOBI_HALF_WORD + (x_lo > y_lo ? x_lo : y_lo);
}

/*@ assigns \nothing;
  @ behavior certainly_blocked:
  @   assumes hi32(ab_u) > t || hi32(ab_v) > t;
  @   ensures \result == DL_JACOBI_ZERO;
  @ behavior surely_free:
  @   assumes hi32(ab_u) <= t && hi32(ab_v) <= t && lo32(ab_u) <= t && lo32(ab_v) <= t;
  @   ensures \result == DL_JACOBI_ONE;
  @ behavior unknown:
  @   assumes hi32(ab_u) <= t && hi32(ab_v) <= t && (lo32(ab_u) > t || lo32(ab_v) > t);
  @   ensures \result == DL_JACOBI_UNKNOWN;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD uint8_t dl_jacobi_decide(uint32_t t, uint64_t ab_u, uint64_t ab_v) {
    const uint32_t a_u = (uint32_t)(ab_u / DL_JACOBI_HALF_WORD), a_v = (uint32_t)(ab_v / DL_JACOBI_HALF_WORD);
    const uint32_t b_u = (uint32_t)(ab_u % DL_JACOBI_HALF_WORD), b_v = (uint32_t)(ab_v % DL_JACOBI_HALF_WORD);
    return dl_three_valued_heat_bath(1, a_u > t || a_v > t, b_u > t || b_v > t);
}
#endif
