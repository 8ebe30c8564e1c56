#pragma once
// The HUD line of the cftp dynamics: each frame shows an exact sample, and the time the coupled
// chains from the past needed to meet is what a lecture on coupling from the past points at.
#include <QString>
#include <cstdint>
#include <optional>

namespace dimerlab::app {

// Empty when the chain is not cftp (no value); before the first sample (0 sweeps) it says so.
QString exact_sample_text(std::optional<std::uint64_t> coalescence_sweeps);

}  // namespace dimerlab::app
