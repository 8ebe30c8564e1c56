// Built when nvcc was not found at configure time: the device states refuse with the probe's reason.
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/device_state.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {

struct JacobiDeviceState::Impl {};
struct EnsembleDeviceState::Impl {};

JacobiDeviceState::JacobiDeviceState(const Graph&, std::span<const std::uint32_t>, std::uint64_t) {
    throw InfeasibleError(probe().reason);
}
JacobiDeviceState::~JacobiDeviceState() = default;
JacobiBlockStats JacobiDeviceState::run_block(std::uint64_t, std::uint64_t, std::uint64_t,
                                              const HeatBathThresholds&, const JacobiRoundObserver&) {
    throw InfeasibleError(probe().reason);
}
std::uint32_t JacobiDeviceState::dimers() const {
    return 0;
}
void JacobiDeviceState::download_mate(std::span<std::uint32_t>) const {
    throw InfeasibleError(probe().reason);
}
const std::uint8_t* JacobiDeviceState::device_occupancy() const {
    return nullptr;
}

EnsembleDeviceState::EnsembleDeviceState(const Graph&, std::span<const std::uint32_t>,
                                         std::span<const std::uint32_t>) {
    throw InfeasibleError(probe().reason);
}
EnsembleDeviceState::~EnsembleDeviceState() = default;
void EnsembleDeviceState::run(std::uint64_t, std::uint64_t, std::uint64_t, const HeatBathThresholds&, bool) {
    throw InfeasibleError(probe().reason);
}
void EnsembleDeviceState::download(std::span<std::uint32_t>, std::span<std::uint32_t>,
                                   std::span<std::uint32_t>) const {
    throw InfeasibleError(probe().reason);
}

}  // namespace dimerlab::gpu
