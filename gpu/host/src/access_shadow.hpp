/** @file access_shadow.hpp
 *  @brief Deterministic race detection for the CUDA-on-host layer (docs/cuda-on-host.md). In a
 *  build whose kernel sources are compiled with clang's load and store tracing
 *  (-fsanitize-coverage=trace-loads,trace-stores; DIMERLAB_ACCESS_SHADOW), every load and store
 *  of kernel code reaches this shadow. While a launch is recorded, each access to device memory
 *  is logged per byte with the grid thread that made it; two threads touching one byte, one of
 *  them writing, is a race, reported by kernel name, allocation and byte. Unlike ThreadSanitizer,
 *  which sees a race only when two OS threads happen to overlap, this sees every pair in the
 *  launch, every time. Atomic read-modify-writes are not loads or stores and are not logged. */
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cuda_on_host::shadow {

// Starts recording the launch on the calling OS thread; accesses from other OS threads and
// outside device memory are not logged.
void begin_launch(const char* kernel);
// The grid thread (linear id) whose accesses follow.
void begin_thread(std::uint64_t thread);
// Stops recording and returns one line per race found (at most a few per launch), empty when none.
std::vector<std::string> end_launch();

}  // namespace cuda_on_host::shadow
