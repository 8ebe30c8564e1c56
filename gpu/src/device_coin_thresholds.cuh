#pragma once
// A weighted graph's coins on the device: each item's class (an edge's weight class, or a face's
// rotation class), uploaded once, and the class thresholds (of the current λ, for the heat bath),
// uploaded per run (a few entries). view() gives the CoinThresholds a kernel reads
// (model/coin_thresholds.hpp); an unweighted graph uploads nothing and its view is the single
// threshold. The one upload every heat-bath and face-rotation device state shares.
#include <cstdint>
#include <span>

#include "cuda_support.cuh"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"
#include "model/heat_bath_thresholds.hpp"

namespace dimerlab::gpu {

class DeviceCoinThresholds {
  public:
    // The heat-bath coins of the graph's edges.
    explicit DeviceCoinThresholds(const Graph& graph)
        : DeviceCoinThresholds(graph.weighted()
                                   ? std::span<const std::uint32_t>(graph.weights().edge_classes())
                                   : std::span<const std::uint32_t>(),
                               graph.weights().classes().size()) {}
    // Per item, its class among `classes`; empty when every item shares one threshold.
    DeviceCoinThresholds(std::span<const std::uint32_t> item_class, std::size_t classes) {
        if (item_class.empty()) return;
        classes_ = classes;
        edge_class_.allocate(item_class.size());
        table_.allocate(classes_);
        check(cudaMemcpy(edge_class_.ptr, item_class.data(), item_class.size() * sizeof(std::uint32_t),
                         cudaMemcpyHostToDevice),
              "copy coin classes");
    }

    // Uploads the class thresholds (InfeasibleError for another graph's table) and returns the view.
    CoinThresholds view(const HeatBathThresholds& thresholds) {
        return view(thresholds.uniform(), thresholds.table());
    }
    // The same for any table: uniform means its one entry is every item's threshold.
    CoinThresholds view(bool uniform, std::span<const std::uint64_t> table) {
        if (uniform) return CoinThresholds(table[0]);
        if (classes_ != table.size())
            throw InfeasibleError("device coins: thresholds of another graph's weights");
        check(cudaMemcpy(table_.ptr, table.data(), classes_ * sizeof(std::uint64_t), cudaMemcpyHostToDevice),
              "copy class thresholds");
        return CoinThresholds(0, edge_class_.ptr, table_.ptr);
    }

  private:
    DeviceBuffer<std::uint32_t> edge_class_;
    DeviceBuffer<std::uint64_t> table_;
    std::size_t classes_ = 0;
};

}  // namespace dimerlab::gpu
