#pragma once
#include <cstdint>
#include <string_view>

#include "sampling/sampler.hpp"

namespace dimerlab {

// The lazy Jerrum–Sinclair chain (docs/algorithms.md §2.2, model/jerrum_sinclair_rule.hpp) on the
// update tape. Same stationary law as Glauber, different trajectory: tested statistically.
class JerrumSinclairSampler final : public Sampler {
  public:
    JerrumSinclairSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);

    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return Dynamics::jerrum_sinclair; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;
};

}  // namespace dimerlab
