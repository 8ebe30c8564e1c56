#include "counting_malloc.hpp"

#include <malloc.h>

#include <atomic>

// glibc's own entry points, which its malloc, free and the rest forward to.
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void __libc_free(void* p);
}

namespace {

std::atomic<long long> live{0};
std::atomic<long long> base{0};
std::atomic<long long> peak{0};

void note_alloc(void* p) {
    if (p == nullptr) return;
    const long long now = live += static_cast<long long>(malloc_usable_size(p));
    long long seen = peak.load(std::memory_order_relaxed);
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
}

void note_free(void* p) {
    if (p != nullptr) live -= static_cast<long long>(malloc_usable_size(p));
}

}  // namespace

extern "C" {

void* malloc(std::size_t size) {
    void* p = __libc_malloc(size);
    note_alloc(p);
    return p;
}

void* calloc(std::size_t count, std::size_t size) {
    void* p = __libc_calloc(count, size);
    note_alloc(p);
    return p;
}

void* realloc(void* old, std::size_t size) {
    note_free(old);
    void* p = __libc_realloc(old, size);
    // A failed realloc keeps the old block.
    note_alloc(p != nullptr || size == 0 ? p : old);
    return p;
}

void* memalign(std::size_t alignment, std::size_t size) {
    void* p = __libc_memalign(alignment, size);
    note_alloc(p);
    return p;
}

void* aligned_alloc(std::size_t alignment, std::size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
    void* p = memalign(alignment, size);
    if (p == nullptr) return 12;  // ENOMEM
    *out = p;
    return 0;
}

void free(void* p) {
    note_free(p);
    __libc_free(p);
}

}  // extern "C"

namespace dimerlab::testing {

void reset_allocation_peak() {
    base = live.load();
    peak = base.load();
}

std::size_t allocation_peak() {
    return static_cast<std::size_t>(peak.load() - base.load());
}

}  // namespace dimerlab::testing
