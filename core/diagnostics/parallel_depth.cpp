#include "diagnostics/parallel_depth.hpp"

#include <algorithm>
#include <cmath>

#include "diagnostics/cancelled.hpp"
#include "model/update_tape.hpp"
#include "parallel/depth_oracle.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab {

ParallelDepthReport measure_parallel_depth(const Graph& graph, const ParallelDepthOptions& options,
                                           MateArray start) {
    if (graph.num_edges() == 0) throw InputError("parallel depth needs a graph with edges");
    if (start.empty()) start.assign(graph.num_vertices(), kNoMate);
    JacobiOptions jo;
    jo.block_updates = options.block_updates;
    jo.threads = options.threads;
    JacobiParallelSampler sampler(graph, options.seed, LambdaRecord(options.lambda), start, jo);
    const std::uint64_t threshold = heat_bath_threshold(options.lambda);
    ParallelDepthReport r;
    r.block_updates = sampler.block_updates();
    std::uint64_t work = 0;
    for (std::uint64_t b = 0; b < options.blocks; ++b) {
        throw_if_cancelled(options.cancel);
        const std::uint64_t t_begin = sampler.time();
        MateArray before(sampler.mate().begin(), sampler.mate().end());
        sampler.advance(r.block_updates);  // exactly one block: λ is constant
        const JacobiBlockStats& s = sampler.last_block();
        r.rounds.push_back(s.rounds);
        work += s.work;
        if (!options.check_oracle) continue;
        const DepthOracle o =
            depth_oracle(graph, options.seed, t_begin, r.block_updates, threshold, std::move(before));
        r.oracle_depth.push_back(o.max_depth);
        const bool same_matching = std::equal(o.final_mate.begin(), o.final_mate.end(),
                                              sampler.mate().begin(), sampler.mate().end());
        if (o.max_depth != s.rounds || !same_matching) ++r.oracle_mismatches;
    }
    r.blocks = r.rounds.size();
    if (r.blocks > 0) {
        double sum = 0;
        for (std::uint32_t x : r.rounds) sum += x;
        r.rounds_mean = sum / static_cast<double>(r.blocks);
        r.rounds_max = *std::max_element(r.rounds.begin(), r.rounds.end());
        r.work_per_update = static_cast<double>(work) / static_cast<double>(r.blocks * r.block_updates);
    }
    if (!r.oracle_depth.empty()) {
        double sum = 0;
        for (std::uint32_t x : r.oracle_depth) sum += x;
        r.oracle_depth_mean = sum / static_cast<double>(r.oracle_depth.size());
    }
    const DepthBoundScale scale = depth_bound_scale(graph);
    r.max_degree = scale.max_degree;
    r.cube_root_m = scale.cube_root_m;
    r.sqrt_n = scale.sqrt_n;
    r.bound = scale.bound;
    return r;
}

DepthBoundScale depth_bound_scale(const Graph& graph) {
    DepthBoundScale s;
    s.max_degree = graph.max_degree();
    s.cube_root_m = std::cbrt(static_cast<double>(graph.num_edges()));
    s.sqrt_n = std::sqrt(static_cast<double>(graph.num_vertices()));
    s.bound = std::min({s.max_degree, s.cube_root_m, s.sqrt_n});
    return s;
}

}  // namespace dimerlab
