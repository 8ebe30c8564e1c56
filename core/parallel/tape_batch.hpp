#pragma once
// The hot-path implementation of the update tape: kTapeBatch updates drawn at a time, for
// backends that know a whole block of the tape in advance (cpu-parallel draws each block once).
// The words equal tape_words(seed, t) (model/update_tape.hpp, which calls Random123's Philox)
// bit for bit at every vector width, which tests check word for word; laid out one array per
// word, the ten Philox rounds run on all updates of the batch at once in vector registers,
// several times faster than one update after another. It stays because it is the speed.
#include <cstdint>
#include <string_view>

namespace dimerlab {

inline constexpr unsigned kTapeBatch = 64;

// w0[i], w1[i], w2[i] (and w3[i] when w3 is not null) := the words of
// tape_words(seed, t_begin + i, TapeStream::updates) for i < kTapeBatch. Word 3 is read by the
// Jerrum–Sinclair rule only.
void tape_words_batch(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0, std::uint32_t* w1,
                      std::uint32_t* w2, std::uint32_t* w3 = nullptr);

// The widths the batch is compiled for; tape_words_batch uses the widest this CPU has.
enum class TapeWidth { baseline, avx2, avx512 };
std::string_view tape_width_name(TapeWidth width);
bool tape_width_available(TapeWidth width);  // whether this CPU can run it
// The batch at one width (which must be available).
void tape_words_batch_at(TapeWidth width, std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0,
                         std::uint32_t* w1, std::uint32_t* w2, std::uint32_t* w3 = nullptr);

}  // namespace dimerlab
