#include "ensemble/sampler_ensemble.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "diagnostics/dispersed_starts.hpp"
#include "ensemble/ensemble_steps.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "model/update_tape.hpp"
#include "sampling/tape_pipeline.hpp"
#include "util/errors.hpp"

namespace dimerlab {

SamplerEnsemble::SamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                 std::vector<MateArray> starts)
    : graph_(graph), seed_(seed), chains_(starts.size()), record_(std::move(record)) {
    if (graph_.num_edges() == 0)
        throw InputError("graph '" + graph_.spec() + "' has no edges: nothing to sample");
    if (chains_ == 0) throw InputError("an ensemble needs at least one chain");
    const std::size_t n = graph_.num_vertices();
    mates_.reserve(chains_ * n);
    dimers_.reserve(chains_);
    for (std::size_t k = 0; k < chains_; ++k) {
        if (std::string err = matching_error(graph_, starts[k]); !err.empty())
            throw InputError("start state of chain " + std::to_string(k) + ": " + err);
        mates_.insert(mates_.end(), starts[k].begin(), starts[k].end());
        dimers_.push_back(count_dimers(starts[k]));
    }
}

void SamplerEnsemble::advance(std::uint64_t updates) {
    record_.for_each_segment(time_, updates, [this](std::uint64_t t, std::uint64_t count, double lambda) {
        run_segment(t, count, lambda);
        time_ = t + count;
    });
}

std::uint64_t SamplerEnsemble::seed(std::size_t k) const {
    if (k >= chains_) throw std::out_of_range("ensemble chain index");
    return ensemble_chain_seed(seed_, k);
}

void SamplerEnsemble::track_free_edges(bool on) {
    track_free_edges_ = on;
    free_edges_.clear();
    if (!on) return;
    free_edges_.resize(chains_);
    for (std::size_t k = 0; k < chains_; ++k)
        free_edges_[k] = ensemble_free_edges(graph_.edges().data(), graph_.num_edges(), mates_.data(),
                                             graph_.num_vertices(), k);
}

std::uint32_t SamplerEnsemble::free_edges(std::size_t k) const {
    if (!track_free_edges_) throw std::logic_error("the ensemble does not track free edges");
    return free_edges_.at(k);
}

std::span<const std::uint32_t> SamplerEnsemble::mate(std::size_t k) const {
    if (k >= chains_) throw std::out_of_range("ensemble chain index");
    return {mates_.data() + k * graph_.num_vertices(), graph_.num_vertices()};
}

CpuSamplerEnsemble::CpuSamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                       std::vector<MateArray> starts, unsigned threads)
    : SamplerEnsemble(graph, seed, std::move(record), std::move(starts)), pool_(threads) {}

void CpuSamplerEnsemble::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const HeatBathThresholds thresholds(graph_.weights(), lambda);
    // One contiguous run of chains per worker: a chain is the unit of work, so with K < threads
    // some workers idle, which is the honest cost of not splitting a sequential chain.
    const auto parts = static_cast<unsigned>(std::min<std::size_t>(chains_, pool_.size()));
    pool_.run_parts(chains_, parts, [&](unsigned, std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            const std::int64_t delta = run_tape_pipelined(
                ensemble_chain_seed(seed_, k), t_begin, count, graph_.edges().data(), graph_.num_edges(),
                chain_mate(k).data(),
                [&thresholds](std::uint32_t* mate, std::uint32_t u, std::uint32_t v, const TapeWords& w,
                              std::uint32_t edge) {
                    return heat_bath_update(mate, u, v, tape_coin_occupied(w, thresholds(edge)));
                });
            dimers_[k] = static_cast<std::uint32_t>(static_cast<std::int64_t>(dimers_[k]) + delta);
            if (track_free_edges_)
                free_edges_[k] = ensemble_free_edges(graph_.edges().data(), graph_.num_edges(), mates_.data(),
                                                     graph_.num_vertices(), k);
        }
    });
}

std::vector<MateArray> ensemble_dispersed_starts(const Graph& graph, std::size_t chains, std::uint64_t seed) {
    std::vector<MateArray> starts;
    starts.reserve(chains);
    for (NamedStart& s : dispersed_starts(graph, chains, seed)) starts.push_back(std::move(s.mate));
    return starts;
}

std::unique_ptr<SamplerEnsemble> make_cpu_ensemble(const Graph& graph, std::size_t chains, std::uint64_t seed,
                                                   LambdaRecord record, unsigned threads) {
    return std::make_unique<CpuSamplerEnsemble>(graph, seed, std::move(record),
                                                ensemble_dispersed_starts(graph, chains, seed), threads);
}

EnsembleFactory cpu_ensemble_factory(unsigned threads) {
    return [threads](const Graph& graph, std::uint64_t seed, LambdaRecord record,
                     std::vector<MateArray> starts) -> std::unique_ptr<SamplerEnsemble> {
        return std::make_unique<CpuSamplerEnsemble>(graph, seed, std::move(record), std::move(starts),
                                                    threads);
    };
}

}  // namespace dimerlab
