#pragma once
// Per-chain step of ensemble mode: one chain's run of heat-bath tape updates, in tape order,
// with the shared rule of model/heat_bath_rule.hpp. The CUDA ensemble kernel runs exactly this
// function per chain (gpu/src/ensemble_device_state.cu); the CPU tests check it against the sequential
// sampler. Device-compilable: no std containers, no exceptions.
#include <cstdint>

#include "graph/graph.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// Updates [t_begin, t_begin + count) of the tape of `seed` applied to `mate` at the heat-bath
// `threshold`. Returns the change in the number of dimers. (In the access hooks' inline namespace,
// as every inline caller of a body is: bodies/access_hooks.h.)
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline std::int64_t ensemble_chain_run(const Edge* edges, std::uint32_t num_edges,
                                                   std::uint32_t* mate, std::uint64_t seed,
                                                   std::uint64_t t_begin, std::uint64_t count,
                                                   std::uint64_t threshold) {
    std::int64_t delta = 0;
    for (std::uint64_t t = t_begin; t < t_begin + count; ++t) {
        const TapeWords w = tape_words(seed, t);
        const Edge e = edges[tape_edge(w, num_edges)];
        delta += heat_bath_update(mate, e.u, e.v, tape_coin_occupied(w, threshold));
    }
    return delta;
}
}  // namespace DL_CXX_VARIANT

// Chain k of an ensemble runs on the tape of seed + k (the convention of
// diagnostics/chain_ensemble.hpp, so ensemble chains and the R-hat runs share tapes). Wraps
// modulo 2^64, which is still a distinct key per chain.
DIMERLAB_HD inline std::uint64_t ensemble_chain_seed(std::uint64_t base_seed, std::uint64_t k) {
    return base_seed + k;
}

}  // namespace dimerlab
