#include "dimerlab_gpu/live_check_backend.hpp"

#include <utility>

#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"

namespace dimerlab::gpu {

std::optional<verify::DeviceBackend> live_check_backend(std::string& reason) {
    const DeviceInfo info = probe();
    if (!info.available) {
        reason = info.compiled ? "no usable GPU: " + info.reason : "this build has no CUDA code";
        return std::nullopt;
    }
    verify::DeviceBackend d;
    d.where = "cuda: " + info.name;
    d.make = [](const Graph& g, Dynamics dynamics, std::uint64_t seed, LambdaRecord record, MateArray start,
                double block_sweeps) {
        return make_cuda_sampler(g, dynamics, seed, std::move(record), std::move(start), block_sweeps);
    };
    return d;
}

}  // namespace dimerlab::gpu
