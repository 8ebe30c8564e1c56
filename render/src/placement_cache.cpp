#include "dimerlab_render/placement_cache.hpp"

#include <sstream>

#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "model/lambda_record.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/placement_probabilities.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

namespace dimerlab::render {

namespace {

// Why the ratios would block the window too long, or empty. Aztec diamonds go by urban renewal,
// which is fast at every order it accepts.
std::string placement_too_slow_reason(const Graph& graph) {
    const double total = placement_operations(graph);
    if (total <= PlacementCache::kMaxRatioOperations) return {};
    std::ostringstream why;
    why.precision(2);
    why << "Kasteleyn's method on " << graph.num_edges() << " edges would take about " << total
        << " multiply-adds, more than the window computes while it runs";
    return why.str();
}

}  // namespace

std::optional<std::span<const float>> PlacementCache::get(const Graph& graph, double lambda) {
    const std::string scope =
        "exact probabilities are for λ = ∞ on aztec:N up to N = " + std::to_string(kMaxAztecPlacementOrder) +
        ", lozenge regions and small drawn regions: ";
    if (!is_infinite_lambda(lambda)) {
        std::ostringstream why;
        why << scope << "λ = " << lambda << " is finite";
        shown_error_ = why.str();
        return std::nullopt;
    }
    if (graph.content_hash() != graph_hash_) {
        graph_hash_ = graph.content_hash();
        error_.clear();
        ok_ = false;
        try {
            error_ = placement_too_slow_reason(graph);
            if (error_.empty()) {
                const PlacementProbabilities p = placement_probabilities(graph);
                values_.assign(p.edge.begin(), p.edge.end());
                ok_ = true;
            }
        } catch (const InputError& e) {
            error_ = e.what();
        } catch (const InfeasibleError& e) {
            error_ = e.what();
        }
    }
    shown_error_ = ok_ ? std::string() : scope + error_;
    if (!ok_) return std::nullopt;
    return std::span<const float>(values_);
}

}  // namespace dimerlab::render
