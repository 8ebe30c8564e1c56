/** @file ensemble_device_state.cu
 *  @brief Thin launch wrapper for ensemble mode on the device: one thread per chain runs
 *  ensemble_chain_run (core/ensemble/ensemble_steps.hpp), the per-chain heat-bath reference
 *  loop, then, when asked, counts the chain's free edges (ensemble_free_edges). A chain's updates are
 * strictly ordered, so within one chain there is nothing to split without Algorithm A; the simplest exact
 * design takes its parallelism from the K chains only. Chains' matchings and dimer counts stay on the device
 * between runs. */
#include <cuda_runtime.h>

#include <memory>
#include <string>

#include "cuda_support.cuh"
#include "device_coin_thresholds.cuh"
#include "dimerlab_gpu/device_state.hpp"
#include "ensemble/ensemble_steps.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

// Small blocks: K is small (tens of chains), and each thread is a long sequential loop.
constexpr unsigned kThreads = 32;

__global__ void ensemble_kernel(const Edge* __restrict__ edges, std::uint32_t num_edges, std::uint32_t* mates,
                                std::uint32_t num_vertices, std::uint32_t chains, std::uint64_t seed,
                                std::uint64_t t_begin, std::uint64_t count, CoinThresholds thresholds,
                                std::uint32_t* dimers, std::uint32_t* free_edges) {
    const std::uint64_t k = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
    if (k >= chains) return;
    const std::int64_t delta = ensemble_chain_run(edges, num_edges, mates, num_vertices, k,
                                                  ensemble_chain_seed(seed, k), t_begin, count, thresholds);
    ensemble_add_dimers(dimers, k, delta);
    // The chain's own thread counts F after its run: no second launch, and the footprint stays
    // chain k's block and cells.
    if (free_edges)
        ensemble_set_free_edges(free_edges, k, ensemble_free_edges(edges, num_edges, mates, num_vertices, k));
}

}  // namespace

struct EnsembleDeviceState::Impl {
    std::uint32_t n, m, chains;
    DeviceBuffer<Edge> edges;
    DeviceBuffer<std::uint32_t> mates, dimers, free_edges;
    std::unique_ptr<DeviceCoinThresholds> coins;
    Impl(std::uint32_t n_, std::uint32_t m_, std::uint32_t k_)
        : n(n_), m(m_), chains(k_), edges(m_), mates(std::size_t{n_} * k_), dimers(k_), free_edges(k_) {}
};

EnsembleDeviceState::EnsembleDeviceState(const Graph& graph, std::span<const std::uint32_t> mates,
                                         std::span<const std::uint32_t> dimers) {
    const std::uint32_t n = graph.num_vertices(), m = graph.num_edges();
    if (dimers.empty() || mates.size() != std::size_t{n} * dimers.size())
        throw InfeasibleError("device ensemble: state sizes do not match the graph");
    impl_ = std::make_unique<Impl>(n, m, static_cast<std::uint32_t>(dimers.size()));
    check(cudaMemcpy(impl_->edges.ptr, graph.edges().data(), m * sizeof(Edge), cudaMemcpyHostToDevice),
          "copy edges");
    check(cudaMemcpy(impl_->mates.ptr, mates.data(), mates.size_bytes(), cudaMemcpyHostToDevice),
          "copy mates");
    check(cudaMemcpy(impl_->dimers.ptr, dimers.data(), dimers.size_bytes(), cudaMemcpyHostToDevice),
          "copy dimers");
    impl_->coins = std::make_unique<DeviceCoinThresholds>(graph);
}

EnsembleDeviceState::~EnsembleDeviceState() = default;

void EnsembleDeviceState::run(std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                              const HeatBathThresholds& thresholds, bool count_free_edges) {
    const Impl& d = *impl_;
    if (count == 0 && !count_free_edges) return;
    const CoinThresholds coins = d.coins->view(thresholds);
    DIMERLAB_LAUNCH(ensemble_kernel, (d.chains + kThreads - 1) / kThreads, kThreads)
    (d.edges.ptr, d.m, d.mates.ptr, d.n, d.chains, seed, t_begin, count, coins, d.dimers.ptr,
     count_free_edges ? d.free_edges.ptr : nullptr);
    check(cudaGetLastError(), "ensemble kernel launch");
}

void EnsembleDeviceState::download(std::span<std::uint32_t> mates, std::span<std::uint32_t> dimers,
                                   std::span<std::uint32_t> free_edges) const {
    const Impl& d = *impl_;
    if (dimers.size() != d.chains || mates.size() != std::size_t{d.n} * d.chains ||
        (!free_edges.empty() && free_edges.size() != d.chains))
        throw InfeasibleError("device ensemble: state sizes do not match the graph");
    // cudaMemcpy waits for the kernel on the default stream; its error surfaces here.
    check(cudaMemcpy(mates.data(), d.mates.ptr, mates.size_bytes(), cudaMemcpyDeviceToHost),
          "copy mates back");
    check(cudaMemcpy(dimers.data(), d.dimers.ptr, dimers.size_bytes(), cudaMemcpyDeviceToHost),
          "copy dimers back");
    if (!free_edges.empty())
        check(
            cudaMemcpy(free_edges.data(), d.free_edges.ptr, free_edges.size_bytes(), cudaMemcpyDeviceToHost),
            "copy free-edge counts back");
}

}  // namespace dimerlab::gpu
