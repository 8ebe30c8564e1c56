#pragma once
// One sweep job, run on whichever rank got it: a Glauber chain on its own tape from the empty
// matching, burn-in, then one measurement per sweep. The row holds every estimate with its error
// bar, and the job's seconds; the rank is added by whoever gathers the rows.
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "sweep/sweep_plan.hpp"

namespace dimerlab::cli {

// The exact overlay of a small graph: the integer polynomial, or the rational one of a weighted graph.
struct ExactOverlay {
    std::optional<MatchingPolynomial> plain;
    std::optional<WeightedMatchingPolynomial> weighted;
    bool available() const { return plain || weighted; }
    double log_z(double lambda) const { return plain ? plain->log_z(lambda) : weighted->log_z(lambda); }
    double mean_dimers(double lambda) const {
        return plain ? plain->mean_dimers(lambda) : weighted->mean_dimers(lambda);
    }
};

class SweepJobRunner {
  public:
    explicit SweepJobRunner(const SweepPlan& plan) : plan_(plan) {}
    nlohmann::ordered_json run(std::uint64_t index);

  private:
    // The exact polynomial of a small graph, computed once per process; nullopt when the frontier
    // DP would be too large (the column is then empty).
    const ExactOverlay& exact_polynomial(std::size_t graph);

    const SweepPlan& plan_;
    std::mutex mutex_;
    std::map<std::size_t, ExactOverlay> exact_;
};

}  // namespace dimerlab::cli
