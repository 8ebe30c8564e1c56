/* Which edge thread `thread` of a chromatic class launch updates (docs/algorithms.md §2.3): the
 * body the chromatic kernel (gpu/src/chromatic.cu) and the CPU chromatic sampler both run through
 * chromatic_thread (chromatic/chromatic_update.hpp), proved by Frama-C WP on this file (claim
 * CH-WP). C99 and C++. The update itself is the heat-bath body (HB-WP), and the coin is drawn by
 * the caller from the tape.
 *
 * Footprint: only the class's own positions of `order` are required to be readable, and WP
 * proves (-wp-rte) every access valid, so a thread reads order[begin + thread] and nothing else;
 * threads past the class read nothing. */
#ifndef DIMERLAB_BODIES_CHROMATIC_CLASS_BODY_H
#define DIMERLAB_BODIES_CHROMATIC_CLASS_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"

/*@ requires begin <= end;
  @ requires \valid_read(order + (begin .. end - 1));
  @ requires \valid(edge);
  @ requires \separated(edge, order + (begin .. end - 1));
  @ assigns *edge;
  @ behavior in_class:
  @   assumes thread < end - begin;
  @   ensures \result == 1 && *edge == order[begin + thread];
  @ behavior past_the_class:
  @   assumes thread >= end - begin;
  @   ensures \result == 0 && *edge == \old(*edge);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_chromatic_class_edge(const uint32_t* order, uint32_t begin, uint32_t end,
                                                uint64_t thread, uint32_t* edge) {
    if (thread >= (uint64_t)end - begin) return 0;
    *edge = DL_LOAD(order, begin + (uint32_t)thread);
    return 1;
}
#endif
