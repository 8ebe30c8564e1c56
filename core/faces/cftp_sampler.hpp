#pragma once
// `--dynamics cftp`: exact perfect matchings (uniform, or ∝ Π w_e when weighted) of simply connected
// square and hexagonal
// regions at λ = ∞, by coupling from the past (faces/height_cftp.hpp). Like ShuffleSampler it is
// not a Markov chain: update t of the run is the t-th independent exact sample, drawn by
// sample_cftp with the seed tape_words(seed, t) (w1 << 32 | w0), so advance(k) computes only
// sample time() + k - 1. Before the first update the state is the given start.
#include "faces/height_cftp.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

class CftpSampler final : public Sampler {
  public:
    // InputError unless cftp_supports(graph) and the record is λ = ∞ throughout; InfeasibleError
    // (from the first sample) when the region has no perfect matching or a sample would need more
    // than `max_sweeps` sweeps.
    CftpSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                std::uint64_t max_sweeps = kDefaultMaxSweeps);
    std::string_view backend_name() const override { return "cpu"; }
    Dynamics dynamics() const override { return Dynamics::cftp; }

    // The coalescence of the last sample drawn (all zero before the first update).
    const CftpResult& last_result() const { return last_; }
    std::uint64_t last_coalescence_sweeps() const {
        return last_.faces ? last_.coalescence_updates / last_.faces : 0;
    }

    // The seed sample_cftp receives for update t.
    static std::uint64_t sample_seed(std::uint64_t seed, std::uint64_t t);

    static constexpr std::uint64_t kDefaultMaxSweeps = 1'000'000;

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    std::uint64_t max_sweeps_;
    CftpResult last_;
};

}  // namespace dimerlab
