#pragma once
#include <cstdint>

#include "bodies/no_mate.h"

namespace dimerlab {
// A matching is stored as one mate per vertex; kNoMate marks a monomer. Kept in a header with no
// host-only dependencies so that device code can include it; the value lives in the C header the
// proved bodies read.
inline constexpr std::uint32_t kNoMate = DL_NO_MATE;
}  // namespace dimerlab
