/* One single-edge heat-bath (Glauber) update, docs/algorithms.md §2.1: the body every exact
 * backend runs (the CPU samplers, the chromatic and reference kernels, the ensemble and the face
 * rotations' Glauber moves, through dimerlab::heat_bath_update) and the code Frama-C WP proves
 * (claim HB-WP). C99 and C++; the coin is an input, drawn by the caller from the update tape.
 *
 * The contract is the footprint as well as the behaviour: only mate + u and mate + v are
 * required to be valid, and WP proves (-wp-rte) that every load and store is valid, so the body
 * reads and writes no other cell. That is what a race-freedom argument needs of one thread. */
#ifndef DIMERLAB_BODIES_HEAT_BATH_BODY_H
#define DIMERLAB_BODIES_HEAT_BATH_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"
#include "bodies/no_mate.h"

/*@ predicate mate_value_ok(integer x, integer nv) = x < nv || x == DL_NO_MATE;
  @*/

/* u and v are vertices, so neither is DL_NO_MATE (graphs have fewer than 2^32 - 1 vertices):
 * for v == DL_NO_MATE, a free u would look matched to v and the add behaviour would not hold. */
/*@ requires u != v && u != DL_NO_MATE && v != DL_NO_MATE;
  @ requires \valid(mate + u) && \valid(mate + v);
  @ assigns mate[u], mate[v];
  @ ensures \forall integer nv; u < nv && v < nv &&
  @     mate_value_ok(\old(mate[u]), nv) && mate_value_ok(\old(mate[v]), nv) ==>
  @     mate_value_ok(mate[u], nv) && mate_value_ok(mate[v], nv);
  @ behavior remove:
  @   assumes mate[u] == v && !coin_occupied;
  @   ensures mate[u] == DL_NO_MATE && mate[v] == DL_NO_MATE;
  @   ensures \result == -1;
  @ behavior add:
  @   assumes mate[u] == DL_NO_MATE && mate[v] == DL_NO_MATE && coin_occupied;
  @   ensures mate[u] == v && mate[v] == u;
  @   ensures \result == 1;
  @ behavior no_op:
  @   assumes !(mate[u] == v && !coin_occupied) &&
  @           !(mate[u] == DL_NO_MATE && mate[v] == DL_NO_MATE && coin_occupied);
  @   ensures mate[u] == \old(mate[u]) && mate[v] == \old(mate[v]);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_heat_bath_update(uint32_t* mate, uint32_t u, uint32_t v, int coin_occupied) {
    /* Remove uv if present, then add it back iff both ends are free and the coin says occupied. */
    const uint32_t mu = DL_LOAD(mate, u);
    const uint32_t mv = DL_LOAD(mate, v);
    const int was_in = (mu == v);
    const int free_after_removal = (was_in || (mu == DL_NO_MATE && mv == DL_NO_MATE));
    const int now_in = coin_occupied && free_after_removal;
    if (now_in == was_in) return 0;
    if (now_in) {
        DL_STORE(mate, u, v);
        DL_STORE(mate, v, u);
        return +1;
    }
    DL_STORE(mate, u, DL_NO_MATE);
    DL_STORE(mate, v, DL_NO_MATE);
    return -1;
}
#endif
