#pragma once
// A counting allocator for memory tests: every malloc-family call of the process (operator new,
// igraph's own allocations, Qt's) goes through these wrappers around glibc's, which keep the bytes
// currently allocated and the peak since the last reset. Unlike the resident set size, the count
// is the same on every machine for the same program and input.
#include <cstddef>

namespace dimerlab::testing {

// Starts counting from zero: the peak becomes the bytes allocated after this call.
void reset_allocation_peak();
// The most bytes allocated at once, beyond those live at the last reset.
std::size_t allocation_peak();

}  // namespace dimerlab::testing
