#pragma once
// The monomer heat map's data: per vertex, the fraction of the samples (frames shown) in which it
// was a monomer. A time average of the monomer indicator, so on a long run it estimates
// P(v unmatched).
#include <cstdint>
#include <span>
#include <vector>

namespace dimerlab::render {

class MonomerHeat {
  public:
    // Forgets every sample; `vertices` fractions of 0 until the first add().
    void reset(std::size_t vertices);
    // One sample; ignored when the size does not match.
    void add(std::span<const std::uint32_t> mate);
    std::span<const float> fractions() const { return fractions_; }
    std::uint64_t samples() const { return samples_; }

  private:
    std::vector<std::uint64_t> counts_;
    std::vector<float> fractions_;
    std::uint64_t samples_ = 0;
};

}  // namespace dimerlab::render
