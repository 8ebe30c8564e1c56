#include "access_shadow.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <unordered_map>
#include <vector>

#include "device_memory.hpp"

namespace cuda_on_host::shadow {
namespace {

constexpr std::uint32_t kNone = ~std::uint32_t{0};
constexpr std::size_t kReportedPerLaunch = 4;

// Per byte of device memory: the launch it was last touched in (older cells count as untouched,
// so nothing is cleared between launches), the grid thread that wrote it, and the one that read
// it (or many_readers). Grid threads are numbered below 2^32 - 1 in the checks that use this.
struct Cell {
    std::uint32_t launch = 0;
    std::uint32_t writer = kNone;
    std::uint32_t reader = kNone;
    bool many_readers = false;
};

struct Recorder {
    bool recording = false;
    std::uint32_t launch = 0;
    const char* kernel = "";
    std::uint32_t thread = 0;
    std::uint64_t races = 0;
    std::vector<std::string> reports;
    // One shadow per allocation, by its start; kept across launches.
    std::unordered_map<std::uintptr_t, std::vector<Cell>> shadows;
    // The allocation of the last access: most accesses fall in the same array as the one before.
    std::uintptr_t start = 0;
    std::size_t bytes = 0;
    Cell* cells = nullptr;
};

thread_local Recorder t_recorder;

void report(Recorder& r, std::uintptr_t a, std::uint32_t other, bool other_writes, bool writes) {
    ++r.races;
    if (r.reports.size() >= kReportedPerLaunch) return;
    const std::string who = other == kNone ? "another grid thread" : "grid thread " + std::to_string(other);
    r.reports.push_back("race in kernel " + std::string(r.kernel) + ": byte " + std::to_string(a - r.start) +
                        " of a " + std::to_string(r.bytes) + "-byte allocation " +
                        (other_writes ? "written" : "read") + " by " + who + " and " +
                        (writes ? "written" : "read") + " by grid thread " + std::to_string(r.thread));
}

// Points r at the shadow of the allocation holding [a, a + size); false outside device memory.
bool select_allocation(Recorder& r, std::uintptr_t a, std::size_t size) {
    if (r.cells != nullptr && a >= r.start && a + size <= r.start + r.bytes) return true;
    std::uintptr_t start = 0;
    std::size_t bytes = 0;
    if (!device_allocation_of(reinterpret_cast<const void*>(a), start, bytes) || a + size > start + bytes) {
        r.cells = nullptr;
        return false;  // the stack, or host memory: not shared between grid threads
    }
    std::vector<Cell>& shadow = r.shadows[start];
    if (shadow.size() != bytes) shadow.assign(bytes, Cell{});  // a new allocation at this address
    r.start = start;
    r.bytes = bytes;
    r.cells = shadow.data();
    return true;
}

void access(const void* p, std::size_t size, bool writes) {
    Recorder& r = t_recorder;
    if (!r.recording) return;
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (!select_allocation(r, a, size)) return;
    // One report per conflicting access (at its first conflicting byte), not one per byte.
    bool reported = false;
    for (std::uintptr_t b = a; b < a + size; ++b) {
        Cell& c = r.cells[b - r.start];
        if (c.launch != r.launch) c = Cell{r.launch, kNone, kNone, false};
        if (!reported && c.writer != kNone && c.writer != r.thread) {
            report(r, b, c.writer, true, writes);
            reported = true;
        } else if (!reported && writes && (c.many_readers || (c.reader != kNone && c.reader != r.thread))) {
            report(r, b, c.reader != r.thread ? c.reader : kNone, false, true);
            reported = true;
        }
        if (writes) {
            c.writer = r.thread;
        } else if (c.reader == kNone) {
            c.reader = r.thread;
        } else if (c.reader != r.thread) {
            c.many_readers = true;
        }
    }
}

}  // namespace

void begin_launch(const char* kernel) {
    Recorder& r = t_recorder;
    r.recording = true;
    r.kernel = kernel;
    r.races = 0;
    r.reports.clear();
    r.cells = nullptr;  // allocations may have been freed and reused since the last launch
    // Shadows of freed allocations go, so the shadow stays in proportion to live device memory.
    for (auto it = r.shadows.begin(); it != r.shadows.end();) {
        std::uintptr_t start = 0;
        std::size_t bytes = 0;
        const bool live = device_allocation_of(reinterpret_cast<const void*>(it->first), start, bytes) &&
                          start == it->first && bytes == it->second.size();
        it = live ? std::next(it) : r.shadows.erase(it);
    }
    if (++r.launch == 0) {  // after 2^32 launches, old stamps could look current: start afresh
        r.shadows.clear();
        r.launch = 1;
    }
}

void begin_thread(std::uint64_t thread) {
    t_recorder.thread = thread < kNone ? static_cast<std::uint32_t>(thread) : kNone - 1;
}

std::vector<std::string> end_launch() {
    Recorder& r = t_recorder;
    r.recording = false;
    std::vector<std::string> out = std::move(r.reports);
    r.reports.clear();
    if (r.races > out.size())
        out.push_back("race in kernel " + std::string(r.kernel) + ": " +
                      std::to_string(r.races - out.size()) + " more conflicting accesses in this launch");
    return out;
}

}  // namespace cuda_on_host::shadow

// The callbacks of clang's -fsanitize-coverage=trace-loads,trace-stores, called before every
// load and store of the instrumented translation units (the kernel sources).
#define CUDA_ON_HOST_SHADOW_CALLBACKS(bits, type)             \
    extern "C" void __sanitizer_cov_load##bits(type* p) {     \
        cuda_on_host::shadow::access(p, sizeof(type), false); \
    }                                                         \
    extern "C" void __sanitizer_cov_store##bits(type* p) {    \
        cuda_on_host::shadow::access(p, sizeof(type), true);  \
    }
CUDA_ON_HOST_SHADOW_CALLBACKS(1, std::uint8_t)
CUDA_ON_HOST_SHADOW_CALLBACKS(2, std::uint16_t)
CUDA_ON_HOST_SHADOW_CALLBACKS(4, std::uint32_t)
CUDA_ON_HOST_SHADOW_CALLBACKS(8, std::uint64_t)
CUDA_ON_HOST_SHADOW_CALLBACKS(16, __int128)
