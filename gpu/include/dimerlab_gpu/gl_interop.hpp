#pragma once
// CUDA–OpenGL interop hook for the viewport: fill its per-instance edge-state vertex buffer
// straight from a device-resident sampler, with no round trip through host memory. The bytes are
// those of the CPU path (core/model/edge_state.hpp, the function SceneGeometry's rule is). Declared
// in both builds: without CUDA support, or without a device, gl_interop_status() says
// "unavailable" with the reason and the constructors throw InfeasibleError, so the caller keeps
// its CPU path.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::gpu {

struct InteropStatus {
    bool available = false;
    std::string reason;  // why not, when unavailable
};

// CUDA built in and a device present. Registration can still fail (no current GL context, or a
// context on another GPU): the GlEdgeStateBuffer constructor reports that.
InteropStatus gl_interop_status();

// The edge-state kernel on the device: the graph's edges and the instance -> edge map (the
// viewport's instance_edge(), one entry per drawn instance) live on the device; write_* fill
// instance_edge.size() bytes of device memory.
class EdgeStateKernel {
  public:
    EdgeStateKernel(const Graph& graph, std::span<const EdgeId> instance_edge);
    ~EdgeStateKernel();
    EdgeStateKernel(const EdgeStateKernel&) = delete;
    EdgeStateKernel& operator=(const EdgeStateKernel&) = delete;

    std::size_t instances() const;
    // From a device matching (num_vertices words), or from device per-edge occupancy (num_edges
    // bytes, as JacobiDeviceState keeps it). Queued on the default stream, no wait.
    void write_from_mate(const std::uint32_t* device_mate, std::uint8_t* device_out) const;
    void write_from_occupancy(const std::uint8_t* device_occupancy, std::uint8_t* device_out) const;

    // Device checks without GL: the kernel into a plain device buffer, copied back.
    std::vector<std::uint8_t> states_from_host_mate(std::span<const std::uint32_t> mate) const;
    std::vector<std::uint8_t> states_from_device_occupancy(const std::uint8_t* device_occupancy) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A GL buffer object registered with CUDA (cudaGraphicsGLRegisterBuffer, write-discard: CUDA
// overwrites it whole, GL never needs the old contents back). Construct and use it on the thread
// whose GL context owns the buffer, with that context current.
class GlEdgeStateBuffer {
  public:
    // `gl_buffer`: the name (GLuint) of a buffer of at least instance_edge.size() bytes.
    GlEdgeStateBuffer(unsigned gl_buffer, const Graph& graph, std::span<const EdgeId> instance_edge);
    ~GlEdgeStateBuffer();  // unregisters
    GlEdgeStateBuffer(const GlEdgeStateBuffer&) = delete;
    GlEdgeStateBuffer& operator=(const GlEdgeStateBuffer&) = delete;

    // Map, run the kernel into the buffer, unmap: GL calls issued afterwards see the new bytes.
    // All launches go to the legacy default stream, so the kernel runs between whole kernels of a
    // sampler driven from another thread. Prefer occupancy (CudaJacobiSampler::device_occupancy):
    // one kernel rewrites it per block, so it always holds a block boundary's matching, whereas
    // the device mate is cleared and refilled in two steps.
    void write_from_occupancy(const std::uint8_t* device_occupancy);
    void write_from_mate(const std::uint32_t* device_mate);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dimerlab::gpu
