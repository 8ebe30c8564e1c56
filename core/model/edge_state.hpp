#pragma once
// The per-instance edge-state bytes the viewport draws (app SceneGeometry::edge_states): one byte
// per drawn instance, 1 when the instance's edge is a dimer. An edge may be drawn as several
// instances (a torus wrap edge is two stubs), so the layout is instance -> edge -> state. Shared
// by the CPU path and the CUDA–OpenGL interop kernel (gpu/src/gl_interop.cu), so both fill the
// vertex buffer with the very same bytes. The reads themselves are the C bodies of
// bodies/edge_state_body.h, which Frama-C WP proves (claim ES-WP); these are their typed wrappers,
// in the access hooks' inline namespace (bodies/access_hooks.h).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bodies/edge_state_body.h"
#include "graph/graph.hpp"
#include "util/host_device.hpp"

namespace dimerlab {
inline namespace DL_CXX_VARIANT {

// 1 when e is a dimer of `mate` (num_vertices entries), the rule SceneGeometry applies; an
// endpoint outside mate reads as "not a dimer".
DIMERLAB_HD inline std::uint8_t edge_state_from_mate(const std::uint32_t* mate, std::uint32_t num_vertices,
                                                     Edge e) {
    return dl_edge_state_from_mate(mate, num_vertices, e.u, e.v);
}

// Instance i's byte from the matching.
DIMERLAB_HD inline std::uint8_t instance_state_from_mate(const std::uint32_t* mate,
                                                         std::uint32_t num_vertices, const Edge* edges,
                                                         const EdgeId* instance_edge, std::size_t i) {
    return edge_state_from_mate(mate, num_vertices, edges[instance_edge[i]]);
}

// Instance i's byte from per-edge occupancy (1 = dimer), the form a device-resident sampler keeps
// (JacobiDeviceState::device_occupancy); equal to the above whenever occupancy and mate describe
// the same matching.
DIMERLAB_HD inline std::uint8_t instance_state_from_occupancy(const std::uint8_t* occupied,
                                                              const EdgeId* instance_edge, std::size_t i) {
    return dl_edge_state_from_occupancy(occupied, instance_edge[i]);
}

// The CPU loop: out[i] for every instance.
inline void instance_states_from_mate(const Graph& g, std::span<const EdgeId> instance_edge,
                                      std::span<const std::uint32_t> mate, std::vector<std::uint8_t>& out) {
    out.resize(instance_edge.size());
    const auto n = static_cast<std::uint32_t>(mate.size());
    for (std::size_t i = 0; i < instance_edge.size(); ++i)
        out[i] = instance_state_from_mate(mate.data(), n, g.edges().data(), instance_edge.data(), i);
}

}  // namespace DL_CXX_VARIANT
}  // namespace dimerlab
