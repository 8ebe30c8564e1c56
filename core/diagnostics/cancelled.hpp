#pragma once
#include <atomic>
#include <stdexcept>

namespace dimerlab {

// Thrown by the long diagnostics (mix report, exact TV curves, empirical TV) when the caller's
// cancel flag is set, so a worker thread can abandon a run the user no longer wants.
class DiagnosticsCancelled : public std::runtime_error {
  public:
    DiagnosticsCancelled() : std::runtime_error("mixing diagnostics cancelled") {}
};

inline void throw_if_cancelled(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw DiagnosticsCancelled();
}

}  // namespace dimerlab
