#pragma once
#include <cmath>
#include <cstdint>

namespace dimerlab {

// Streaming mean and variance of a series (Welford): one pass, no stored samples, and no
// catastrophic cancellation when the mean is large compared with the spread (e.g. |M| on big
// graphs).
class RunningStats {
  public:
    void add(double x) {
        ++count_;
        const double d = x - mean_;
        mean_ += d / static_cast<double>(count_);
        m2_ += d * (x - mean_);
    }
    std::uint64_t count() const { return count_; }
    double mean() const { return mean_; }
    // Sample variance (n - 1 denominator); 0 with fewer than two values.
    double variance() const { return count_ > 1 ? m2_ / static_cast<double>(count_ - 1) : 0.0; }
    double stddev() const { return std::sqrt(variance()); }
    // Standard error of the mean assuming independent values (no autocorrelation correction).
    double naive_standard_error() const {
        return count_ > 0 ? std::sqrt(variance() / static_cast<double>(count_)) : 0.0;
    }

  private:
    std::uint64_t count_ = 0;
    double mean_ = 0;
    double m2_ = 0;
};

}  // namespace dimerlab
