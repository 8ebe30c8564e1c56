#include "chromatic/chromatic_sampler.hpp"

#include <algorithm>
#include <vector>

#include "chromatic/chromatic_update.hpp"
#include "model/heat_bath_thresholds.hpp"

namespace dimerlab {

ChromaticSampler::ChromaticSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                   MateArray start, ChromaticOptions options)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      colouring_(colour_edges(graph, options.colouring)),
      schedule_(colouring_, options.class_order, seed),
      pool_(options.threads, options.min_chunk == 0),
      parallel_(options.parallel),
      min_chunk_(options.min_chunk) {}

void ChromaticSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const HeatBathThresholds table(graph_.weights(), lambda);
    const CoinThresholds thresholds = table.view();
    const std::uint32_t m = graph_.num_edges();
    const Edge* edges = graph_.edges().data();
    const std::uint32_t* order = colouring_.order.data();
    std::vector<std::int64_t> partial(pool_.size());
    std::int64_t delta = 0;
    const std::uint64_t end = t_begin + count;
    for (std::uint64_t t = t_begin; t < end;) {
        // One class (or the part of it the segment reaches): one "launch".
        const ClassPiece piece = schedule_.piece(t, end - t);
        std::fill(partial.begin(), partial.end(), 0);
        pool_.for_chunks(
            piece.end - piece.begin,
            [&](unsigned part, std::size_t first, std::size_t last) {
                std::uint32_t* mate = mate_.data();
                std::int64_t sum = 0;
                for (std::size_t i = first; i < last; ++i) {
                    sum += chromatic_thread(mate, edges, order, piece.begin, piece.end, i, seed_, piece.sweep,
                                            m, thresholds);
                }
                partial[part] = sum;
            },
            min_chunk_);
        for (std::int64_t d : partial) delta += d;
        t += piece.end - piece.begin;
    }
    dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
}

}  // namespace dimerlab
