#pragma once
// `--dynamics shuffle-steps`: domino shuffling on aztec:N slowed down to be watched. Update t shows
// step (t mod N) + 1 of the shuffle of sample t / N (tilings/domino_shuffle.hpp,
// shuffle_aztec_step): the uniform tiling of order k growing at the centre of the diamond, the
// squares outside it unmatched, until at step N it is the tiling that `shuffle` gives for that
// sample. One update per frame plays the construction; like `shuffle` it runs at λ = ∞ only.
#include "sampling/sampler.hpp"

namespace dimerlab {

class ShuffleStepsSampler final : public Sampler {
  public:
    // InputError unless `graph` is aztec:N and the record is λ = ∞ throughout.
    ShuffleStepsSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);
    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return Dynamics::shuffle_steps; }
    std::uint32_t order() const { return order_; }
    // The order of the tiling shown (0 before the first update).
    std::uint32_t step() const { return step_; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    std::uint32_t order_ = 0;
    std::uint32_t step_ = 0;
};

}  // namespace dimerlab
