#pragma once
#include <cstdint>
#include <string_view>

#include "sampling/sampler.hpp"

namespace dimerlab {

// Sequential single-edge heat-bath dynamics (docs/algorithms.md §2.1): the reference trajectory that
// every exact backend must reproduce bit for bit. Software-pipelined along the tape
// (sampling/tape_pipeline.hpp) but identical to applying the updates one by one.
class GlauberSequentialSampler final : public Sampler {
  public:
    GlauberSequentialSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);

    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return Dynamics::glauber; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;
};

}  // namespace dimerlab
