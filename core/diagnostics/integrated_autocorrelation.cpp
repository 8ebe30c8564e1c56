#include "diagnostics/integrated_autocorrelation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "diagnostics/autocorrelation.hpp"

namespace dimerlab {
namespace {

TauEstimate sokal_window(const std::vector<double>& acov, std::size_t total_samples, double c) {
    TauEstimate est;
    est.samples = total_samples;
    if (acov.empty() || !(acov[0] > 0)) {
        est.tau = std::numeric_limits<double>::quiet_NaN();
        est.standard_error = std::numeric_limits<double>::quiet_NaN();
        return est;
    }
    double tau = 1;
    std::size_t w = 0;
    bool found = false;
    for (std::size_t k = 1; k < acov.size(); ++k) {
        tau += 2 * acov[k] / acov[0];
        w = k;
        if (static_cast<double>(k) >= c * tau) {
            found = true;
            break;
        }
    }
    const double n = static_cast<double>(total_samples);
    est.tau = tau;
    est.window = w;
    est.standard_error = std::abs(tau) * std::sqrt((4.0 * static_cast<double>(w) + 2.0) / n);
    est.reliable = found && n >= 50 * tau;
    return est;
}

}  // namespace

TauEstimate integrated_autocorrelation(std::span<const double> series, double c) {
    // Lags beyond N/2 rest on too few pairs to enter any sensible window.
    return sokal_window(autocovariance(series, series.size() / 2), series.size(), c);
}

TauEstimate integrated_autocorrelation(const std::vector<std::vector<double>>& chains, double c) {
    std::size_t shortest = std::numeric_limits<std::size_t>::max(), total = 0;
    for (const auto& ch : chains) {
        shortest = std::min(shortest, ch.size());
        total += ch.size();
    }
    if (chains.empty() || shortest == 0) return sokal_window({}, total, c);
    const std::size_t max_lag = shortest / 2;
    std::vector<double> mean_acov(max_lag + 1, 0.0);
    for (const auto& ch : chains) {
        const std::vector<double> a = autocovariance(ch, max_lag);
        for (std::size_t k = 0; k < a.size(); ++k) mean_acov[k] += a[k] / static_cast<double>(chains.size());
    }
    return sokal_window(mean_acov, total, c);
}

}  // namespace dimerlab
