#pragma once
// Exact uniform domino tilings of the Aztec diamond by domino shuffling (Elkies, Kuperberg,
// Larsen and Propp 1992; Propp 2003, "Generalized domino-shuffling", with all weights 1).
// From a uniform tiling of order k, one step (destroy the bad blocks, slide every domino one
// unit in its direction, fill the holes with 2x2 blocks chosen by fair coins) gives a uniform
// tiling of order k+1; N steps from the empty order-0 diamond give a uniform tiling of order N.
//
// Randomness: sample s of seed `seed` reads the update tape (stream 0) at indices
// t = s * 2^32 + w, w = 0, 1, 2, ..., in order; each index gives 128 coins (w0 bit 0 first, up to
// w3 bit 31). Coins are drawn once per created 2x2 block, blocks visited step by step (k = 0 ..
// N-1) and, within a step, top row first and left to right. So (seed, s) replays a tiling exactly.
#include <cstdint>

#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "tilings/aztec_renewal.hpp"

namespace dimerlab {

struct ShuffleStats {
    std::uint64_t coins = 0;       // created blocks, one fair coin each
    std::uint64_t tape_words = 0;  // tape indices read (128 coins each)
};

// A uniform domino tiling of aztec:`order`, as the mate array of that graph's vertices
// (AztecNumbering): every square is matched to the square its domino also covers. InputError if
// `order` is 0 or `sample` is 2^32 or more. `stream` other than the update tape: the exact start
// state (sampling/start_state.hpp).
MateArray shuffle_aztec_tiling(std::uint32_t order, std::uint64_t seed, std::uint64_t sample,
                               ShuffleStats* stats = nullptr, TapeStream stream = TapeStream::updates);

// Watching the shuffle: the tiling of order `step` (1 <= step <= order) that the shuffle of sample
// `sample` passes through on its way to order `order`, at the centre of the order-`order` diamond,
// as a mate array of aztec:`order` whose squares outside the central order-`step` diamond are left
// unmatched. The first steps read the same coins as the whole shuffle, so step `order` is
// shuffle_aztec_tiling(order, seed, sample). InputError for a step outside 1..order.
MateArray shuffle_aztec_step(std::uint32_t order, std::uint32_t step, std::uint64_t seed,
                             std::uint64_t sample);

// Generalised shuffling (Propp 2003): a tiling of the weighted Aztec diamond whose cell weights
// gave `shares` (aztec_shares), drawn with probability Π w_e / Z. The steps are the uniform
// shuffle's; each hole of order k is filled with two horizontal dominoes with probability n s / Δ
// of its cell at order k, else two vertical ones. Randomness: sample s reads tape indices
// s * 2^32 + w, two 53-bit uniforms each, one per created block in the uniform shuffle's order.
MateArray shuffle_weighted_aztec_tiling(const AztecShares& shares, std::uint64_t seed, std::uint64_t sample,
                                        TapeStream stream = TapeStream::updates);

}  // namespace dimerlab
