#pragma once
// A weighted graph's heat-bath coins on the device: each edge's weight class, uploaded once, and
// the class thresholds of the current λ, uploaded per run (a few entries). view() gives the
// CoinThresholds a kernel reads (model/coin_thresholds.hpp); an unweighted graph uploads nothing
// and its view is the single threshold. The one upload every heat-bath device state shares.
#include <cstdint>

#include "cuda_support.cuh"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"
#include "model/heat_bath_thresholds.hpp"

namespace dimerlab::gpu {

class DeviceCoinThresholds {
  public:
    explicit DeviceCoinThresholds(const Graph& graph) {
        if (!graph.weighted()) return;
        classes_ = graph.weights().classes().size();
        edge_class_.allocate(graph.num_edges());
        table_.allocate(classes_);
        check(cudaMemcpy(edge_class_.ptr, graph.weights().edge_classes().data(),
                         std::size_t{graph.num_edges()} * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
              "copy edge classes");
    }

    // Uploads the class thresholds (InfeasibleError for another graph's table) and returns the view.
    CoinThresholds view(const HeatBathThresholds& thresholds) {
        if (thresholds.uniform()) return CoinThresholds(thresholds.table()[0]);
        if (classes_ != thresholds.table().size())
            throw InfeasibleError("device coins: thresholds of another graph's weights");
        check(cudaMemcpy(table_.ptr, thresholds.table().data(), classes_ * sizeof(std::uint64_t),
                         cudaMemcpyHostToDevice),
              "copy class thresholds");
        return CoinThresholds(0, edge_class_.ptr, table_.ptr);
    }

  private:
    DeviceBuffer<std::uint32_t> edge_class_;
    DeviceBuffer<std::uint64_t> table_;
    std::size_t classes_ = 0;
};

}  // namespace dimerlab::gpu
