#include "graph/graph_limits.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

namespace dimerlab {

long double graph_memory_estimate(long double n, long double m) {
    // Per vertex: CSR offset 4, layout 16, and 9 bytes of scratch (2-colouring, BFS queue, CSR
    // fill pointers) that are alive while the graph is built. Per edge: edge 8, CSR neighbour and
    // edge id 16, axis 1. On top of these, allocator rounding, a builder's own index (a reader's
    // file ids, a family's per-row ranges) and one vertex's sorted neighbour list while the CSR
    // is checked for repeats: the constants 40 and 32 bound every family's and reader's measured
    // peak (test_builder_memory, which counts every allocation at 10^5 vertices and more).
    return 40.0L * n + 32.0L * m + 64.0L;
}

std::uint64_t graph_memory_bytes(std::uint64_t n, std::uint64_t m) {
    const long double bytes = graph_memory_estimate(static_cast<long double>(n), static_cast<long double>(m));
    if (bytes >= 18446744073709551615.0L) return UINT64_MAX;
    return static_cast<std::uint64_t>(bytes);
}

std::uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page <= 0) return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

MemoryShare memory_share(std::uint64_t physical_bytes, std::uint64_t available_bytes) {
    // Half of physical memory: the samplers, the app and the OS need the rest. Less when less is
    // free now: past that the machine would swap, which looks like a hang.
    const std::uint64_t half = physical_bytes / 2;
    if (available_bytes != 0 && (half == 0 || available_bytes < half)) {
        return {available_bytes,
                "this machine has " + format_bytes(available_bytes) + " of memory available now" +
                    (physical_bytes != 0 ? " (of " + format_bytes(physical_bytes) + ")" : "") +
                    " and one graph may use at most that"};
    }
    if (half == 0) return {};
    return {half,
            "this machine has " + format_bytes(physical_bytes) + " and one graph may use at most half of it"};
}

MemoryShare machine_memory_share() {
    return memory_share(physical_memory_bytes(), available_memory_bytes());
}

std::string format_bytes(long double bytes) {
    static const char* const units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"};
    int u = 0;
    while (bytes >= 1000 && u < 8) {
        bytes /= 1000;
        ++u;
    }
    char buf[64];
    if (u == 8 && bytes >= 1000) return "more than 1000 YB";
    if (bytes < 10 && u > 0)
        std::snprintf(buf, sizeof buf, "%.1Lf %s", bytes, units[u]);
    else
        std::snprintf(buf, sizeof buf, "%.0Lf %s", bytes, units[u]);
    return buf;
}

namespace {

std::string count_text(long double x) {
    if (x < 1e19L) return std::to_string(static_cast<std::uint64_t>(x));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3Lg", x);
    return buf;
}

}  // namespace

void check_graph_size(const std::string& what, long double n, long double m, std::uint64_t max_bytes,
                      long double extra_bytes) {
    const long double need = graph_memory_estimate(n, m) + extra_bytes;
    const MemoryShare share = max_bytes != 0
                                  ? MemoryShare{max_bytes, "the memory limit is " + format_bytes(max_bytes)}
                                  : machine_memory_share();
    if (share.limit != 0 && need > static_cast<long double>(share.limit))
        throw MemoryLimitError(what + " needs about " + format_bytes(need) + " of memory; " + share.words);
    if (n > static_cast<long double>(kMaxVertices)) {
        throw InputError(what + " has " + count_text(n) + " vertices; dimerlab supports at most " +
                         std::to_string(kMaxVertices));
    }
    if (m > static_cast<long double>(kMaxEdges)) {
        throw InputError(what + " has " + count_text(m) + " edges; dimerlab supports at most " +
                         std::to_string(kMaxEdges));
    }
}

}  // namespace dimerlab
