#pragma once
// Per-chain step of ensemble mode: one chain's run of heat-bath tape updates, in tape order,
// with the heat-bath body (bodies/heat_bath_body.h) on the chain's own block. The CUDA ensemble kernel runs
// exactly this function per chain (gpu/src/ensemble_device_state.cu); the CPU tests check it against the
// sequential sampler. Device-compilable: no std containers, no exceptions.
#include <cstdint>

#include "bodies/ensemble_step_body.h"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// Updates [t_begin, t_begin + count) of the tape of `seed` applied to chain k's block of n words of
// `mates` at the heat-bath thresholds (each edge's own on a weighted graph), each through the C body
// bodies/ensemble_step_body.h (claim EN-WP). Returns the change in the chain's number of dimers. (In the
// access hooks' inline namespace, as every inline caller of a body is: bodies/access_hooks.h.)
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline std::int64_t ensemble_chain_run(const Edge* edges, std::uint32_t num_edges,
                                                   std::uint32_t* mates, std::uint32_t n, std::uint64_t k,
                                                   std::uint64_t seed, std::uint64_t t_begin,
                                                   std::uint64_t count, CoinThresholds thresholds) {
    std::int64_t delta = 0;
    for (std::uint64_t t = t_begin; t < t_begin + count; ++t) {
        const TapeWords w = tape_words(seed, t);
        const std::uint32_t index = tape_edge(w, num_edges);
        const Edge e = edges[index];
        delta += dl_ensemble_step(mates, k, n, e.u, e.v, tape_coin_occupied(w, thresholds(index)) ? 1 : 0);
    }
    return delta;
}

// Chain k's dimer count after a run that changed it by delta.
DIMERLAB_HD inline void ensemble_add_dimers(std::uint32_t* dimers, std::uint64_t k, std::int64_t delta) {
    dl_ensemble_add_dimers(dimers, k, delta);
}

// F of chain k: its edges with both ends unmatched, each tested by the C body (claim EN-WP) on
// chain k's block only. m < 2^32, so the count fits.
DIMERLAB_HD inline std::uint32_t ensemble_free_edges(const Edge* edges, std::uint32_t num_edges,
                                                     const std::uint32_t* mates, std::uint32_t n,
                                                     std::uint64_t k) {
    std::uint32_t free = 0;
    for (std::uint32_t e = 0; e < num_edges; ++e)
        free += dl_ensemble_edge_free(mates, k, n, edges[e].u, edges[e].v);
    return free;
}

DIMERLAB_HD inline void ensemble_set_free_edges(std::uint32_t* free_edges, std::uint64_t k,
                                                std::uint32_t count) {
    dl_ensemble_set_free_edges(free_edges, k, count);
}
}  // namespace DL_CXX_VARIANT

// Chain k of an ensemble runs on the tape of seed + k (the convention of
// diagnostics/chain_ensemble.hpp, so ensemble chains and the R-hat runs share tapes). Wraps
// modulo 2^64, which is still a distinct key per chain.
DIMERLAB_HD inline std::uint64_t ensemble_chain_seed(std::uint64_t base_seed, std::uint64_t k) {
    return base_seed + k;
}

}  // namespace dimerlab
