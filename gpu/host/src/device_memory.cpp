#include "device_memory.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "cuda_on_host/runtime_api.hpp"

namespace cuda_on_host {
namespace {

constexpr std::size_t kAlignment = 256;
constexpr unsigned char kUninitialisedByte = 0xA5;

struct Registry {
    std::mutex mutex;
    std::map<std::uintptr_t, std::size_t> extents;  // start -> bytes
};

Registry& registry() {
    static Registry r;
    return r;
}

// The allocation holding address a (one past the end counts, as for an empty tail range).
bool find_extent(std::uintptr_t a, std::uintptr_t& start, std::size_t& bytes) {
    Registry& r = registry();
    auto it = r.extents.upper_bound(a);
    if (it == r.extents.begin()) return false;
    --it;
    if (a > it->first + it->second) return false;
    start = it->first;
    bytes = it->second;
    return true;
}

}  // namespace

void* device_allocate(std::size_t bytes) {
    const std::size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
    void* p = std::aligned_alloc(kAlignment, rounded == 0 ? kAlignment : rounded);
    if (p == nullptr) return nullptr;
    std::memset(p, kUninitialisedByte, rounded == 0 ? kAlignment : rounded);
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.extents[reinterpret_cast<std::uintptr_t>(p)] = bytes;
    return p;
}

bool device_release(void* p) {
    Registry& r = registry();
    {
        const std::lock_guard lock(r.mutex);
        if (r.extents.erase(reinterpret_cast<std::uintptr_t>(p)) == 0) return false;
    }
    std::free(p);
    return true;
}

bool is_device_range(const void* p, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const std::lock_guard lock(registry().mutex);
    std::uintptr_t start = 0;
    std::size_t extent = 0;
    if (!find_extent(a, start, extent)) return false;
    return bytes <= extent - (a - start);
}

bool device_allocation_of(const void* p, std::uintptr_t& start, std::size_t& bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const std::lock_guard lock(registry().mutex);
    return find_extent(a, start, bytes) && a < start + bytes;
}

bool is_device_pointer(const void* p) {
    return is_device_range(p, 0);
}

bool overlaps_device_memory(const void* p, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t end = a + std::max<std::size_t>(bytes, 1);
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    // The last allocation starting before `end` is the only one that can reach into [a, end).
    auto it = r.extents.lower_bound(end);
    if (it == r.extents.begin()) return false;
    --it;
    return it->first + std::max<std::size_t>(it->second, 1) > a;
}

}  // namespace cuda_on_host
