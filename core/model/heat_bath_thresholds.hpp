#pragma once
// The heat-bath coin's threshold for every edge of a weighted graph at activity λ: edge e is
// occupied after its update, when free, with probability λw_e/(1+λw_e) (docs/algorithms.md §1.4).
// One threshold per weight class, so the table stays a few entries long on periodic lattices; the
// CPU samplers and the kernels read the same table.
#include <cstdint>
#include <vector>

#include "graph/edge_weights.hpp"
#include "model/coin_thresholds.hpp"
#include "model/update_tape.hpp"

namespace dimerlab {

class HeatBathThresholds {
  public:
    // The same threshold for every edge: an unweighted graph, or a raw threshold a test chose.
    // Implicit, so that code written for one threshold passes it where a table is expected.
    HeatBathThresholds(std::uint64_t threshold) : table_{threshold} {}  // NOLINT(google-explicit-constructor)
    // `weights` must outlive this table (it keeps their per-edge class indices).
    HeatBathThresholds(const EdgeWeights& weights, double lambda) {
        if (weights.unit()) {
            table_.push_back(heat_bath_threshold(lambda));
            return;
        }
        edge_class_ = weights.edge_classes().data();
        for (const ExactWeight& w : weights.classes()) table_.push_back(heat_bath_threshold(lambda, w.value));
    }

    std::uint64_t operator()(std::uint32_t edge) const {
        return edge_class_ == nullptr ? table_[0] : table_[edge_class_[edge]];
    }
    bool uniform() const { return edge_class_ == nullptr; }
    const std::vector<std::uint64_t>& table() const { return table_; }
    // The per-edge class indices (null when uniform), for uploading to a device.
    const std::uint32_t* edge_classes() const { return edge_class_; }
    // The view a kernel reads, here with host pointers.
    CoinThresholds view() const { return {table_[0], edge_class_, edge_class_ ? table_.data() : nullptr}; }

  private:
    const std::uint32_t* edge_class_ = nullptr;
    std::vector<std::uint64_t> table_;
};

}  // namespace dimerlab
