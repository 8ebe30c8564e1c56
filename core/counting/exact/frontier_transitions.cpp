// Sparse step matrices of the frontier DP.
#include "counting/exact/frontier_transitions.hpp"

namespace dimerlab::exact_detail {
namespace {

constexpr std::uint64_t kEmpty = ~std::uint64_t(0);  // never a mask: at most 62 slots
constexpr std::uint32_t kDirectSlots = 22;           // direct table up to 16 MiB

std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return x;
}

}  // namespace

MaskIndex::MaskIndex(std::uint32_t slot_count) : direct_(slot_count <= kDirectSlots) {
    if (direct_) {
        table_.assign(std::size_t(1) << slot_count, 0);
    } else {
        keys_.assign(1024, kEmpty);
        table_.assign(1024, 0);
        mask_ = 1023;
    }
}

std::uint32_t MaskIndex::find_or_insert(std::uint64_t mask, std::vector<std::uint64_t>& targets) {
    if (direct_) {
        std::uint32_t& slot = table_[mask];
        if (slot == 0) {
            targets.push_back(mask);
            slot = static_cast<std::uint32_t>(targets.size());
        }
        return slot - 1;
    }
    if (2 * (targets.size() + 1) > keys_.size()) grow(targets);
    for (std::uint64_t h = mix(mask) & mask_;; h = (h + 1) & mask_) {
        if (keys_[h] == mask) return table_[h];
        if (keys_[h] == kEmpty) {
            keys_[h] = mask;
            table_[h] = static_cast<std::uint32_t>(targets.size());
            targets.push_back(mask);
            return table_[h];
        }
    }
}

void MaskIndex::grow(const std::vector<std::uint64_t>& targets) {
    const std::size_t cap = keys_.size() * 2;
    keys_.assign(cap, kEmpty);
    table_.assign(cap, 0);
    mask_ = cap - 1;
    for (std::uint32_t i = 0; i < targets.size(); ++i) {
        std::uint64_t h = mix(targets[i]) & mask_;
        while (keys_[h] != kEmpty) h = (h + 1) & mask_;
        keys_[h] = targets[i];
        table_[h] = i;
    }
}

void MaskIndex::clear(const std::vector<std::uint64_t>& targets) {
    if (direct_) {
        for (std::uint64_t m : targets) table_[m] = 0;
    } else {
        std::fill(keys_.begin(), keys_.end(), kEmpty);
    }
}

void build_transitions(const FrontierStep& step, const std::vector<std::uint64_t>& masks, MaskIndex& index,
                       StepTransitions& out) {
    out.targets.clear();
    const std::uint64_t keep = ~step.release_mask;
    const std::uint64_t own = step.slot >= 0 ? std::uint64_t(1) << step.slot : 0;
    // Contributions in source order first, then a counting sort by target: the apply loops
    // then write each target block once, and targets can be split between threads.
    std::vector<std::uint32_t> target_of;
    std::vector<std::uint32_t> source_of;
    std::vector<std::uint8_t> partner_of;
    target_of.reserve(masks.size() * 2);
    source_of.reserve(masks.size() * 2);
    partner_of.reserve(masks.size() * 2);
    for (std::uint32_t i = 0; i < masks.size(); ++i) {
        const std::uint64_t s = masks[i];
        const std::uint64_t base = s & keep;
        target_of.push_back(index.find_or_insert(base | own, out.targets));
        source_of.push_back(i);
        partner_of.push_back(kStaysUnmatched);
        for (std::size_t j = 0; j < step.earlier_slots.size(); ++j) {
            const std::uint64_t bit = std::uint64_t(1) << step.earlier_slots[j];
            if ((s & bit) == 0) continue;  // that neighbour is matched already
            target_of.push_back(index.find_or_insert(base & ~bit, out.targets));
            source_of.push_back(i);
            partner_of.push_back(static_cast<std::uint8_t>(j));
        }
    }
    index.clear(out.targets);
    out.offsets.assign(out.targets.size() + 1, 0);
    for (std::uint32_t t : target_of) ++out.offsets[t + 1];
    for (std::size_t t = 0; t < out.targets.size(); ++t) out.offsets[t + 1] += out.offsets[t];
    out.sources.resize(target_of.size());
    out.partners.resize(target_of.size());
    std::vector<std::uint32_t> fill(out.offsets.begin(), out.offsets.end() - 1);
    for (std::size_t c = 0; c < target_of.size(); ++c) {
        const std::uint32_t at = fill[target_of[c]]++;
        out.sources[at] = source_of[c];
        out.partners[at] = partner_of[c];
    }
}

}  // namespace dimerlab::exact_detail
