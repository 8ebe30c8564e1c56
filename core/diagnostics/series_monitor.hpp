#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "diagnostics/integrated_autocorrelation.hpp"

namespace dimerlab {

// Bounded-memory τ_int of one live series (one value per sweep, added by the app's worker
// thread). Keeps the most recent `capacity` values in a ring: a live panel asks "how correlated
// is the chain now", and after a λ change only recent values describe the current chain.
// estimate() recomputes from the ring on demand (O(capacity log capacity) with FFTW), so callers
// choose how often to pay for it (e.g. once a second), not once per sweep.
class SeriesMonitor {
  public:
    explicit SeriesMonitor(std::size_t capacity = std::size_t{1} << 16);

    void add(double x);
    void clear();

    std::uint64_t total_added() const { return total_; }
    std::size_t size() const { return filled_; }
    std::size_t capacity() const { return ring_.size(); }
    // The retained values, oldest first.
    std::vector<double> values() const;
    // τ_int over the retained values; not reliable when τ approaches capacity / 50.
    TauEstimate estimate(double c = 5.0) const;

  private:
    std::vector<double> ring_;
    std::size_t next_ = 0;
    std::size_t filled_ = 0;
    std::uint64_t total_ = 0;
};

}  // namespace dimerlab
