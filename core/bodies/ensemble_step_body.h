/* One update of chain k of an ensemble, and its dimer count (docs/algorithms.md §2.1): the body
 * the ensemble kernel (gpu/src/ensemble_device_state.cu) runs per update through
 * dimerlab::ensemble_chain_run, which the CPU tests run against the sequential sampler; proved by
 * Frama-C WP on this file (claim EN-WP). C99 and C++. The edge and the coin are inputs, drawn by
 * the caller from chain k's tape. The same kernel counts each chain's free edges (F, the control
 * variate's twin of |M|) when the caller asks, through dl_ensemble_edge_free.
 *
 * The chains' matchings are one array of K blocks of n words; chain k's block starts at k n.
 * Footprint: only chain k's block of `mates` (and only dimers[k], free_edges[k]) is required to be valid, and
 * WP proves (-wp-rte) every access valid, so chain k reads and writes its own block and count and nothing
 * else. That is what the race-freedom argument of an ensemble launch needs. */
#ifndef DIMERLAB_BODIES_ENSEMBLE_STEP_BODY_H
#define DIMERLAB_BODIES_ENSEMBLE_STEP_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/free_edge_body.h"
#include "bodies/heat_bath_body.h"
#include "bodies/host_device.h"

/* The heat-bath update of edge uv in chain k's block: u and v are vertices of the graph (< n).
 * Returns the change in the chain's dimer count. */
/*@ requires u < n && v < n && u != v;
  @ requires k * n + n <= 0xffffffffffffffff;
  @ requires \valid(mates + (k * n .. k * n + n - 1));
  @ assigns mates[k * n + u], mates[k * n + v];
  @ ensures -1 <= \result <= 1;
  @ behavior remove:
  @   assumes mates[k * n + u] == v && !coin_occupied;
  @   ensures mates[k * n + u] == DL_NO_MATE && mates[k * n + v] == DL_NO_MATE && \result == -1;
  @ behavior add:
  @   assumes mates[k * n + u] == DL_NO_MATE && mates[k * n + v] == DL_NO_MATE && coin_occupied;
  @   ensures mates[k * n + u] == v && mates[k * n + v] == u && \result == 1;
  @ behavior no_op:
  @   assumes !(mates[k * n + u] == v && !coin_occupied) &&
  @           !(mates[k * n + u] == DL_NO_MATE && mates[k * n + v] == DL_NO_MATE && coin_occupied);
  @   ensures mates[k * n + u] == \old(mates[k * n + u]) && mates[k * n + v] == \old(mates[k * n + v]);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_ensemble_step(uint32_t* mates, uint64_t k, uint32_t n, uint32_t u, uint32_t v,
                                         int coin_occupied) {
    return dl_heat_bath_update(mates + k * n, u, v, coin_occupied);
}

/* Chain k's dimer count after a run that changed it by delta (modulo 2^32, as the count is kept). */
/*@ requires -0x7fffffff <= delta <= 0x7fffffff;
  @ requires \valid(dimers + k);
  @ assigns dimers[k];
  @ ensures dimers[k] == (uint32_t)(\old(dimers[k]) + delta);
  @*/
static inline DL_HD void dl_ensemble_add_dimers(uint32_t* dimers, uint64_t k, int64_t delta) {
    DL_STORE(dimers, k, (uint32_t)((int64_t)DL_LOAD(dimers, k) + delta));
}

/* Whether edge uv is free (both ends unmatched) in chain k's block. */
/*@ requires u < n && v < n;
  @ requires k * n + n <= 0xffffffffffffffff;
  @ requires \valid_read(mates + (k * n .. k * n + n - 1));
  @ assigns \nothing;
  @ ensures \result == 0 || \result == 1;
  @ ensures \result == 1 <==> (mates[k * n + u] == DL_NO_MATE && mates[k * n + v] == DL_NO_MATE);
  @*/
static inline DL_HD uint32_t dl_ensemble_edge_free(const uint32_t* mates, uint64_t k, uint32_t n, uint32_t u,
                                                   uint32_t v) {
    return dl_edge_is_free(mates + k * n, u, v);
}

/* Chain k's free-edge count, as the wrapper summed it over the edges. */
/*@ requires \valid(free_edges + k);
  @ assigns free_edges[k];
  @ ensures free_edges[k] == count;
  @*/
static inline DL_HD void dl_ensemble_set_free_edges(uint32_t* free_edges, uint64_t k, uint32_t count) {
    DL_STORE(free_edges, k, count);
}
#endif
