/* The heat-bath rotation of one face, docs/algorithms.md §2.7: the body the face-class kernel
 * (gpu/src/face_rotation.cu), the cpu-parallel face-class sampler, the `rotation` and
 * `glauber+rotation` chains and height-function CFTP all run (through
 * dimerlab::face_rotation_update), and the code Frama-C WP proves (claim FR-WP). C99 and C++;
 * the coin is an input, drawn by the caller from the update tape.
 *
 * A face of even length k with vertices c[0..k-1] in cyclic order has two perfect matchings
 * along its boundary: phase A = {c0c1, c2c3, ...} and phase B = {c1c2, c3c4, ..., c(k-1)c0}.
 * When the matching on the face is one of them, the rotation resamples it (A iff phase_a); both
 * phases have k/2 dimers, so under lambda^|M| the heat bath is a fair coin. Otherwise nothing
 * changes.
 *
 * Footprint: only c[0..k-1] and the mates of the face's vertices are required to be valid, and
 * WP proves (-wp-rte) every access valid, so one call reads the face and mate[c[i]] and writes
 * mate[c[i]] only. That is what the race-freedom argument of a face-class launch needs. */
#ifndef DIMERLAB_BODIES_FACE_ROTATION_BODY_H
#define DIMERLAB_BODIES_FACE_ROTATION_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"
#include "bodies/no_mate.h"

/* Pair p of a face of h pairs in phase b (0 for A, 1 for B) is c[face_from(p, b)]c[face_to(p, h, b)]:
 * c[2p]c[2p+1] in phase A, c[2p+1]c[2p+2 mod 2h] in phase B. */
/*@ logic integer face_from(integer p, integer b) = 2 * p + b;
  @ logic integer face_to(integer p, integer h, integer b) = 2 * p + 1 + b == 2 * h ? 0 : 2 * p + 1 + b;
  @ predicate in_phase{L}(uint32_t* mate, uint32_t* c, integer h, integer b) =
  @   \forall integer p; 0 <= p < h ==>
  @     \at(mate[c[face_from(p, b)]], L) == \at(c[face_to(p, h, b)], L);
  @ predicate set_to{M, F}(uint32_t* mate, uint32_t* c, integer h, integer b) =
  @   \forall integer p; 0 <= p < h ==>
  @     \at(mate[\at(c[face_from(p, b)], F)], M) == \at(c[face_to(p, h, b)], F) &&
  @     \at(mate[\at(c[face_to(p, h, b)], F)], M) == \at(c[face_from(p, b)], F);
  @ predicate face_ok(uint32_t* mate, uint32_t* c, integer h) =
  @   2 <= h && h <= 0x7fffffff &&
  @   \valid_read(c + (0 .. 2 * h - 1)) &&
  @   (\forall integer i; 0 <= i < 2 * h ==> c[i] != DL_NO_MATE && \valid(mate + c[i])) &&
  @   (\forall integer i, j; 0 <= i < 2 * h && 0 <= j < 2 * h && i != j ==> c[i] != c[j]) &&
  @   (\forall integer i; 0 <= i < 2 * h ==> \separated(mate + c[i], c + (0 .. 2 * h - 1)));
  @*/

/* Whether the matching on the face (h pairs) is in phase b. Reads only. */
/*@ requires face_ok(mate, c, h) && (b == 0 || b == 1);
  @ assigns \nothing;
  @ behavior found:
  @   assumes in_phase{Pre}(mate, c, h, b);
  @   ensures \result == 1;
  @ behavior not_found:
  @   assumes !in_phase{Pre}(mate, c, h, b);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_face_in_phase(const uint32_t* mate, const uint32_t* c, uint32_t h, uint32_t b) {
    /*@ loop invariant 0 <= p <= h;
      @ loop invariant \forall integer q; 0 <= q < p ==> mate[c[face_from(q, b)]] == c[face_to(q, h, b)];
      @ loop assigns p;
      @ loop variant h - p;
      @*/
    for (uint32_t p = 0; p < h; ++p) {
        const uint32_t from = 2 * p + b, to = 2 * p + 1 + b == 2 * h ? 0u : 2 * p + 1 + b;
        /*@ assert from == face_from(p, b) && to == face_to(p, h, b); */
        if (DL_LOAD(mate, DL_LOAD(c, from)) != DL_LOAD(c, to)) return 0;
    }
    return 1;
}

