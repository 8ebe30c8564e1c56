#include "sampling/sampler_factory.hpp"

#include "sampling/glauber_sequential.hpp"
#include "sampling/jerrum_sinclair_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::unique_ptr<Sampler> make_cpu_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                          LambdaRecord record, MateArray start) {
    switch (dynamics) {
        case Dynamics::glauber:
            return std::make_unique<GlauberSequentialSampler>(graph, seed, std::move(record),
                                                              std::move(start));
        case Dynamics::jerrum_sinclair:
            return std::make_unique<JerrumSinclairSampler>(graph, seed, std::move(record), std::move(start));
    }
    throw InputError("unknown dynamics");
}

}  // namespace dimerlab
