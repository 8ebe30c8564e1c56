#pragma once
// Device-resident state of the CUDA samplers, behind a plain C++ interface (no CUDA types), so
// that the host-side sampler classes compile with the C++ compiler in both builds. Built from
// CUDA sources when nvcc was found; the stub's constructors throw InfeasibleError with the
// probe's reason.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "graph/graph.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "parallel/jacobi_block_stats.hpp"
#include "parallel/jacobi_round_observer.hpp"

namespace dimerlab::gpu {

// Algorithm A (docs/algorithms.md §3.2) with the graph, the matching (mate and per-edge occupancy) and
// every scratch buffer kept on the device from block to block: a block moves nothing over PCIe
// except the per-round undetermined count. The project's only Jacobi kernels (each a step of
// core/parallel/jacobi_steps.hpp); jacobi_block_on_device wraps them for one-off blocks.
class JacobiDeviceState {
  public:
    // Uploads `graph` and `mate` (a matching of it) and sizes the buffers for blocks of up to
    // max_block updates (<= kMaxJacobiBlock). Throws InfeasibleError without a device, when the
    // event indices would not fit 32 bits, or when a CUDA call fails.
    JacobiDeviceState(const Graph& graph, std::span<const std::uint32_t> mate, std::uint64_t max_block);
    ~JacobiDeviceState();
    JacobiDeviceState(const JacobiDeviceState&) = delete;
    JacobiDeviceState& operator=(const JacobiDeviceState&) = delete;

    // Tape updates [t_begin, t_begin + count) at the heat-bath thresholds (one per edge of a
    // weighted graph, the table of that graph's weights; one number converts), count <= max_block:
    // bit-identical to the sequential reference, with the rounds and work of the depth oracle.
    // An observer sees every round's tape-slot values (copied back after each round, for tests).
    JacobiBlockStats run_block(std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                               const HeatBathThresholds& thresholds,
                               const JacobiRoundObserver& observer = {});
    std::uint32_t dimers() const;  // |M| after the last block, tracked on the device
    // Copies the device matching into `mate` (num_vertices entries); waits for the device.
    void download_mate(std::span<std::uint32_t> mate) const;
    // The device's per-edge occupancy (num_edges bytes, 1 = in the matching): the buffer an
    // OpenGL interop hook would copy into the edge-state vertex buffer. Valid until destruction.
    const std::uint8_t* device_occupancy() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// K heat-bath chains of one graph on the device, one device thread per chain running the
// per-chain reference loop (core/ensemble/ensemble_steps.hpp). Chains' matchings and dimer
// counts stay on the device between runs.
class EnsembleDeviceState {
  public:
    // `mates`: K matchings of `graph` laid out one after another (K n entries); `dimers`: their sizes.
    EnsembleDeviceState(const Graph& graph, std::span<const std::uint32_t> mates,
                        std::span<const std::uint32_t> dimers);
    ~EnsembleDeviceState();
    EnsembleDeviceState(const EnsembleDeviceState&) = delete;
    EnsembleDeviceState& operator=(const EnsembleDeviceState&) = delete;

    // Updates [t_begin, t_begin + count) of every chain; chain k uses ensemble_chain_seed(seed, k).
    // With count_free_edges, each chain's thread then counts its free edges (F) on the device.
    void run(std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
             const HeatBathThresholds& thresholds, bool count_free_edges = false);
    // Copies every chain's matching and dimer count back, and the free-edge counts of the last
    // run when `free_edges` is not empty; waits for the device.
    void download(std::span<std::uint32_t> mates, std::span<std::uint32_t> dimers,
                  std::span<std::uint32_t> free_edges = {}) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dimerlab::gpu
