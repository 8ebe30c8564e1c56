#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "chromatic/class_order.hpp"
#include "chromatic/class_schedule.hpp"
#include "chromatic/edge_colouring.hpp"
#include "parallel/thread_pool.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab {

struct ChromaticOptions {
    unsigned threads = 1;          // 0: one per hardware thread
    bool parallel = false;         // reported backend: "cpu-parallel" when set, else "cpu"
    std::size_t min_chunk = 4096;  // fewest edges per worker; 0 splits every class across all threads (tests)
    ColouringChoice colouring = ColouringChoice::automatic;
    ClassOrder class_order = ClassOrder::fixed;  // core/chromatic/class_order.hpp
};

// The chromatic (colour-class) heat-bath chain of docs/algorithms.md §2.3: a different chain from
// random-edge Glauber with the same stationary law. A sweep visits the classes of a validated
// proper edge colouring in fixed cyclic order (systematic scan: π-preserving, not reversible) or,
// with ClassOrder::random, in a fresh random order each sweep (reversible); one class's edges are
// updated in parallel across the pool. Time counts single-edge updates,
// so a sweep is m updates and advance() may stop inside a class (core/chromatic/chromatic_update.hpp
// defines update t and its coin). The trajectory depends on (graph, seed, colouring) only: never
// on the thread count. With random order it also depends on the class permutations, which are
// functions of (seed, sweep) only.
class ChromaticSampler final : public Sampler {
  public:
    ChromaticSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                     ChromaticOptions options = {});

    std::string_view backend_name() const override { return parallel_ ? "cpu-parallel" : "cpu"; }
    Dynamics dynamics() const override { return Dynamics::chromatic; }

    const EdgeColouring& colouring() const { return colouring_; }
    ClassOrder class_order() const { return schedule_.order(); }
    unsigned threads() const { return pool_.size(); }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    EdgeColouring colouring_;
    ClassSchedule schedule_;  // refers to colouring_, so declared after it
    ThreadPool pool_;
    bool parallel_;
    std::size_t min_chunk_;
};

}  // namespace dimerlab
