#pragma once
// What the sampler thread publishes after each block: everything the viewport and the status
// line show, and everything a session save needs, taken at one update index.
#include <cstdint>
#include <optional>
#include <vector>

#include "dimerlab_render/device_edge_states.hpp"
#include "model/lambda_record.hpp"

namespace dimerlab::app {

struct Snapshot {
    std::vector<std::uint32_t> mate;
    std::uint64_t time = 0;  // updates done
    std::uint32_t dimers = 0;
    double lambda = 1;
    LambdaRecord record{1.0};
    std::uint64_t state_hash = 0;
    bool running = false;
    std::uint64_t generation = 0;  // bumps on reset, so the view knows the chain restarted
    std::uint64_t serial = 0;      // publish count
    // cftp only: how many sweeps the last exact sample needed to coalesce (0 before the first).
    std::optional<std::uint64_t> coalescence_sweeps;
    // shuffle-steps only: the order of the tiling shown.
    std::optional<std::uint32_t> shuffle_step;
    // The chain's edge states on the device (cuda backend), for the viewport's CUDA–GL interop
    // path; holds the chain alive while the snapshot lives (device_edge_states.hpp).
    render::DeviceEdgeStates device_edges;
};

}  // namespace dimerlab::app
