/* MUTANT of verification/wp/jacobi_steps_twin.h (unknown event as a certain bound): WP must fail a goal.
 * C twin of the DIMERLAB_HD per-element steps of Algorithm A (core/parallel/jacobi_steps.hpp)
 * with their ACSL contracts (claim GJ-WP): slot time, the three-valued heat-bath decision, nxt,
 * and the packing steps (event bounds, the scan operator, the decision on packed prefix maxima).
 *
 * The packing steps use *, / and % by 2^32 (TWIN_HALF), as the production code does, and their
 * contracts speak of that arithmetic (hi32, lo32, pack). With Frama-C 25 / Why3 1.5.1 / z3 4.8.12 /
 * cvc4 1.8, WP proves not even single-operation facts about >>, << and & on uint64_t, such as
 * (x >> 32) == x / 2^32, so the production code was rewritten from shifts and masks to this
 * arithmetic (g++ -O2 and nvcc emit shifts and masks for it; outputs are unchanged).
 *
 * Why a twin: Frama-C 25 parses C only, and the production functions are C++ in a namespace.
 * These are the same statements in C, line for line. tests/verification/test_wp_jacobi_twin.cpp
 * includes this file from C++ and checks that each twin equals its production function on a
 * domain built from the boundary values the functions compare against (plus random 64-bit words
 * for the packing steps), so the contracts carry over to the production code up to that test.
 * jacobi_tape_slot (Philox) has no twin: it only composes update_tape.hpp's functions. Valid C and
 * C++. */
#ifndef DIMERLAB_JACOBI_STEPS_TWIN_H
#define DIMERLAB_JACOBI_STEPS_TWIN_H
#include <stdint.h>

#define TWIN_ZERO 0u
#define TWIN_ONE 1u
#define TWIN_UNKNOWN 2u
#define TWIN_NEVER 0xffffffffu
#define TWIN_HALF 0x100000000ull /* dimerlab::kJacobiHalfWord */

/*@ logic integer hi32(integer w) = w / 4294967296;
  @ logic integer lo32(integer w) = w % 4294967296;
  @ logic integer pack(integer a, integer b) = a * 4294967296 + b;
  @*/

/*@ requires !(num_virtual == 0 && slot == 0xffffffff);
  @ assigns \nothing;
  @ ensures slot < num_virtual ==> \result == 0;
  @ ensures slot >= num_virtual ==> \result == slot - num_virtual + 1 && \result >= 1;
  @*/
static inline uint32_t twin_jacobi_slot_time(uint32_t slot, uint32_t num_virtual) {
    return slot < num_virtual ? 0u : slot - num_virtual + 1u;
}

/*@ assigns \nothing;
  @ behavior free_or_blocked:
  @   assumes !coin_occupied || certainly_blocked;
  @   ensures \result == TWIN_ZERO;
  @ behavior surely_free:
  @   assumes coin_occupied && !certainly_blocked && !possibly_blocked;
  @   ensures \result == TWIN_ONE;
  @ behavior unknown:
  @   assumes coin_occupied && !certainly_blocked && possibly_blocked;
  @   ensures \result == TWIN_UNKNOWN;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline uint8_t twin_three_valued_heat_bath(int coin_occupied, int certainly_blocked,
                                                  int possibly_blocked) {
    if (!coin_occupied || certainly_blocked) return TWIN_ZERO;
    if (!possibly_blocked) return TWIN_ONE;
    return TWIN_UNKNOWN;
}

/*@ requires !(num_virtual == 0 && next_slot == 0xffffffff);
  @ assigns \nothing;
  @ ensures !same_edge_follows ==> \result == TWIN_NEVER;
  @ ensures same_edge_follows && next_slot < num_virtual ==> \result == 0;
  @ ensures same_edge_follows && next_slot >= num_virtual ==> \result == next_slot - num_virtual + 1;
  @*/
