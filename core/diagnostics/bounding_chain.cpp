#include "diagnostics/bounding_chain.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "diagnostics/bounding_chain_rule.hpp"
#include "model/lambda_record.hpp"
#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab {

BoundingChain::BoundingChain(const Graph& graph, std::uint64_t seed, double lambda)
    : graph_(graph),
      seed_(seed),
      thresholds_((check_lambda(lambda), HeatBathThresholds(graph.weights(), lambda))),
      state_(graph.num_edges(), kBoundUnknown),
      unknown_(graph.num_edges()) {
    if (graph.num_edges() == 0)
        throw InputError("graph '" + graph.spec() + "' has no edges: nothing to couple");
}

void BoundingChain::advance(std::uint64_t updates) {
    const std::uint32_t m = graph_.num_edges();
    const std::uint32_t* offsets = graph_.csr_offsets().data();
    const std::uint32_t* incident = graph_.csr_edges().data();
    const std::uint64_t end = time_ + updates;
    while (time_ < end && unknown_ > 0) {
        // Same tape words, edge draw and integer coin as GlauberSequentialSampler.
        const TapeWords w = tape_words(seed_, time_);
        const std::uint32_t e = tape_edge(w, m);
        const Edge ed = graph_.edge(e);
        const int d = bounding_chain_update(state_.data(), offsets, incident, e, ed.u, ed.v,
                                            tape_coin_occupied(w, thresholds_(e)));
        unknown_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(unknown_) + d);
        ++time_;
        if (unknown_ == 0) coalesced_at_ = time_;
    }
}

MateArray BoundingChain::resolved_matching() const {
    if (!coalesced()) throw std::logic_error("bounding chain has not coalesced");
    MateArray mate(graph_.num_vertices(), kNoMate);
    for (EdgeId e = 0; e < graph_.num_edges(); ++e) {
        if (state_[e] != kBoundIn) continue;
        const Edge ed = graph_.edge(e);
        mate[ed.u] = ed.v;
        mate[ed.v] = ed.u;
    }
    return mate;
}

std::uint64_t CoalescenceSummary::completed() const {
    return static_cast<std::uint64_t>(
        std::count_if(times.begin(), times.end(), [](const auto& t) { return t.has_value(); }));
}

std::optional<double> CoalescenceSummary::quantile_sweeps(double q) const {
    if (times.empty()) return std::nullopt;
    std::vector<std::uint64_t> done;
    for (const auto& t : times) {
        if (t) done.push_back(*t);
    }
    std::sort(done.begin(), done.end());
    const auto rank =
        static_cast<std::size_t>(std::max(1.0, std::ceil(q * static_cast<double>(times.size()))));
    if (rank > done.size()) return std::nullopt;
    return static_cast<double>(done[rank - 1]) / num_edges;
}

double CoalescenceSummary::tail_probability(std::uint64_t t_updates) const {
    if (times.empty()) return 1;
    const auto above =
        std::count_if(times.begin(), times.end(), [&](const auto& t) { return !t || *t > t_updates; });
    return static_cast<double>(above) / static_cast<double>(times.size());
}

CoalescenceSummary measure_coalescence(const Graph& graph, double lambda, std::uint32_t runs,
                                       std::uint64_t seed, std::uint64_t max_sweeps) {
    CoalescenceSummary s;
    s.num_edges = graph.num_edges();
    s.cap_updates = max_sweeps * graph.num_edges();
    for (std::uint32_t r = 0; r < runs; ++r) {
        BoundingChain chain(graph, seed + r, lambda);
        chain.advance(s.cap_updates);
        s.times.push_back(chain.coalescence_time());
    }
    return s;
}

}  // namespace dimerlab
