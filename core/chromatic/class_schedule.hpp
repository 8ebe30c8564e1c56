#pragma once
// Where each update of a chromatic run falls (core/chromatic/chromatic_update.hpp: update t is
// position t mod m of sweep t / m): which class, and which slice of the colouring's order[].
// Shared by the CPU sampler and the CUDA launch loop, so both cut a run into the same pieces.
#include <cstdint>
#include <span>
#include <vector>

#include "chromatic/class_order.hpp"
#include "chromatic/edge_colouring.hpp"

namespace dimerlab {

// Updates [t, t + (end - begin)) of sweep `sweep`: edges order[begin, end), all of one class.
struct ClassPiece {
    std::uint64_t sweep;
    std::uint32_t begin, end;
};

class ClassSchedule {
  public:
    // Keeps a reference to `colouring`, which must outlive the schedule.
    ClassSchedule(const EdgeColouring& colouring, ClassOrder order, std::uint64_t seed);

    // The longest run of updates from t on that stays inside one class, at most `limit` (> 0) long.
    ClassPiece piece(std::uint64_t t, std::uint64_t limit);
    // The classes of sweep `sweep` in the order they run.
    std::span<const std::uint32_t> classes(std::uint64_t sweep);
    ClassOrder order() const { return order_; }

  private:
    void prepare(std::uint64_t sweep);

    const EdgeColouring& colouring_;
    ClassOrder order_;
    std::uint64_t seed_;
    bool prepared_ = false;
    std::uint64_t sweep_ = 0;
    std::vector<std::uint32_t> perm_;    // perm_[j]: the j-th class of the sweep
    std::vector<std::uint32_t> starts_;  // starts_[j]: its first position in the sweep; starts_[k] = m
};

}  // namespace dimerlab
