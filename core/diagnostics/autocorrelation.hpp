#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace dimerlab {

// Autocovariance c(k) = (1/N) Σ_{t<N-k} (x_t - x̄)(x_{t+k} - x̄) for k = 0 .. max_lag (clamped to
// N - 1). The 1/N (not 1/(N-k)) normalisation keeps the sequence positive semidefinite, which
// the windowed and Geyer estimators rely on. Uses FFTW above a few hundred samples (O(N log N));
// a direct sum below, where planning would cost more than the sum.
std::vector<double> autocovariance(std::span<const double> series, std::size_t max_lag);

}  // namespace dimerlab
