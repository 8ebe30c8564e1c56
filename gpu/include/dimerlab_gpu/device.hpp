#pragma once
// The CUDA side of dimerlab as seen from host code: a probe and device entry points. Compiled
// from CUDA sources when nvcc was found at configure time, from a stub otherwise; callers never
// need an #ifdef.
#include <cstdint>
#include <string>

#include "graph/graph.hpp"
#include "model/matching.hpp"

namespace dimerlab::gpu {

struct DeviceInfo {
    bool compiled = false;   // this binary contains CUDA code
    bool available = false;  // a usable device was found at run time
    std::string reason;      // why not available, one line, when !available
    std::string name;
    int compute_major = 0, compute_minor = 0;
    std::uint64_t memory_bytes = 0;
    int driver_version = 0, runtime_version = 0;
};

// Never throws and never aborts: no driver, no device or a broken runtime give available=false
// with the reason.
DeviceInfo probe();

// Applies updates [t_begin, t_begin + count) of the heat-bath tape to `mate`, on the device, in
// order, with the same per-update function as the CPU reference (a one-thread kernel: the
// device reference that parallel kernels are later compared with). Throws InfeasibleError
// when no device is available.
void heat_bath_on_device(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, MateArray& mate);

}  // namespace dimerlab::gpu
