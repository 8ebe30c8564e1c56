/* The per-instance edge-state bytes the viewport draws (1 when the instance's edge is a dimer):
 * the bodies the CUDA-OpenGL interop kernels (gpu/src/gl_interop.cu) and the CPU path
 * (model/edge_state.hpp) both run, proved by Frama-C WP on this file (claim ES-WP). C99 and C++.
 *
 * Footprints: from the matching, only mate[u] is read, and only when u is a vertex; from the
 * occupancy, only occupied[e]. Only that cell is required to be valid, and WP proves (-wp-rte)
 * every access valid, so nothing else is read. */
#ifndef DIMERLAB_BODIES_EDGE_STATE_BODY_H
#define DIMERLAB_BODIES_EDGE_STATE_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"

/*@ requires u < num_vertices ==> \valid_read(mate + u);
  @ assigns \nothing;
  @ ensures \result == 0 || \result == 1;
  @ ensures \result == 1 <==> (u < num_vertices && mate[u] == v);
  @*/
static inline DL_HD uint8_t dl_edge_state_from_mate(const uint32_t* mate, uint32_t num_vertices, uint32_t u,
                                                    uint32_t v) {
    return (u < num_vertices && DL_LOAD(mate, u) == v) ? 1u : 0u;
}

/*@ requires \valid_read(occupied + e);
  @ assigns \nothing;
  @ ensures \result == 0 || \result == 1;
  @ ensures \result == 1 <==> occupied[e] != 0;
  @*/
static inline DL_HD uint8_t dl_edge_state_from_occupancy(const uint8_t* occupied, uint32_t e) {
    return DL_LOAD(occupied, e) != 0 ? 1u : 0u;
}
#endif
