/** @file device_memory.hpp
 *  @brief The registry of "device" allocations: host blocks handed out by cudaMalloc, known by
 *  their extents so that copies, memsets and kernel arguments can be checked against them. */
#pragma once
#include <cstddef>
#include <cstdint>

namespace cuda_on_host {

// 256-byte aligned, as cudaMalloc guarantees, and filled with a non-zero byte pattern: device
// memory starts uninitialised, and code that reads it before writing must not see zeros.
void* device_allocate(std::size_t bytes);
// False when p is not the start of a live allocation.
bool device_release(void* p);
// The live allocation holding the byte at p (start and size); false when p is in none.
bool device_allocation_of(const void* p, std::uintptr_t& start, std::size_t& bytes);

}  // namespace cuda_on_host
