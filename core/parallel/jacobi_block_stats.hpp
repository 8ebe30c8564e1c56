#pragma once
// Per-block statistics of Algorithm A, shared by the CPU solver and the CUDA twin (kept free of
// host-only headers so that .cu files can include it).
#include <cstdint>

namespace dimerlab {

// What one block cost. rounds equals the depth oracle R* and work equals its sum of R(t)
// (parallel/depth_oracle.hpp): every round evaluates exactly the still-undetermined updates.
struct JacobiBlockStats {
    std::uint64_t updates = 0;          // B, tape updates in the block
    std::uint64_t live = 0;             // updates whose coin said "occupied" (the rest are known 0)
    std::uint32_t virtual_updates = 0;  // |M_0|: virtual time-0 updates for the start matching
    std::uint32_t rounds = 0;           // Jacobi rounds until no update was undetermined
    std::uint64_t work = 0;             // sum over rounds of the undetermined updates evaluated
    std::int64_t dimer_change = 0;      // |M_T| - |M_0|
};

// Largest block: events are indexed by 32-bit integers (two per slot).
inline constexpr std::uint64_t kMaxJacobiBlock = 1ull << 30;

}  // namespace dimerlab
