#include "diagnostics/autocorrelation.hpp"

#include <fftw3.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <numeric>

namespace dimerlab {
namespace {

constexpr std::size_t kDirectBelow = 256;

// The FFTW planner is not thread-safe (only fftw_execute is), and the app computes
// diagnostics on worker threads while the CLI and tests may do so concurrently.
std::mutex& planner_mutex() {
    static std::mutex m;
    return m;
}

struct FftwFree {
    void operator()(void* p) const { fftw_free(p); }
};

std::size_t fft_length(std::size_t n) {
    // Zero-padding to >= 2n removes the circular wrap-around; FFTW is fastest on 2^a 3^b 5^c.
    std::size_t len = 1;
    while (len < 2 * n) len <<= 1;
    for (std::size_t cand : {len / 4 * 3, len / 8 * 5}) {
        if (cand >= 2 * n) len = std::min(len, cand);
    }
    return len;
}

std::vector<double> autocovariance_fft(std::span<const double> x, double mean, std::size_t max_lag) {
    const std::size_t n = x.size();
    const std::size_t len = fft_length(n);
    const std::size_t spectrum_len = len / 2 + 1;
    std::unique_ptr<double, FftwFree> buf(static_cast<double*>(fftw_malloc(sizeof(double) * len)));
    std::unique_ptr<fftw_complex, FftwFree> spec(
        static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * spectrum_len)));
    if (!buf || !spec) throw std::bad_alloc();
    fftw_plan forward = nullptr, backward = nullptr;
    {
        const std::lock_guard<std::mutex> lock(planner_mutex());
        forward = fftw_plan_dft_r2c_1d(static_cast<int>(len), buf.get(), spec.get(), FFTW_ESTIMATE);
        backward = fftw_plan_dft_c2r_1d(static_cast<int>(len), spec.get(), buf.get(), FFTW_ESTIMATE);
    }
    for (std::size_t i = 0; i < n; ++i) buf.get()[i] = x[i] - mean;
    std::fill(buf.get() + n, buf.get() + len, 0.0);
    fftw_execute(forward);
    for (std::size_t k = 0; k < spectrum_len; ++k) {
        double* z = spec.get()[k];
        z[0] = z[0] * z[0] + z[1] * z[1];
        z[1] = 0;
    }
    fftw_execute(backward);  // unnormalised: the result is len times the circular correlation
    std::vector<double> out(max_lag + 1);
    const double scale = 1.0 / (static_cast<double>(len) * static_cast<double>(n));
    for (std::size_t k = 0; k <= max_lag; ++k) out[k] = buf.get()[k] * scale;
    {
        const std::lock_guard<std::mutex> lock(planner_mutex());
        fftw_destroy_plan(forward);
        fftw_destroy_plan(backward);
    }
    return out;
}

}  // namespace

std::vector<double> autocovariance(std::span<const double> series, std::size_t max_lag) {
    const std::size_t n = series.size();
    if (n == 0) return {};
    max_lag = std::min(max_lag, n - 1);
    const double mean = std::accumulate(series.begin(), series.end(), 0.0) / static_cast<double>(n);
    if (n >= kDirectBelow) return autocovariance_fft(series, mean, max_lag);
    std::vector<double> out(max_lag + 1, 0.0);
    for (std::size_t k = 0; k <= max_lag; ++k) {
        double s = 0;
        for (std::size_t t = 0; t + k < n; ++t) s += (series[t] - mean) * (series[t + k] - mean);
        out[k] = s / static_cast<double>(n);
    }
    return out;
}

}  // namespace dimerlab
