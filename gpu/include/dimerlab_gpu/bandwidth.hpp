#pragma once
// Device-to-device copy bandwidth, measured in the same process as the benchmarks so that
// "fraction of copy bandwidth" compares numbers from one device, one driver and one clock state.
#include <cstdint>
#include <string>

namespace dimerlab::gpu {

struct CopyBandwidth {
    bool ok = false;
    std::string error;             // why not ok, one line
    std::uint64_t bytes = 0;       // size of one buffer; each copy reads and writes this many bytes
    int repeats = 0;               // timed copies per method (after one untimed warm-up)
    double memcpy_gbps = 0;        // cudaMemcpy DeviceToDevice, best repeat, (read + write) bytes / s / 1e9
    double kernel_gbps = 0;        // a grid-stride 16-byte copy kernel, same convention
    double memcpy_ms = 0;          // best repeat, milliseconds
    double kernel_ms = 0;          //
    bool kernel_verified = false;  // the kernel's destination equals the source pattern, word by word
};

// Never throws: no device, a failed allocation or a failed launch give ok = false with the reason.
// `bytes` is rounded down to a multiple of 16.
CopyBandwidth measure_copy_bandwidth(std::uint64_t bytes, int repeats);

}  // namespace dimerlab::gpu
