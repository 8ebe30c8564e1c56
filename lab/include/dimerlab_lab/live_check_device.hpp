#pragma once
// The CUDA side of the live differential check (verify/live_check.hpp) behind the Verification
// panel's "Check now" and `dimerlab-cli verify --live`. Its samplers come from the one factory
// with WhenUnavailable::refuse: a differential check must test the backend it names, so a CUDA
// chain that cannot run is an error in the report, never a silent fall-back to the CPU.
#include <optional>
#include <string>

#include "verify/live_check.hpp"

namespace dimerlab {

// The CUDA backend when a device answers; otherwise nullopt, with `reason` saying why (no usable
// GPU, or a build without CUDA code).
std::optional<verify::DeviceBackend> live_check_device(std::string& reason);

}  // namespace dimerlab
