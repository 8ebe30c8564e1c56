#pragma once
// The "cuda" sampler backend and its factory. Declared in both builds: without CUDA support, or
// without a device at run time, the constructors and the factory throw InfeasibleError with the
// probe's reason, so callers need no #ifdef and never crash.
#include <cstdint>
#include <memory>
#include <string_view>

#include "chromatic/class_order.hpp"
#include "chromatic/edge_colouring.hpp"
#include "faces/face_coin_thresholds.hpp"
#include "faces/face_colouring.hpp"
#include "faces/face_set.hpp"
#include "parallel/jacobi_block_stats.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab::gpu {

class JacobiDeviceState;

// Exact heat-bath Glauber by Algorithm A on the device, block by block, with the blocks of
// cpu-parallel for the same block size: after every block its matching equals
// GlauberSequentialSampler's bit for bit. The matching lives on the device; the host copy that
// mate() returns is refreshed once at the end of every advance() segment (one n-word copy per
// call, against tens of bytes of device traffic per update of a block), never per block.
class CudaJacobiSampler final : public Sampler {
  public:
    // block_updates = 0: one sweep (m updates); capped at kMaxJacobiBlock.
    CudaJacobiSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                      std::uint64_t block_updates = 0);
    ~CudaJacobiSampler() override;

    std::string_view backend_name() const override { return "cuda"; }
    Dynamics dynamics() const override { return Dynamics::glauber; }

    std::uint64_t block_updates() const { return block_updates_; }
    const JacobiTotals& totals() const { return totals_; }
    const JacobiBlockStats& last_block() const { return last_block_; }
    // Per-edge occupancy on the device (num_edges bytes): the source for
    // GlEdgeStateBuffer::write_from_occupancy (dimerlab_gpu/gl_interop.hpp).
    const std::uint8_t* device_occupancy() const;

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    std::uint64_t block_updates_;
    std::unique_ptr<JacobiDeviceState> device_;
    JacobiTotals totals_;
    JacobiBlockStats last_block_;
};

// The chromatic chain (docs/algorithms.md §2.3) through the existing per-class kernels
// (dimerlab_gpu/chromatic.hpp); bit-identical to ChromaticSampler with the same colouring. Not
// device-resident: each advance() segment uploads the matching and copies it back.
class CudaChromaticSampler final : public Sampler {
  public:
    CudaChromaticSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start,
                         ColouringChoice colouring = ColouringChoice::automatic,
                         ClassOrder class_order = ClassOrder::fixed);

    std::string_view backend_name() const override { return "cuda"; }
    Dynamics dynamics() const override { return Dynamics::chromatic; }
    const EdgeColouring& colouring() const { return colouring_; }
    ClassOrder class_order() const { return class_order_; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    EdgeColouring colouring_;
    ClassOrder class_order_;
};

// The face-class rotation scan (`rotation`, docs/algorithms.md §2.7) through one launch per face
// colour class (dimerlab_gpu/face_rotation.hpp); bit-identical to cpu-parallel's FaceClassSampler
// for the same seed. Not device-resident: each advance() segment uploads the matching and copies
// it back. Throws InputError for a graph without lattice faces.
class CudaFaceClassSampler final : public Sampler {
  public:
    CudaFaceClassSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record, MateArray start);

    std::string_view backend_name() const override { return "cuda"; }
    Dynamics dynamics() const override { return Dynamics::rotation; }
    const FaceSet& faces() const { return faces_; }
    const FaceColouring& colouring() const { return colouring_; }

  protected:
    void run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) override;

  private:
    FaceSet faces_;
    FaceColouring colouring_;
    FaceCoinThresholds face_coins_;
};

// The "cuda" backend for `dynamics`: CudaJacobiSampler (glauber, blocks of
// jacobi_block_updates(graph, block_sweeps)), CudaChromaticSampler (chromatic) or
// CudaFaceClassSampler (rotation). Throws InfeasibleError with the probe's reason when there is no
// usable device, InputError for the dynamics without a CUDA version or a bad block_sweeps. The CUDA layer
// under lab's make_sampler.
std::unique_ptr<Sampler> make_cuda_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                           LambdaRecord record, MateArray start, double block_sweeps = 1.0,
                                           ClassOrder class_order = ClassOrder::fixed);

}  // namespace dimerlab::gpu
