#pragma once
// One step of the frontier DP as a sparse matrix from the previous layer's states to the next
// one's, shared by the exact polynomial pass and the floating-point pass. A state is a mask over
// slots: bit set = that frontier vertex is still unmatched and may take a later partner.
#include <cstdint>
#include <vector>

#include "counting/exact/frontier_plan.hpp"

namespace dimerlab::exact_detail {

inline constexpr std::uint8_t kStaysUnmatched = 0xFF;

struct StepTransitions {
    std::vector<std::uint64_t> targets;  // masks of the next layer, in first-seen order
    std::vector<std::uint32_t> offsets;  // CSR by target into sources/partners (targets.size()+1)
    std::vector<std::uint32_t> sources;  // index into the previous layer
    std::vector<std::uint8_t> partners;  // index into step.earlier_vertices matched to the step's
                                         // vertex (one more dimer), or kStaysUnmatched
};

// Index of masks: a direct table for narrow frontiers, open addressing otherwise.
class MaskIndex {
  public:
    explicit MaskIndex(std::uint32_t slot_count);
    // Index of mask in targets, appending it when new.
    std::uint32_t find_or_insert(std::uint64_t mask, std::vector<std::uint64_t>& targets);
    // Forget every mask of targets (call before reusing the index for the next step).
    void clear(const std::vector<std::uint64_t>& targets);

  private:
    void grow(const std::vector<std::uint64_t>& targets);
    bool direct_;
    std::vector<std::uint32_t> table_;  // direct: index+1 by mask, 0 = absent; hash: values
    std::vector<std::uint64_t> keys_;   // hash only; kEmpty = free
    std::uint64_t mask_ = 0;
};

// The transitions of `step` out of a layer with the given masks.
void build_transitions(const FrontierStep& step, const std::vector<std::uint64_t>& masks, MaskIndex& index,
                       StepTransitions& out);

}  // namespace dimerlab::exact_detail
