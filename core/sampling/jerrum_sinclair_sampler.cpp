#include "sampling/jerrum_sinclair_sampler.hpp"

#include "model/jerrum_sinclair_rule.hpp"
#include "model/jerrum_sinclair_thresholds.hpp"
#include "sampling/tape_pipeline.hpp"

namespace dimerlab {

JerrumSinclairSampler::JerrumSinclairSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                             MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)) {}

void JerrumSinclairSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const JsEdgeThresholds table(graph_, lambda);
    std::int64_t delta = 0;
    if (table.uniform()) {
        const JsThresholds thresholds = table(0);
        delta = run_tape_pipelined(
            seed_, t_begin, count, graph_.edges().data(), graph_.num_edges(), mate_.data(),
            [&thresholds](std::uint32_t* mate, std::uint32_t u, std::uint32_t v, const TapeWords& w) {
                return jerrum_sinclair_update(mate, u, v, w, thresholds);
            });
    } else {
        delta = run_tape_pipelined(
            seed_, t_begin, count, graph_.edges().data(), graph_.num_edges(), mate_.data(),
            [&table](std::uint32_t* mate, std::uint32_t u, std::uint32_t v, const TapeWords& w,
                     std::uint32_t edge) {
                return jerrum_sinclair_update(mate, u, v, w, table(edge), table.slide(edge));
            });
    }
    dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
}

}  // namespace dimerlab
