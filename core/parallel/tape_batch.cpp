#include "parallel/tape_batch.hpp"

#include "model/update_tape.hpp"

namespace dimerlab {

// Philox4x32-10 as in Random123's philox.h (the generator tape_words calls): counter
// (t_lo, t_hi, stream, 0), key (seed_lo, seed_hi); ten rounds of two 32x32->64 multiplications,
// the key bumped by the Weyl constants between rounds. Cloned per instruction set; the loader
// picks the widest one the CPU has. Not under ThreadSanitizer or AddressSanitizer: the clones'
// resolver (an ifunc) runs before the sanitizer runtime is set up and crashes the program.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define DIMERLAB_TAPE_CLONES
#else
#define DIMERLAB_TAPE_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif
DIMERLAB_TAPE_CLONES void tape_words_batch(std::uint64_t seed, std::uint64_t t_begin, std::uint32_t* w0,
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

}  // namespace dimerlab
