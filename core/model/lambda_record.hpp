#pragma once
#include <cstdint>
#include <vector>

namespace dimerlab {

// The activity of a run as a step function of the update index: λ changes at recorded update
// indices and nowhere else, so (seed, record) replays a run exactly (docs/architecture.md §3.3).
struct LambdaChange {
    std::uint64_t at_update = 0;
    double lambda = 1;
    friend bool operator==(const LambdaChange&, const LambdaChange&) = default;
};

class LambdaRecord {
  public:
    explicit LambdaRecord(double initial_lambda = 1);  // throws InputError unless λ > 0 and finite
    // Records a change taking effect from update `at_update` on. Changes must come in
    // non-decreasing order of update index; a second change at the same index replaces the first.
    void change_at(std::uint64_t at_update, double lambda);
    double lambda_at(std::uint64_t t) const;
    // The first recorded change strictly after t, or UINT64_MAX.
    std::uint64_t next_change_after(std::uint64_t t) const;
    const std::vector<LambdaChange>& changes() const { return changes_; }

    // Splits updates [begin, begin + count) at recorded changes and calls
    // segment(t_begin, count, lambda) for each piece in order, so a backend only ever sees a
    // constant λ. The one splitting rule of every sampler and ensemble.
    template <class Segment>
    void for_each_segment(std::uint64_t begin, std::uint64_t count, Segment&& segment) const {
        const std::uint64_t end = begin + count;
        for (std::uint64_t t = begin; t < end;) {
            const std::uint64_t stop = next_change_after(t) < end ? next_change_after(t) : end;
            segment(t, stop - t, lambda_at(t));
            t = stop;
        }
    }

  private:
    std::vector<LambdaChange> changes_;
};

// Throws InputError naming `what` unless λ is a positive finite number.
void check_lambda(double lambda, const char* what = "lambda");

}  // namespace dimerlab
