#include "chromatic/chromatic_sampler.hpp"

#include <algorithm>
#include <vector>

#include "chromatic/chromatic_update.hpp"

namespace dimerlab {

ChromaticSampler::ChromaticSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                   MateArray start, ChromaticOptions options)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      colouring_(colour_edges(graph, options.colouring)),
      pool_(options.threads, options.min_chunk == 0),
      parallel_(options.parallel),
      min_chunk_(options.min_chunk) {}

void ChromaticSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const std::uint64_t threshold = heat_bath_threshold(lambda);
    const std::uint32_t m = graph_.num_edges();
    const Edge* edges = graph_.edges().data();
    const std::uint32_t* order = colouring_.order.data();
    std::vector<std::int64_t> partial(pool_.size());
    std::int64_t delta = 0;
    const std::uint64_t end = t_begin + count;
    for (std::uint64_t t = t_begin; t < end;) {
        const std::uint64_t sweep = t / m;
        const auto pos = static_cast<std::uint32_t>(t % m);
        // The class holding `pos`, cut short where the segment ends: one "launch".
        const auto cls = std::upper_bound(colouring_.offsets.begin(), colouring_.offsets.end(), pos) - 1;
        const auto stop = static_cast<std::uint32_t>(std::min<std::uint64_t>(*(cls + 1), pos + (end - t)));
        std::fill(partial.begin(), partial.end(), 0);
        pool_.for_chunks(
            stop - pos,
            [&](unsigned part, std::size_t first, std::size_t last) {
                std::uint32_t* mate = mate_.data();
                std::int64_t sum = 0;
                for (std::size_t i = first; i < last; ++i)
                    sum += chromatic_thread(mate, edges, order, pos, stop, i, seed_, sweep, m, threshold);
                partial[part] = sum;
            },
            min_chunk_);
        for (std::int64_t d : partial) delta += d;
        t += stop - pos;
    }
    dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + delta);
}

}  // namespace dimerlab
