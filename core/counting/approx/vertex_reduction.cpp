#include "counting/approx/vertex_reduction.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/approx/stage_variance.hpp"
#include "sampling/sampler_factory.hpp"

namespace dimerlab {

ReplicaRun run_vertex_reduction(const Graph& graph, double lambda, std::uint64_t seed, double spacing_sweeps,
                                double burn_in_sweeps, const ReplicaControl& control) {
    ReplicaRun out;
    const std::uint32_t n = graph.num_vertices();
    std::vector<bool> removed(n, false);
    MateArray mate(n, kNoMate);
    bool first_chain = true;
    out.unit_variance.assign(n, 0.0);
    std::vector<double> values;
    for (VertexId v = 0; v < n; ++v) {
        if (control.cancel && control.cancel->load(std::memory_order_relaxed)) throw CountCancelled();
        // G_{i-1}: every vertex kept (ids stay valid for the warm start), edges to removed ones dropped.
        std::vector<Edge> edges;
        for (const Edge& e : graph.edges())
            if (!removed[e.u] && !removed[e.v]) edges.push_back(e);
        const bool isolated = std::none_of(graph.neighbors(v).begin(), graph.neighbors(v).end(),
                                           [&](VertexId u) { return !removed[u]; });
        if (!isolated) {
            const Graph sub(n, std::move(edges));
            const double m = sub.num_edges();
            const auto spacing = static_cast<std::uint64_t>(std::max(1.0, std::round(spacing_sweeps * m)));
            // The first chain starts empty, far from equilibrium: give it ten times the burn-in.
            const auto burn = static_cast<std::uint64_t>(
                std::max(1.0, std::round(burn_in_sweeps * m * (first_chain ? 10 : 1))));
            first_chain = false;
            auto sampler = make_cpu_sampler(sub, Dynamics::glauber, derive_seed(seed, 0xb0, v),
                                            LambdaRecord(lambda), mate);
            sampler->advance(burn);
            double sum = 0;
            const std::uint64_t samples = control.samples(v);
            values.clear();
            for (std::uint64_t s = 0; s < samples; ++s) {
                sampler->advance(spacing);
                const auto cur = sampler->mate();
                // f_v: neighbours free once the edges at v are ignored (free, or matched to v).
                unsigned free_neighbors = 0;
                for (VertexId u : sub.neighbors(v))
                    if (cur[u] == kNoMate || cur[u] == v) ++free_neighbors;
                values.push_back(1.0 / (1.0 + lambda * free_neighbors));
                sum += values.back();
            }
            const double mean = sum / static_cast<double>(samples);
            out.log_z -= std::log(mean);
            out.terms.log_means.push_back(std::log(mean));
            out.terms.signs.push_back(-1);
            for (double& x : values) x /= mean;  // delta method: -ln x̄ moves by -(x̄'/x̄ - 1)
            out.unit_variance[v] = batch_means_unit_variance(values);
            out.updates += sampler->time();
            if (control.updates_done)
                control.updates_done->fetch_add(sampler->time(), std::memory_order_relaxed);
            mate.assign(sampler->mate().begin(), sampler->mate().end());
        }
        // Warm start for G_i: drop v's dimer.
        if (mate[v] != kNoMate) {
            mate[mate[v]] = kNoMate;
            mate[v] = kNoMate;
        }
        removed[v] = true;
        if (control.stages_done) control.stages_done->fetch_add(1, std::memory_order_relaxed);
    }
    return out;
}

}  // namespace dimerlab
