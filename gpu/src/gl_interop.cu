/** @file gl_interop.cu
 *  @brief The viewport's edge-state bytes written on the device: a grid-stride loop over the
 *  instances calling core/model/edge_state.hpp (the CPU path's function), into plain device
 *  memory or into a GL buffer object mapped through CUDA–OpenGL interop. */
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "cuda_support.cuh"
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/gl_interop.hpp"
#include "model/edge_state.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

__global__ void states_from_mate_kernel(const std::uint32_t* __restrict__ mate, std::uint32_t num_vertices,
                                        const Edge* __restrict__ edges,
                                        const EdgeId* __restrict__ instance_edge, std::uint64_t instances,
                                        std::uint8_t* __restrict__ out) {
    DIMERLAB_GRID_STRIDE(i, instances)
    out[i] = instance_state_from_mate(mate, num_vertices, edges, instance_edge, i);
}

__global__ void states_from_occupancy_kernel(const std::uint8_t* __restrict__ occupied,
                                             const EdgeId* __restrict__ instance_edge,
                                             std::uint64_t instances, std::uint8_t* __restrict__ out) {
    DIMERLAB_GRID_STRIDE(i, instances) out[i] = instance_state_from_occupancy(occupied, instance_edge, i);
}

void require_device() {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
}

}  // namespace

InteropStatus gl_interop_status() {
    const DeviceInfo info = probe();
    return {info.available, info.available ? std::string() : info.reason};
}

struct EdgeStateKernel::Impl {
    std::uint32_t n = 0, m = 0;
    std::size_t instances = 0;
    DeviceBuffer<Edge> edges;
    DeviceBuffer<EdgeId> instance_edge;
};

EdgeStateKernel::EdgeStateKernel(const Graph& graph, std::span<const EdgeId> instance_edge)
    : impl_(std::make_unique<Impl>()) {
    require_device();
    Impl& d = *impl_;
    d.n = graph.num_vertices();
    d.m = graph.num_edges();
    d.instances = instance_edge.size();
    for (EdgeId e : instance_edge) {
        if (e >= d.m) throw InfeasibleError("edge-state kernel: an instance names an edge outside the graph");
    }
    d.edges.allocate(d.m);
    d.instance_edge.allocate(d.instances);
    check(cudaMemcpy(d.edges.ptr, graph.edges().data(), d.m * sizeof(Edge), cudaMemcpyHostToDevice),
          "copy edges");
    check(cudaMemcpy(d.instance_edge.ptr, instance_edge.data(), d.instances * sizeof(EdgeId),
                     cudaMemcpyHostToDevice),
          "copy instance edges");
}

EdgeStateKernel::~EdgeStateKernel() = default;

std::size_t EdgeStateKernel::instances() const {
    return impl_->instances;
}

void EdgeStateKernel::write_from_mate(const std::uint32_t* device_mate, std::uint8_t* device_out) const {
    const Impl& d = *impl_;
    if (d.instances == 0) return;
    DIMERLAB_LAUNCH(states_from_mate_kernel, grid_for(d.instances), kStrideThreads)
    (device_mate, d.n, d.edges.ptr, d.instance_edge.ptr, d.instances, device_out);
    check(cudaGetLastError(), "edge-state kernel");
}

void EdgeStateKernel::write_from_occupancy(const std::uint8_t* device_occupancy,
                                           std::uint8_t* device_out) const {
    const Impl& d = *impl_;
    if (d.instances == 0) return;
    DIMERLAB_LAUNCH(states_from_occupancy_kernel, grid_for(d.instances), kStrideThreads)
    (device_occupancy, d.instance_edge.ptr, d.instances, device_out);
    check(cudaGetLastError(), "edge-state kernel");
}

std::vector<std::uint8_t> EdgeStateKernel::states_from_host_mate(std::span<const std::uint32_t> mate) const {
    const Impl& d = *impl_;
    if (mate.size() != d.n) throw InfeasibleError("edge-state kernel: mate size does not match the graph");
    DeviceBuffer<std::uint32_t> d_mate(d.n);
    DeviceBuffer<std::uint8_t> d_out(d.instances);
    check(cudaMemcpy(d_mate.ptr, mate.data(), d.n * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "copy mate");
    write_from_mate(d_mate.ptr, d_out.ptr);
    std::vector<std::uint8_t> out(d.instances);
    check(cudaMemcpy(out.data(), d_out.ptr, d.instances, cudaMemcpyDeviceToHost), "copy states back");
    return out;
}

std::vector<std::uint8_t> EdgeStateKernel::states_from_device_occupancy(
    const std::uint8_t* device_occupancy) const {
    const Impl& d = *impl_;
    DeviceBuffer<std::uint8_t> d_out(d.instances);
    write_from_occupancy(device_occupancy, d_out.ptr);
    std::vector<std::uint8_t> out(d.instances);
    check(cudaMemcpy(out.data(), d_out.ptr, d.instances, cudaMemcpyDeviceToHost), "copy states back");
    return out;
}

struct GlEdgeStateBuffer::Impl {
    EdgeStateKernel kernel;
    cudaGraphicsResource_t resource = nullptr;

    Impl(const Graph& graph, std::span<const EdgeId> instance_edge) : kernel(graph, instance_edge) {}
    ~Impl() {
        if (resource != nullptr) cudaGraphicsUnregisterResource(resource);
    }

    // Maps the buffer for the duration of `write`, unmapping on every path.
    template <class Write>
    void mapped(Write&& write) {
        check(cudaGraphicsMapResources(1, &resource, 0), "map GL buffer");
        try {
            void* ptr = nullptr;
            std::size_t bytes = 0;
            check(cudaGraphicsResourceGetMappedPointer(&ptr, &bytes, resource), "mapped pointer");
            if (bytes < kernel.instances())
                throw InfeasibleError("GL edge-state buffer is smaller than the instances");
            write(static_cast<std::uint8_t*>(ptr));
        } catch (...) {
            cudaGraphicsUnmapResources(1, &resource, 0);
            throw;
        }
        check(cudaGraphicsUnmapResources(1, &resource, 0), "unmap GL buffer");
    }
};

GlEdgeStateBuffer::GlEdgeStateBuffer(unsigned gl_buffer, const Graph& graph,
                                     std::span<const EdgeId> instance_edge)
    : impl_(std::make_unique<Impl>(graph, instance_edge)) {
    check(cudaGraphicsGLRegisterBuffer(&impl_->resource, gl_buffer, cudaGraphicsRegisterFlagsWriteDiscard),
          "register GL buffer");
}

GlEdgeStateBuffer::~GlEdgeStateBuffer() = default;

void GlEdgeStateBuffer::write_from_occupancy(const std::uint8_t* device_occupancy) {
    impl_->mapped([&](std::uint8_t* out) { impl_->kernel.write_from_occupancy(device_occupancy, out); });
}

void GlEdgeStateBuffer::write_from_mate(const std::uint32_t* device_mate) {
    impl_->mapped([&](std::uint8_t* out) { impl_->kernel.write_from_mate(device_mate, out); });
}

}  // namespace dimerlab::gpu
