#include "dimerlab_render/device_edge_states.hpp"

#include "dimerlab_gpu/cuda_sampler.hpp"

namespace dimerlab::render {

DeviceEdgeStates device_edge_states(const std::shared_ptr<const Sampler>& sampler) {
    DeviceEdgeStates out;
    if (!sampler) {
        out.why_not = "no chain";
        return out;
    }
    const auto* cuda = dynamic_cast<const gpu::CudaJacobiSampler*>(sampler.get());
    if (cuda == nullptr) {
        out.why_not = "the " + std::string(sampler->backend_name()) + " " +
                      std::string(dynamics_name(sampler->dynamics())) +
                      " chain keeps its matching in host memory";
        return out;
    }
    out.owner = sampler;
    out.occupancy = cuda->device_occupancy();
    out.num_edges = sampler->graph().num_edges();
    if (out.occupancy == nullptr) {
        out.owner.reset();
        out.why_not = "the cuda chain has no device occupancy";
    }
    return out;
}

}  // namespace dimerlab::render
