#include "dimerlab_lab/live_check_device.hpp"

#include <utility>

#include "dimerlab_lab/sampler_factory.hpp"

namespace dimerlab {

std::optional<verify::DeviceBackend> live_check_device(std::string& reason) {
    const CudaAvailability cuda = cuda_availability();
    if (!cuda.available) {
        reason = cuda.reason;
        return std::nullopt;
    }
    verify::DeviceBackend d;
    d.where = "cuda: " + cuda.device;
    d.make = [](const Graph& g, Dynamics dynamics, std::uint64_t seed, LambdaRecord record, MateArray start,
                double block_sweeps) {
        SamplerSpec spec;
        spec.dynamics = dynamics;
        spec.seed = seed;
        spec.record = std::move(record);
        spec.backend = Backend::cuda;
        spec.block_sweeps = block_sweeps;
        return make_sampler(g, spec, WhenUnavailable::refuse, std::move(start)).sampler;
    };
    return d;
}

}  // namespace dimerlab
