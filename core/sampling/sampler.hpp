#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "graph/graph.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"

namespace dimerlab {

// chromatic: colour-class heat bath (docs/algorithms.md §2.3), a different chain with the same π.
// shuffle: exact uniform domino tilings of aztec:N at λ = ∞ (domino shuffling, not a chain; one
// update is one independent exact sample; tilings/shuffle_sampler.hpp).
// rotation, glauber_rotation: face rotations alone or mixed with Glauber (docs/algorithms.md §2.7).
// shuffle_steps: the steps of domino shuffling, one per update, to watch the tiling grow
// (tilings/shuffle_steps_sampler.hpp).
// cftp: exact uniform perfect matchings of simply connected square and hexagonal regions at λ = ∞
// (coupling from the past; one update is one independent exact sample; faces/cftp_sampler.hpp).
enum class Dynamics {
    glauber,
    jerrum_sinclair,
    chromatic,
    shuffle,
    rotation,
    glauber_rotation,
    cftp,
    shuffle_steps
};

// "glauber", "jerrum-sinclair", "chromatic", "shuffle", "rotation", "glauber+rotation", "cftp",
// "shuffle-steps"
std::string_view dynamics_name(Dynamics d);
Dynamics parse_dynamics(std::string_view text);  // the inverse; InputError naming the choices
// Every dynamics, in the order the choices are listed.
std::span<const Dynamics> all_dynamics();

// A Markov chain on the matchings of one graph, driven by the update tape of its seed. The
// base class owns the run's state (time, matching, λ record); backends implement run_segment.
// advance() splits at recorded λ changes, so a backend only ever sees a constant λ.
class Sampler {
  public:
    // `start` must be a matching of `graph` (checked; InputError otherwise). The graph must
    // outlive the sampler and have at least one edge.
    Sampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);
    virtual ~Sampler() = default;
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

    virtual std::string_view backend_name() const = 0;  // "cpu", "cpu-parallel", "cuda"
    virtual Dynamics dynamics() const = 0;

    // Runs updates time() .. time()+updates-1 of the tape.
    void advance(std::uint64_t updates);

    // Records a change of λ taking effect at the current time.
    void set_lambda(double lambda) { record_.change_at(time_, lambda); }
    double lambda() const { return record_.lambda_at(time_); }
    const LambdaRecord& lambda_record() const { return record_; }

    const Graph& graph() const { return graph_; }
    std::uint64_t seed() const { return seed_; }
    std::uint64_t time() const { return time_; }  // updates done so far
    std::span<const std::uint32_t> mate() const { return mate_; }
    std::uint32_t dimers() const { return dimers_; }

  protected:
    // Applies updates [t_begin, t_begin + count) at constant activity λ, to mate_ and dimers_.
    virtual void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) = 0;

    const Graph& graph_;
    const std::uint64_t seed_;
    MateArray mate_;
    std::uint32_t dimers_ = 0;

  private:
    LambdaRecord record_;
    std::uint64_t time_ = 0;
};

}  // namespace dimerlab
