/* MUTANT of verification/wp/jacobi_steps_twin.h (slot time off by one): WP must fail a goal.
 * C twin of the DIMERLAB_HD per-element steps of Algorithm A (core/parallel/jacobi_steps.hpp)
 * that WP can prove here, with their ACSL contracts (claim GJ-WP): slot time, the three-valued
 * heat-bath decision and nxt. The bit-packing steps (jacobi_event_bounds, jacobi_bounds_max,
 * jacobi_decide) have no contract: with Frama-C 25 / Why3 1.5.1 / z3 4.8.12 / cvc4 1.8, WP proves
 * not even single-operation facts such as (x >> 32) == x / 2^32 or (uint32_t)x == x % 2^32 on
 * uint64_t, so they stay covered by tests only (tests/parallel, GJ-ORACLE).
 *
 * Why a twin: Frama-C 25 parses C only, and the production functions are C++ in a namespace.
 * These are the same statements in C, line for line. tests/verification/test_wp_jacobi_twin.cpp
 * includes this file from C++ and checks that each twin equals its production function on every
 * input of a domain built from the boundary values the functions compare against, so the
 * contracts carry over to the production code up to that test. jacobi_tape_slot (Philox) has no
 * twin: it only composes update_tape.hpp's functions. Valid C and C++. */
#ifndef DIMERLAB_JACOBI_STEPS_TWIN_H
#define DIMERLAB_JACOBI_STEPS_TWIN_H
#include <stdint.h>

#define TWIN_ZERO 0u
#define TWIN_ONE 1u
#define TWIN_UNKNOWN 2u
#define TWIN_NEVER 0xffffffffu

/*@ requires !(num_virtual == 0 && slot == 0xffffffff);
  @ assigns \nothing;
  @ ensures slot < num_virtual ==> \result == 0;
  @ ensures slot >= num_virtual ==> \result == slot - num_virtual + 1 && \result >= 1;
  @*/
static inline uint32_t twin_jacobi_slot_time(uint32_t slot, uint32_t num_virtual) {
    return slot < num_virtual ? 0u : slot - num_virtual; /* MUTANT: block time off by one */
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
static inline uint8_t twin_three_valued_heat_bath(int coin_occupied, int certainly_blocked, int possibly_blocked) {
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
static inline uint32_t twin_jacobi_next_time(int same_edge_follows, uint32_t next_slot, uint32_t num_virtual) {
    return same_edge_follows ? twin_jacobi_slot_time(next_slot, num_virtual) : TWIN_NEVER;
}
#endif
