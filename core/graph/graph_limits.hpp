#pragma once
#include <cstdint>
#include <string>

#include "util/errors.hpp"

namespace dimerlab {

// A graph whose projected memory passes the machine's share or the given limit, refused before
// anything is allocated for it. It is bad input to every caller that handles InputError (the app,
// the fuzzers); the CLI exits 3 for it, since the request is well formed, only too large here.
class MemoryLimitError : public InputError {
  public:
    using InputError::InputError;
};

// Size limits shared by the families and the file readers. Sizes arrive as long double so that
// products like grid:4000000000x4000000000 are judged, not wrapped: x86 long double holds every
// integer below 2^64 exactly, which covers every size that can pass these checks.

// The most vertices and edges a Graph can hold (32-bit ids; CSR offsets count both directions).
inline constexpr std::uint64_t kMaxVertices = 0xffffffffull;
inline constexpr std::uint64_t kMaxEdges = 0x7fffffffull;

// Bytes of this machine's physical memory (0 when unknown).
std::uint64_t physical_memory_bytes();

// Bytes the kernel says it can hand out now without swapping (MemAvailable in /proc/meminfo; 0
// when unknown).
std::uint64_t available_memory_bytes();

// The most one graph (with what works on it) may take: half of physical memory, and never more than
// is available now. `limit` 0: no limit known. `words` says why, for error messages ("this machine
// has 24 GB and one graph may use at most half of it").
struct MemoryShare {
    std::uint64_t limit = 0;
    std::string words;
};
MemoryShare memory_share(std::uint64_t physical_bytes, std::uint64_t available_bytes);
// memory_share of this machine, now.
MemoryShare machine_memory_share();

// "1.4 TB", "24 GB", "512 B": decimal units, two significant digits at most.
std::string format_bytes(long double bytes);

// Throws MemoryLimitError (an InputError) naming `what` when a graph of n vertices and m edges (plus
// `extra_bytes` of scratch the builder needs) would not fit in max_bytes (0: machine_memory_share),
// or when n or m is beyond the 32-bit limits.
void check_graph_size(const std::string& what, long double n, long double m, std::uint64_t max_bytes,
                      long double extra_bytes = 0);

// The estimate behind graph_memory_bytes, without saturation.
long double graph_memory_estimate(long double n, long double m);

}  // namespace dimerlab
