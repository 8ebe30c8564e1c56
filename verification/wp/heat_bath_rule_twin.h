/* C twin of dimerlab::heat_bath_update (core/model/heat_bath_rule.hpp) with its ACSL contract
 * (claim HB-WP).
 *
 * Why a twin: Frama-C 25 parses C only (frama-clang is not in Debian), and the production rule is
 * a C++ function in a namespace, so WP cannot read it directly. This file is the same statements
 * in C, line for line. tests/verification/test_wp_twin.cpp includes it from C++ and checks that it and
 * heat_bath_update (through a pointer and through a proxy) agree on every input of a domain
 * that covers every equality pattern the rule can observe (the rule reads only mate[u], mate[v] and
 * compares them with v and kNoMate), so the contract carries over to the production code up to
 * that test. Valid C and C++: no C++-only syntax. */
#ifndef DIMERLAB_HEAT_BATH_RULE_TWIN_H
#define DIMERLAB_HEAT_BATH_RULE_TWIN_H
#include <stdint.h>

#define TWIN_NO_MATE 0xffffffffu /* dimerlab::kNoMate */

/*@ predicate in_range(uint32_t *mate, integer nv) =
      \forall integer i; 0 <= i < nv ==> (mate[i] < nv || mate[i] == TWIN_NO_MATE);
  @*/

/*@ requires nv > 0 && u < nv && v < nv && u != v;
  @ requires \valid(mate + (0 .. nv - 1));
  @ requires in_range(mate, nv);
  @ assigns mate[u], mate[v];
  @ ensures in_range(mate, nv);
  @ behavior remove:
  @   assumes mate[u] == v && !coin_occupied;
  @   ensures mate[u] == TWIN_NO_MATE && mate[v] == TWIN_NO_MATE;
  @   ensures \result == -1;
  @ behavior add:
  @   assumes mate[u] == TWIN_NO_MATE && mate[v] == TWIN_NO_MATE && coin_occupied;
  @   ensures mate[u] == v && mate[v] == u;
  @   ensures \result == 1;
  @ behavior no_op:
  @   assumes !(mate[u] == v && !coin_occupied) &&
  @           !(mate[u] == TWIN_NO_MATE && mate[v] == TWIN_NO_MATE && coin_occupied);
  @   ensures mate[u] == \old(mate[u]) && mate[v] == \old(mate[v]);
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static inline int twin_heat_bath_update(uint32_t* mate, uint32_t nv, uint32_t u, uint32_t v,
                                        int coin_occupied) {
    const uint32_t mu = mate[u], mv = mate[v];
    const int was_in = (mu == v);
    const int free_after_removal = (was_in || (mu == TWIN_NO_MATE && mv == TWIN_NO_MATE));
    const int now_in = coin_occupied && free_after_removal;
    (void)nv; /* only the contract needs it */
    if (now_in == was_in) return 0;
    if (now_in) {
        mate[u] = v;
        mate[v] = u;
        return +1;
    }
    mate[u] = TWIN_NO_MATE;
    mate[v] = TWIN_NO_MATE;
    return -1;
}
#endif