static inline uint32_t twin_jacobi_next_time(int same_edge_follows, uint32_t next_slot,
                                             uint32_t num_virtual) {
    return same_edge_follows ? twin_jacobi_slot_time(next_slot, num_virtual) : TWIN_NEVER;
}
/* A packed word's high half a is a certain occupation bound, its low half b a possible one, and
 * a <= b (a certain dimer is also a possible one); the scan operator keeps that. */
/*@ assigns \nothing;
  @ ensures \result == pack(y == TWIN_ONE ? nxt : 0, y != TWIN_ZERO ? nxt : 0);
  @ ensures hi32(\result) == (y == TWIN_ONE ? nxt : 0);
  @ ensures lo32(\result) == (y != TWIN_ZERO ? nxt : 0);
  @ ensures hi32(\result) <= lo32(\result);
  @*/
static inline uint64_t twin_jacobi_event_bounds(uint8_t y, uint32_t nxt) {
    const uint64_t a = (y != TWIN_ZERO) ? nxt : 0u; /* MUTANT: unknown counts as certain */
    const uint64_t b = (y != TWIN_ZERO) ? nxt : 0u;
    return a * TWIN_HALF + b;
}

/*@ assigns \nothing;
  @ ensures \result == pack(\max(hi32(x), hi32(y)), \max(lo32(x), lo32(y)));
  @ ensures hi32(\result) == \max(hi32(x), hi32(y));
  @ ensures lo32(\result) == \max(lo32(x), lo32(y));
  @ ensures hi32(x) <= lo32(x) && hi32(y) <= lo32(y) ==> hi32(\result) <= lo32(\result);
  @*/
static inline uint64_t twin_jacobi_bounds_max(uint64_t x, uint64_t y) {
    const uint64_t x_hi = x / TWIN_HALF, y_hi = y / TWIN_HALF;
    const uint64_t x_lo = x % TWIN_HALF, y_lo = y % TWIN_HALF;
    return (x_hi > y_hi ? x_hi : y_hi) * TWIN_HALF + (x_lo > y_lo ? x_lo : y_lo);
}

/* Not a production function: WP proves from twin_jacobi_bounds_max's contract alone that the
 * operator has the laws the segmented scan relies on (associative, commutative, identity 0). */
/*@ assigns \nothing;
  @ ensures \result == 1;
  @*/
static inline int twin_bounds_max_scan_laws(uint64_t x, uint64_t y, uint64_t z) {
    const int assoc = twin_jacobi_bounds_max(twin_jacobi_bounds_max(x, y), z) ==
                      twin_jacobi_bounds_max(x, twin_jacobi_bounds_max(y, z));
    const int comm = twin_jacobi_bounds_max(x, y) == twin_jacobi_bounds_max(y, x);
    const int ident = twin_jacobi_bounds_max(x, 0u) == x && twin_jacobi_bounds_max(0u, x) == x;
    return assoc && comm && ident;
}

/*@ assigns \nothing;
  @ behavior certainly_blocked:
  @   assumes hi32(ab_u) > t || hi32(ab_v) > t;
  @   ensures \result == TWIN_ZERO;
  @ behavior surely_free:
  @   assumes hi32(ab_u) <= t && hi32(ab_v) <= t && lo32(ab_u) <= t && lo32(ab_v) <= t;
  @   ensures \result == TWIN_ONE;
  @ behavior unknown:
  @   assumes hi32(ab_u) <= t && hi32(ab_v) <= t && (lo32(ab_u) > t || lo32(ab_v) > t);
  @   ensures \result == TWIN_UNKNOWN;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline uint8_t twin_jacobi_decide(uint32_t t, uint64_t ab_u, uint64_t ab_v) {
    const uint32_t a_u = (uint32_t)(ab_u / TWIN_HALF), a_v = (uint32_t)(ab_v / TWIN_HALF);
    const uint32_t b_u = (uint32_t)(ab_u % TWIN_HALF), b_v = (uint32_t)(ab_v % TWIN_HALF);
    return twin_three_valued_heat_bath(1, a_u > t || a_v > t, b_u > t || b_v > t);
}
#endif
