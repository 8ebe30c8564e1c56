#include "parallel/jacobi_parallel_sampler.hpp"

#include <algorithm>

#include "model/heat_bath_thresholds.hpp"
#include "model/update_tape.hpp"
#include "parallel/edge_occupancy.hpp"

namespace dimerlab {

JacobiParallelSampler::JacobiParallelSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                             MateArray start, JacobiOptions options)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      block_updates_(
          std::min(options.block_updates == 0 ? graph.num_edges() : options.block_updates, kMaxJacobiBlock)),
      pool_(options.threads),
      solver_(pool_),
      occupied_(edge_occupancy(graph_, mate_)) {}

void JacobiParallelSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const HeatBathThresholds thresholds(graph_.weights(), lambda);
    for (std::uint64_t done = 0; done < count;) {
        const std::uint64_t b = std::min(block_updates_, count - done);
        last_block_ = solver_.run(graph_, seed_, t_begin + done, b, thresholds, occupied_, mate_);
        dimers_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_) + last_block_.dimer_change);
        ++totals_.blocks;
        totals_.updates += b;
        totals_.rounds += last_block_.rounds;
        totals_.work += last_block_.work;
        totals_.max_rounds = std::max(totals_.max_rounds, last_block_.rounds);
        if (observer_) observer_(last_block_);
        done += b;
    }
}

}  // namespace dimerlab
