// Built when nvcc was not found at configure time.
#include "dimerlab_gpu/bandwidth.hpp"
#include "dimerlab_gpu/device.hpp"

namespace dimerlab::gpu {

CopyBandwidth measure_copy_bandwidth(std::uint64_t bytes, int repeats) {
    CopyBandwidth r;
    r.bytes = bytes;
    r.repeats = repeats;
    r.error = probe().reason;
    return r;
}

}  // namespace dimerlab::gpu
