#pragma once
// Where the viewport may read the edge states of a running chain on the device, for the CUDA–GL
// interop path (dimerlab_gpu/gl_interop.hpp): the cuda Jacobi sampler's per-edge occupancy.
//
// Ownership: `owner` holds the sampler that owns the device memory, so the pointer is valid for
// as long as this value exists, whatever the sampler thread does meanwhile (reset, a new graph, a
// backend switch): the chain is freed only when its last snapshot is. The sampler thread builds
// it (SamplerWorker::publish), the GL thread only reads the device bytes through a kernel on the
// legacy default stream, which runs between whole kernels of the chain, so it always sees a block
// boundary's matching (gl_interop.hpp). That matching may be newer than the snapshot's host mate
// while the chain runs; the two agree whenever the chain is paused.
#include <cstdint>
#include <memory>
#include <string>

#include "sampling/sampler.hpp"

namespace dimerlab::render {

struct DeviceEdgeStates {
    std::shared_ptr<const Sampler> owner;     // keeps `occupancy` alive; null when there is none
    const std::uint8_t* occupancy = nullptr;  // num_edges bytes on the device
    std::uint32_t num_edges = 0;
    std::string why_not;  // when occupancy is null: why this chain has none, one line

    bool available() const { return occupancy != nullptr; }
};

// The device occupancy of `sampler` when it is the cuda Jacobi sampler; otherwise none, with the
// reason ("the cpu backend keeps its chain in host memory").
DeviceEdgeStates device_edge_states(const std::shared_ptr<const Sampler>& sampler);

}  // namespace dimerlab::render
