#pragma once
// The coin of a weighted face rotation (docs/algorithms.md §1.4, §2.7). Both phases of a face hold
// the same number of dimers, so λ cancels and the heat bath picks phase A with probability
// W_A/(W_A + W_B), W_X the product of the weights of phase X's edges. With every weight 1 that is
// the fair coin w2 < 2^31 bit for bit. The faces get one threshold each, grouped into classes of
// equal thresholds so that a periodic lattice's table stays short, as the edges' heat-bath table does.
#include <cstdint>
#include <span>
#include <vector>

#include "faces/face_set.hpp"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"

namespace dimerlab {

// The unweighted rotation coin: w2 < 2^31, probability exactly 1/2.
inline constexpr std::uint64_t kFairFaceCoin = 0x80000000u;

class FaceCoinThresholds {
  public:
    // The fair coin for every face.
    FaceCoinThresholds() = default;
    // Coin thresholds for phase A of every face of `faces`; where coin_is_a is given (one flag per
    // face) and false, for phase B instead (height CFTP's coin names the higher phase). Every edge of
    // a face must be an edge of the graph (std::logic_error otherwise: FaceSet checks this too).
    FaceCoinThresholds(const Graph& graph, const FaceSet& faces, std::span<const char> coin_is_a = {});

    bool uniform() const { return face_class_.empty(); }
    // The threshold of face f: the coin names its phase iff w2 < threshold(f).
    std::uint64_t operator()(std::uint32_t f) const {
        return uniform() ? kFairFaceCoin : table_[face_class_[f]];
    }
    const std::vector<std::uint64_t>& table() const { return table_; }
    // Per face, an index into table() (empty when uniform), for uploading to a device.
    const std::vector<std::uint32_t>& face_classes() const { return face_class_; }
    // The view a kernel reads, here with host pointers (valid while this object lives).
    CoinThresholds view() const {
        return uniform() ? CoinThresholds(kFairFaceCoin)
                         : CoinThresholds(kFairFaceCoin, face_class_.data(), table_.data());
    }

  private:
    std::vector<std::uint32_t> face_class_;
    std::vector<std::uint64_t> table_;
};

// floor(W_X / (W_X + W_Y) · 2^32) from the ratio r = W_Y / W_X, clamped to [0, 2^32]; r = 1 gives
// exactly 2^31.
std::uint64_t face_phase_threshold(long double ratio_other_over_this);

}  // namespace dimerlab
