#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace dimerlab {

// FNV-1a over little-endian 32-bit words. Chosen because it is short enough to state in a
// document and to recompute on any device: state_hash and graph hashes are compared across
// backends and machines, so the definition matters more than the speed.
class Fnv1a64 {
  public:
    void add_u32(std::uint32_t w) {
        for (int i = 0; i < 4; ++i) {
            h_ ^= (w >> (8 * i)) & 0xffu;
            h_ *= 0x100000001b3ull;
        }
    }
    void add_u64(std::uint64_t w) {
        add_u32(static_cast<std::uint32_t>(w));
        add_u32(static_cast<std::uint32_t>(w >> 32));
    }
    void add_words(std::span<const std::uint32_t> words) {
        for (std::uint32_t w : words) add_u32(w);
    }
    std::uint64_t value() const { return h_; }

  private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

// 16 lower-case hex digits, the form users compare.
std::string hex16(std::uint64_t value);

}  // namespace dimerlab
