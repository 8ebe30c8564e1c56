#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace dimerlab {

// The activity of a run as a step function of the update index: λ changes at recorded update
// indices and nowhere else, so (seed, record) replays a run exactly (docs/architecture.md §3.3).
struct LambdaChange {
    std::uint64_t at_update = 0;
    double lambda = 1;
    friend bool operator==(const LambdaChange&, const LambdaChange&) = default;
};

// λ = ∞ is the dimer model: the uniform law on perfect matchings, the limit of λ^|M|/Z as λ grows
// (docs/algorithms.md, "λ = ∞"). It is stored as +infinity and written "inf" in text and JSON.
inline constexpr double kInfiniteLambda = std::numeric_limits<double>::infinity();
inline bool is_infinite_lambda(double lambda) {
    return lambda == kInfiniteLambda;
}

class LambdaRecord {
  public:
    // Throws InputError unless λ > 0 (finite, or +∞ for perfect matchings).
    explicit LambdaRecord(double initial_lambda = 1);
    // Records a change taking effect from update `at_update` on. Changes must come in
    // non-decreasing order of update index; a second change at the same index replaces the first.
    // A run is either at λ = ∞ throughout or finite throughout: perfect matchings and monomer-dimer
    // matchings are different state spaces, and no chain crosses between them (InputError).
    void change_at(std::uint64_t at_update, double lambda);
    bool infinite() const { return is_infinite_lambda(changes_.front().lambda); }
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
// Throws InputError naming `what` unless λ is a positive finite number or +∞.
void check_lambda_or_infinite(double lambda, const char* what = "lambda");

// Reads "inf", "infinity" or "∞" (any case) as λ = ∞, otherwise a positive finite decimal
// ("2.5", "1e4"); InputError naming `what` for anything else.
double parse_lambda(std::string_view text, const char* what = "lambda");
// "inf" for λ = ∞, otherwise the shortest decimal that reads back to the same double.
std::string lambda_text(double lambda);

}  // namespace dimerlab
