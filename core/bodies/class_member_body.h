/* Which member of a colour class thread `thread` of a class launch takes (docs/algorithms.md §2.3
 * and §2.7): the body the chromatic kernel (gpu/src/chromatic.cu) and the CPU chromatic sampler run
 * through chromatic_thread (chromatic/chromatic_update.hpp), and the face-class kernel
 * (gpu/src/face_rotation.cu) and the cpu-parallel face-class sampler through face_class_thread
 * (faces/face_class_update.hpp); proved by Frama-C WP on this file (claim CH-WP). C99 and C++.
 * A class is the positions [begin, end) of `order`, a permutation of the edges or of the faces.
 *
 * Footprint: only the class's own positions of `order` are required to be readable, and WP
 * proves (-wp-rte) every access valid, so a thread reads order[begin + thread] and nothing else;
 * threads past the class read nothing. */
#ifndef DIMERLAB_BODIES_CLASS_MEMBER_BODY_H
#define DIMERLAB_BODIES_CLASS_MEMBER_BODY_H
#include <stdint.h>

#include "bodies/access_hooks.h"
#include "bodies/host_device.h"

/*@ requires begin <= end;
  @ requires \valid_read(order + (begin .. end - 1));
  @ requires \valid(member);
  @ requires \separated(member, order + (begin .. end - 1));
  @ assigns *member;
  @ behavior in_class:
  @   assumes thread < end - begin;
  @   ensures \result == 1 && *member == order[begin + thread];
  @ behavior past_the_class:
  @   assumes thread >= end - begin;
  @   ensures \result == 0 && *member == \old(*member);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline DL_HD int dl_class_member(const uint32_t* order, uint32_t begin, uint32_t end, uint64_t thread,
                                        uint32_t* member) {
    if (thread >= (uint64_t)end - begin) return 0;
    *member = DL_LOAD(order, begin + (uint32_t)thread);
    return 1;
}
#endif
