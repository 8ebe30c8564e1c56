#pragma once
// The per-thread body of the chromatic sampler (docs/algorithms.md §2.3), shared by the CPU backend, the
// access-logging emulation in tests and the CUDA kernel, so all three run the very same code.
//
// Randomness: the coin of edge e in sweep s is drawn from
//     tape_words(seed, s·m + e, TapeStream::chromatic),   m = number of edges,
// a pure function of (seed, sweep, edge) for a given graph: it does not depend on the colouring,
// the class order, the thread count or the backend, and s·m + e never repeats across the run.
//
// Time: update t of a chromatic run is position p = t mod m of sweep s = t / m. With the fixed
// class order that is edge order[p]: classes 0, 1, ..., k-1 each sweep (systematic scan, not
// reversible); with the random order the sweep runs the classes in a permutation drawn from
// (seed, s) (core/chromatic/class_order.hpp, class_schedule.hpp map p to order[]). Every class
// update preserves π, so every sweep does. A segment that ends inside a class stops after the
// class's first positions, which is fine because updates of one class commute.
#include <cstdint>

#include "bodies/class_member_body.h"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/matching_constants.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

DIMERLAB_HD inline std::uint64_t chromatic_counter(std::uint64_t sweep, std::uint32_t edge,
                                                   std::uint32_t num_edges) {
    return sweep * num_edges + edge;
}

DIMERLAB_HD inline bool chromatic_coin(std::uint64_t seed, std::uint64_t sweep, std::uint32_t edge,
                                       std::uint32_t num_edges, std::uint64_t threshold) {
    return tape_coin_occupied(
        tape_words(seed, chromatic_counter(sweep, edge, num_edges), TapeStream::chromatic), threshold);
}

// Thread `thread` of a class launch over positions [begin, end) of `order`: updates edge
// order[begin + thread] with its coin of sweep `sweep`, against that edge's threshold. Threads past the end
// do nothing. Only `mate` is written; edges and order are read-only, so a thread's addresses never depend on
// mate. The choice of edge is the C body bodies/class_member_body.h (claim CH-WP), the update the heat-bath
// body (HB-WP). In the inline namespace of the access hooks (bodies/access_hooks.h): the race emulation
// compiles it with logged loads and stores.
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline int chromatic_thread(std::uint32_t* mate, const Edge* edges, const std::uint32_t* order,
                                        std::uint32_t begin, std::uint32_t end, std::uint64_t thread,
                                        std::uint64_t seed, std::uint64_t sweep, std::uint32_t num_edges,
                                        CoinThresholds thresholds) {
    std::uint32_t e = 0;
    if (!dl_class_member(order, begin, end, thread, &e)) return 0;
    return heat_bath_update(mate, edges[e].u, edges[e].v,
                            chromatic_coin(seed, sweep, e, num_edges, thresholds(e)));
}

}  // namespace DL_CXX_VARIANT
}  // namespace dimerlab
