#pragma once
// The update tape (docs/architecture.md §3): update t of a run with seed s is a pure function of
// (s, t) through Philox4x32-10 with key = s and counter = t, so every backend replays the same
// trajectory. Compiles for host and device.
#include <Random123/philox.h>

#include <cstdint>

#include "util/host_device.hpp"

namespace dimerlab {

struct TapeWords {
    std::uint32_t w0, w1, w2, w3;
};

// Counter word 2 names the stream: 0 is the update tape; other purposes (start states, test
// streams) use other values so they never reuse the tape's numbers.
// exact_start: the exact uniform start state (sampling/start_state.hpp), drawn by the same shuffling
// or coupling code as the exact dynamics but from its own numbers.
enum class TapeStream : std::uint32_t { updates = 0, greedy_start = 1, chromatic = 2, exact_start = 3 };

DIMERLAB_HD inline TapeWords tape_words(std::uint64_t seed, std::uint64_t t,
                                        TapeStream stream = TapeStream::updates) {
    r123::Philox4x32 philox;
    r123::Philox4x32::ctr_type ctr = {{static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(t >> 32),
                                       static_cast<std::uint32_t>(stream), 0u}};
    r123::Philox4x32::key_type key = {
        {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
    r123::Philox4x32::ctr_type r = philox(ctr, key);
    return {r[0], r[1], r[2], r[3]};
}

// floor(r * m / 2^64) with r = w1 << 32 | w0: an unbiased-enough uniform edge without division.
DIMERLAB_HD inline std::uint32_t tape_edge(const TapeWords& w, std::uint32_t num_edges) {
    const std::uint64_t r = (static_cast<std::uint64_t>(w.w1) << 32) | w.w0;
#if defined(__CUDA_ARCH__)
    return static_cast<std::uint32_t>(__umul64hi(r, num_edges));
#else
    return static_cast<std::uint32_t>((static_cast<unsigned __int128>(r) * num_edges) >> 64);
#endif
}

// The coin says "occupied" iff w2 < threshold, threshold = floor(λ/(1+λ) 2^32) in [0, 2^32].
// Integer comparison only: floats never decide a step on a backend.
DIMERLAB_HD inline bool tape_coin_occupied(const TapeWords& w, std::uint64_t threshold) {
    return static_cast<std::uint64_t>(w.w2) < threshold;
}

// Host only: the integer threshold for activity λ (λ ≥ 0, finite). Computed in long double
// so that λ = 1 gives exactly 2^31.
std::uint64_t heat_bath_threshold(double lambda);
// The same for an edge of weight w: floor(λw/(1+λw) 2^32), with λw formed in long double, so that
// w = 1 gives heat_bath_threshold(λ) bit for bit.
std::uint64_t heat_bath_threshold(double lambda, double weight);

// The activity the threshold actually implements: thr / (2^32 - thr); infinity at 2^32.
double effective_lambda(std::uint64_t threshold);

}  // namespace dimerlab
