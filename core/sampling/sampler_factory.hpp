#pragma once
#include <cstdint>
#include <memory>

#include "sampling/sampler.hpp"

namespace dimerlab {

// The sequential CPU backend for `dynamics`: GlauberSequentialSampler (the exact reference) or
// JerrumSinclairSampler. `start` is validated by the Sampler constructor.
std::unique_ptr<Sampler> make_cpu_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                          LambdaRecord record, MateArray start);

}  // namespace dimerlab
