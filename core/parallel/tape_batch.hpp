#pragma once
// The update tape drawn kTapeBatch updates at a time, for backends that know a whole block of
// the tape in advance (cpu-parallel draws each block once). The words equal tape_words(seed, t)
// (model/update_tape.hpp) bit for bit; laid out one array per word, the ten Philox rounds run
// on all updates of the batch at once in vector registers, several times faster than one
// update after another.
#include <cstdint>

namespace dimerlab {

inline constexpr unsigned kTapeBatch = 64;

// w0[i], w1[i], w2[i] (and w3[i] when w3 is not null) := the words of
// tape_words(seed, t_begin + i, TapeStream::updates) for i < kTapeBatch. Word 3 is read by the
// Jerrum–Sinclair rule only.
void tape_words_batch(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0, std::uint32_t* w1,
                      std::uint32_t* w2, std::uint32_t* w3 = nullptr);

}  // namespace dimerlab
