#include "sampling/glauber_sequential.hpp"

#include "model/heat_bath_rule.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "sampling/tape_pipeline.hpp"

namespace dimerlab {

GlauberSequentialSampler::GlauberSequentialSampler(const Graph& graph, std::uint64_t seed,
                                                   LambdaRecord record, MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)) {}

void GlauberSequentialSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    if (graph_.weighted()) {
        // A table lookup per update: kept off the unweighted loop, which stays as it was.
        const HeatBathThresholds thresholds(graph_.weights(), lambda);
        const std::int64_t delta = run_tape_pipelined(
            seed_, t_begin, count, graph_.edges().data(), graph_.num_edges(), mate_.data(),
            [&thresholds](std::uint32_t* mate, std::uint32_t u, std::uint32_t v, const TapeWords& w,
                          std::uint32_t edge) {
                return heat_bath_update(mate, u, v, tape_coin_occupied(w, thresholds(edge)));
            });
        dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
        return;
    }
    const std::uint64_t threshold = heat_bath_threshold(lambda);
    const std::int64_t delta = run_tape_pipelined(
        seed_, t_begin, count, graph_.edges().data(), graph_.num_edges(), mate_.data(),
        [threshold](std::uint32_t* mate, std::uint32_t u, std::uint32_t v, const TapeWords& w) {
            return heat_bath_update(mate, u, v, tape_coin_occupied(w, threshold));
        });
    dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
}

}  // namespace dimerlab
