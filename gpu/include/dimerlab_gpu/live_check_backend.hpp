#pragma once
// The CUDA backend of core's live differential check (core/verify/live_check.hpp), for the
// Verification panel's "Check now" and `dimerlab-cli verify --live`. Declared in both builds.
#include <optional>
#include <string>

#include "verify/live_check.hpp"

namespace dimerlab::gpu {

// The CUDA samplers when a device answers; otherwise nullopt, with `reason` saying why (no usable
// GPU, or a build without CUDA code).
std::optional<verify::DeviceBackend> live_check_backend(std::string& reason);

}  // namespace dimerlab::gpu
