#pragma once
#include <cstdint>

namespace dimerlab {
// A matching is stored as one mate per vertex; kNoMate marks a monomer. Kept in a header with no
// host-only dependencies so that device code can include it.
inline constexpr std::uint32_t kNoMate = 0xffffffffu;
}  // namespace dimerlab
