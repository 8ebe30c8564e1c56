/* Whether a dimer could be added on edge uv: both ends unmatched. The rule of F(M), the free-edge
 * count whose λ-multiple is the control variate's twin of |M| (docs/algorithms.md §5.6): the CPU
 * count (model/free_edges.hpp) and the ensemble kernel's device count
 * (bodies/ensemble_step_body.h) both call it, and Frama-C WP proves it (claim EN-WP). C99 and C++.
 *
 * Footprint: only mate[u] and mate[v] are read; only they are required to be valid. */
#ifndef DIMERLAB_BODIES_FREE_EDGE_BODY_H
#define DIMERLAB_BODIES_FREE_EDGE_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"
#include "bodies/no_mate.h"

/*@ requires \valid_read(mate + u) && \valid_read(mate + v);
  @ assigns \nothing;
  @ ensures \result == 0 || \result == 1;
  @ ensures \result == 1 <==> (mate[u] == DL_NO_MATE && mate[v] == DL_NO_MATE);
  @*/
static inline DL_HD uint32_t dl_edge_is_free(const uint32_t* mate, uint32_t u, uint32_t v) {
    return (DL_LOAD(mate, u) == DL_NO_MATE && DL_LOAD(mate, v) == DL_NO_MATE) ? 1u : 0u;
}
#endif
