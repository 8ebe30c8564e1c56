#include "tilings/shuffle_steps_sampler.hpp"

#include "tilings/domino_shuffle.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {

ShuffleStepsSampler::ShuffleStepsSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                         MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      order_(require_aztec_order(graph, "shuffle-steps", "shows domino shuffling on")) {
    if (!lambda_record().infinite())
        throw InputError(
            "dynamics 'shuffle-steps' builds perfect matchings (uniform domino tilings): use --lambda inf");
}

void ShuffleStepsSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    if (count == 0) return;
    const std::uint64_t t = t_begin + count - 1;
    step_ = static_cast<std::uint32_t>(t % order_) + 1;
    mate_ = shuffle_aztec_step(order_, step_, seed_, t / order_);
    dimers_ = count_dimers(mate_);
}

}  // namespace dimerlab
