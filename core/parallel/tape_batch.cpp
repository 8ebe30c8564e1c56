#include "parallel/tape_batch.hpp"

#include "model/update_tape.hpp"

namespace dimerlab {

namespace {

// Philox4x32-10 as in Random123's philox.h (the generator tape_words calls): counter
// (t_lo, t_hi, stream, 0), key (seed_lo, seed_hi); ten rounds of two 32x32->64 multiplications,
// the key bumped by the Weyl constants between rounds. One body, compiled once per vector width
// below; the compiler vectorises the loops over the batch.
[[gnu::always_inline]] inline void philox_batch(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0,
                                                std::uint32_t* w1, std::uint32_t* w2, std::uint32_t* w3) {
    constexpr std::uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;
    constexpr std::uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;
    std::uint32_t c0[kTapeBatch], c1[kTapeBatch], c2[kTapeBatch], c3[kTapeBatch];
    for (unsigned i = 0; i < kTapeBatch; ++i) {
        const std::uint64_t t = t_begin + i;
        c0[i] = static_cast<std::uint32_t>(t);
        c1[i] = static_cast<std::uint32_t>(t >> 32);
        c2[i] = static_cast<std::uint32_t>(TapeStream::updates);
        c3[i] = 0;
    }
    std::uint32_t k0 = static_cast<std::uint32_t>(seed), k1 = static_cast<std::uint32_t>(seed >> 32);
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            k0 += kW0;
            k1 += kW1;
        }
        for (unsigned i = 0; i < kTapeBatch; ++i) {
            const std::uint64_t p0 = std::uint64_t{kM0} * c0[i], p1 = std::uint64_t{kM1} * c2[i];
            const std::uint32_t n0 = static_cast<std::uint32_t>(p1 >> 32) ^ c1[i] ^ k0;
            const std::uint32_t n2 = static_cast<std::uint32_t>(p0 >> 32) ^ c3[i] ^ k1;
            c1[i] = static_cast<std::uint32_t>(p1);
            c3[i] = static_cast<std::uint32_t>(p0);
            c0[i] = n0;
            c2[i] = n2;
        }
    }
    for (unsigned i = 0; i < kTapeBatch; ++i) {
        w0[i] = c0[i];
        w1[i] = c1[i];
        w2[i] = c2[i];
    }
    if (w3 != nullptr) {
        for (unsigned i = 0; i < kTapeBatch; ++i) w3[i] = c3[i];
    }
}

// Explicit widths dispatched by hand rather than by target_clones: an ifunc resolver runs before
// the sanitizer runtimes are set up and crashes sanitizer builds, and every width stays callable
// by the tests.
__attribute__((target("avx512f"))) void batch_avx512(std::uint64_t seed, std::uint64_t t_begin,
                                                     std::uint32_t* w0, std::uint32_t* w1, std::uint32_t* w2,
                                                     std::uint32_t* w3) {
    philox_batch(seed, t_begin, w0, w1, w2, w3);
}
__attribute__((target("avx2"))) void batch_avx2(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0,
                                                std::uint32_t* w1, std::uint32_t* w2, std::uint32_t* w3) {
    philox_batch(seed, t_begin, w0, w1, w2, w3);
}
void batch_baseline(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0, std::uint32_t* w1,
                    std::uint32_t* w2, std::uint32_t* w3) {
    philox_batch(seed, t_begin, w0, w1, w2, w3);
}

TapeWidth widest_available() {
    for (TapeWidth w : {TapeWidth::avx512, TapeWidth::avx2}) {
        if (tape_width_available(w)) return w;
    }
    return TapeWidth::baseline;
}

}  // namespace

std::string_view tape_width_name(TapeWidth width) {
    switch (width) {
        case TapeWidth::avx512:
            return "avx512f";
        case TapeWidth::avx2:
            return "avx2";
        case TapeWidth::baseline:
            break;
    }
    return "baseline";
}

bool tape_width_available(TapeWidth width) {
    switch (width) {
        case TapeWidth::avx512:
            return __builtin_cpu_supports("avx512f");
        case TapeWidth::avx2:
            return __builtin_cpu_supports("avx2");
        case TapeWidth::baseline:
            break;
    }
    return true;
}

void tape_words_batch_at(TapeWidth width, std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0,
                         std::uint32_t* w1, std::uint32_t* w2, std::uint32_t* w3) {
    switch (width) {
        case TapeWidth::avx512:
            return batch_avx512(seed, t_begin, w0, w1, w2, w3);
        case TapeWidth::avx2:
            return batch_avx2(seed, t_begin, w0, w1, w2, w3);
        case TapeWidth::baseline:
            break;
    }
    batch_baseline(seed, t_begin, w0, w1, w2, w3);
}

void tape_words_batch(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0, std::uint32_t* w1,
                      std::uint32_t* w2, std::uint32_t* w3) {
    static const TapeWidth width = widest_available();
    tape_words_batch_at(width, seed, t_begin, w0, w1, w2, w3);
}

}  // namespace dimerlab
