#include "diagnostics/series_monitor.hpp"

#include <algorithm>
#include <stdexcept>

namespace dimerlab {

SeriesMonitor::SeriesMonitor(std::size_t capacity) : ring_(capacity) {
    if (capacity < 2) throw std::invalid_argument("SeriesMonitor needs a capacity of at least 2");
}

void SeriesMonitor::add(double x) {
    ring_[next_] = x;
    next_ = (next_ + 1) % ring_.size();
    filled_ = std::min(filled_ + 1, ring_.size());
    ++total_;
}

void SeriesMonitor::clear() {
    next_ = 0;
    filled_ = 0;
    total_ = 0;
}

std::vector<double> SeriesMonitor::values() const {
    std::vector<double> out;
    out.reserve(filled_);
    const std::size_t start = filled_ < ring_.size() ? 0 : next_;
    for (std::size_t i = 0; i < filled_; ++i) out.push_back(ring_[(start + i) % ring_.size()]);
    return out;
}

TauEstimate SeriesMonitor::estimate(double c) const {
    const std::vector<double> v = values();
    return integrated_autocorrelation(std::span<const double>(v), c);
}

}  // namespace dimerlab
