// Host side of the "cuda" backends, compiled in both builds: the device work is behind
// dimerlab_gpu/device_state.hpp (CUDA sources, or a stub that throws), chromatic_on_device and
// face_rotation_on_device.
#include "dimerlab_gpu/cuda_sampler.hpp"

#include <algorithm>
#include <string>

#include "dimerlab_gpu/chromatic.hpp"
#include "dimerlab_gpu/cuda_ensemble.hpp"
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/device_state.hpp"
#include "dimerlab_gpu/face_rotation.hpp"
#include "model/update_tape.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/weight_support.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

// Refuses before any allocation or upload, with the probe's one-line reason.
void require_device() {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
}

}  // namespace

CudaJacobiSampler::CudaJacobiSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                     MateArray start, std::uint64_t block_updates)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      block_updates_(std::min(block_updates == 0 ? graph.num_edges() : block_updates, kMaxJacobiBlock)) {
    require_device();
    device_ = std::make_unique<JacobiDeviceState>(graph_, mate_, block_updates_);
}

CudaJacobiSampler::~CudaJacobiSampler() = default;

const std::uint8_t* CudaJacobiSampler::device_occupancy() const {
    return device_->device_occupancy();
}

void CudaJacobiSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    const HeatBathThresholds thresholds(graph_.weights(), lambda);
    for (std::uint64_t done = 0; done < count;) {
        const std::uint64_t b = std::min(block_updates_, count - done);
        last_block_ = device_->run_block(seed_, t_begin + done, b, thresholds);
        ++totals_.blocks;
        totals_.updates += b;
        totals_.rounds += last_block_.rounds;
        totals_.work += last_block_.work;
        totals_.max_rounds = std::max(totals_.max_rounds, last_block_.rounds);
        done += b;
    }
    // The host mirror: once per segment, so mate() is current whenever advance() has returned.
    device_->download_mate(mate_);
    dimers_ = device_->dimers();
}

CudaChromaticSampler::CudaChromaticSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                           MateArray start, ColouringChoice colouring, ClassOrder class_order)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      colouring_((require_device(), colour_edges(graph, colouring))),
      class_order_(class_order) {}

void CudaChromaticSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    chromatic_on_device(graph_, colouring_, seed_, t_begin, count,
                        HeatBathThresholds(graph_.weights(), lambda), mate_, class_order_);
    dimers_ = count_dimers(mate_);
}

CudaFaceClassSampler::CudaFaceClassSampler(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                           MateArray start)
    : Sampler(graph, seed, std::move(record), std::move(start)),
      faces_((require_device(), lattice_faces(graph))),
      colouring_(colour_faces(faces_, graph.num_vertices())),
      face_coins_(graph, faces_) {}

void CudaFaceClassSampler::run_segment(std::uint64_t t_begin, std::uint64_t count, double /*lambda*/) {
    // Rotations keep |M| and ignore λ.
    face_rotation_on_device(faces_, colouring_, face_coins_, seed_, t_begin, count, mate_);
}

std::unique_ptr<Sampler> make_cuda_sampler(const Graph& graph, Dynamics dynamics, std::uint64_t seed,
                                           LambdaRecord record, MateArray start, double block_sweeps,
                                           ClassOrder class_order) {
    require_weight_support(graph, "cuda", dynamics);
    switch (dynamics) {
        case Dynamics::glauber:
            return std::make_unique<CudaJacobiSampler>(graph, seed, std::move(record), std::move(start),
                                                       jacobi_block_updates(graph, block_sweeps));
        case Dynamics::chromatic:
            return std::make_unique<CudaChromaticSampler>(graph, seed, std::move(record), std::move(start),
                                                          ColouringChoice::automatic, class_order);
        case Dynamics::rotation:
            return std::make_unique<CudaFaceClassSampler>(graph, seed, std::move(record), std::move(start));
        case Dynamics::jerrum_sinclair:
        case Dynamics::shuffle:
        case Dynamics::glauber_rotation:
        case Dynamics::cftp:
        case Dynamics::shuffle_steps:
            break;
    }
    throw InputError("backend 'cuda' runs glauber, chromatic and rotation dynamics only, not '" +
                     std::string(dynamics_name(dynamics)) + "'; use --backend cpu");
}

CudaSamplerEnsemble::CudaSamplerEnsemble(const Graph& graph, std::uint64_t seed, LambdaRecord record,
                                         std::vector<MateArray> starts)
    : SamplerEnsemble(graph, seed, std::move(record), std::move(starts)) {
    require_device();
    device_ = std::make_unique<EnsembleDeviceState>(graph_, mates_, dimers_);
}

CudaSamplerEnsemble::~CudaSamplerEnsemble() = default;

void CudaSamplerEnsemble::run_segment(std::uint64_t t_begin, std::uint64_t count, double lambda) {
    device_->run(seed_, t_begin, count, HeatBathThresholds(graph_.weights(), lambda), track_free_edges_);
    device_->download(mates_, dimers_, free_edges_);
}

std::unique_ptr<SamplerEnsemble> make_cuda_ensemble(const Graph& graph, std::size_t chains,
                                                    std::uint64_t seed, LambdaRecord record) {
    require_device();
    return std::make_unique<CudaSamplerEnsemble>(graph, seed, std::move(record),
                                                 ensemble_dispersed_starts(graph, chains, seed));
}

}  // namespace dimerlab::gpu
