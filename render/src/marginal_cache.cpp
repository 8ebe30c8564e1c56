#include "dimerlab_render/marginal_cache.hpp"

#include "counting/exact/exact_marginals.hpp"
#include "util/errors.hpp"

namespace dimerlab::render {

std::optional<std::span<const float>> MarginalCache::get(const Graph& graph, double lambda) {
    if (graph.content_hash() != graph_hash_ || lambda != lambda_) {
        graph_hash_ = graph.content_hash();
        lambda_ = lambda;
        error_.clear();
        try {
            const ExactMarginals m = exact_marginals(graph, lambda, {}, kMaxUpdates);
            values_.assign(m.vertex_unmatched.begin(), m.vertex_unmatched.end());
            ok_ = true;
        } catch (const InfeasibleError& e) {
            error_ = std::string("exact marginals: ") + e.what();
            ok_ = false;
        }
    }
    if (!ok_) return std::nullopt;
    return std::span<const float>(values_);
}

}  // namespace dimerlab::render