/* Sets the matching on the face (h pairs) to phase b. */
/*@ requires face_ok(mate, c, h) && (b == 0 || b == 1);
  @ assigns mate[c[0 .. 2 * h - 1]];
  @ ensures \forall integer i; 0 <= i < 2 * h ==> c[i] == \old(c[i]);
  @ ensures set_to{Post, Pre}(mate, c, h, b);
  @*/
static inline DL_HD void dl_face_set_phase(uint32_t* mate, const uint32_t* c, uint32_t h, uint32_t b) {
    /*@ loop invariant 0 <= p <= h;
      @ loop invariant \forall integer j; 0 <= j < 2 * h ==> c[j] == \at(c[j], Pre);
      @ loop invariant \forall integer q; 0 <= q < p ==>
      @   mate[\at(c[face_from(q, b)], Pre)] == \at(c[face_to(q, h, b)], Pre) &&
      @   mate[\at(c[face_to(q, h, b)], Pre)] == \at(c[face_from(q, b)], Pre);
      @ loop assigns p, mate[\at(c[0 .. 2 * h - 1], Pre)];
      @ loop variant h - p;
      @*/
    for (uint32_t p = 0; p < h; ++p) {
        const uint32_t from = 2 * p + b, to = 2 * p + 1 + b == 2 * h ? 0u : 2 * p + 1 + b;
        /*@ assert from == face_from(p, b) && to == face_to(p, h, b); */
        const uint32_t u = DL_LOAD(c, from), v = DL_LOAD(c, to);
        DL_STORE(mate, u, v);
        DL_STORE(mate, v, u);
    }
}

/* The heat-bath rotation of a face of k vertices with the coin phase_a. The faces of a graph are
 * cycles of at least four distinct vertices, none of them DL_NO_MATE, and the mates of the face
 * are separate from the face's own vertex list. Returns whether the matching changed. */
/*@ requires 4 <= k && k % 2 == 0 && face_ok(mate, c, k / 2);
  @ assigns mate[c[0 .. k - 1]];
  @ ensures \forall integer i; 0 <= i < k ==> c[i] == \old(c[i]);
  @ behavior to_a:
  @   assumes phase_a != 0 && in_phase{Pre}(mate, c, k / 2, 1) && !in_phase{Pre}(mate, c, k / 2, 0);
  @   ensures set_to{Post, Pre}(mate, c, k / 2, 0);
  @   ensures \result == 1;
  @ behavior to_b:
  @   assumes phase_a == 0 && in_phase{Pre}(mate, c, k / 2, 0);
  @   ensures set_to{Post, Pre}(mate, c, k / 2, 1);
  @   ensures \result == 1;
  @ behavior unchanged:
  @   assumes !(in_phase{Pre}(mate, c, k / 2, 0) || in_phase{Pre}(mate, c, k / 2, 1)) ||
  @           (phase_a != 0 <==> in_phase{Pre}(mate, c, k / 2, 0));
  @   ensures \forall integer i; 0 <= i < k ==> mate[c[i]] == \old(mate[c[i]]);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_face_rotation_update(uint32_t* mate, const uint32_t* c, uint32_t k, int phase_a) {
    const uint32_t h = k / 2;
    const int is_a = dl_face_in_phase(mate, c, h, 0);
    const int is_b = dl_face_in_phase(mate, c, h, 1);
    if ((!is_a && !is_b) || (phase_a != 0) == (is_a != 0)) return 0;
    dl_face_set_phase(mate, c, h, phase_a ? 0u : 1u);
    return 1;
}
#endif
