#pragma once
// `--dynamics shuffle`: exact uniform domino tilings of aztec:N at λ = ∞. Not a Markov chain:
// update t of the run is the t-th independent exact sample, drawn by domino shuffling from tape
// indices t * 2^32 + w (tilings/domino_shuffle.hpp). advance(k) therefore leaves the matching of
// sample time() + k - 1, computed directly (earlier samples are skipped: each is a pure function of
// (seed, t)). Before the first update the state is the given start. On a weighted aztec:N (the
// two-periodic `aztec:N,a=A,b=B`) each sample is drawn by generalised shuffling with probability
// Π w_e / Z, from the shares of one urban renewal computed when the sampler is made.
#include <memory>
#include <string_view>

#include "sampling/sampler.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"

namespace dimerlab {

class ShuffleSampler final : public Sampler {
  public:
    // InputError unless `graph` is aztec:N and the record is λ = ∞ throughout; InfeasibleError for a
    // weighted diamond above kMaxAztecPlacementOrder.
    ShuffleSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);
    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return Dynamics::shuffle; }
    std::uint32_t order() const { return order_; }
    const ShuffleStats& last_stats() const { return stats_; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    std::uint32_t order_ = 0;
    ShuffleStats stats_;
    std::unique_ptr<const AztecShares> shares_;  // weighted diamonds only
};

// The Aztec order of `graph` when its spec is aztec:N, otherwise 0.
std::uint32_t aztec_order(const Graph& graph);
// The order, or InputError: "dynamics '<dynamics>' <what> Aztec diamonds only (graph aztec:N), ...".
std::uint32_t require_aztec_order(const Graph& graph, std::string_view dynamics, std::string_view what);

}  // namespace dimerlab
