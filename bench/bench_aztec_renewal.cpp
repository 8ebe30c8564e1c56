// Urban renewal on the Aztec diamond: seconds for ln Z (orders up to 1000), for the shares every
// order keeps (placement probabilities, weighted shuffling) and for one two-periodic tiling by
// generalised shuffling, each against the uniform domino shuffle of the same order measured in
// the same run (the baseline), with the growth exponent fitted over the orders.
// Usage: bench_aztec_renewal [max_order]   (orders 100, 200, 400, 1000 up to max_order; default 1000)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "perf/glauber_throughput.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class F>
double best_of(int reps, F&& f) {
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        best = std::min(best, seconds_since(t0));
    }
    return best;
}

double slope(const std::vector<double>& x, const std::vector<double>& y) {
    const double n = double(x.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sx += x[i];
        sy += y[i];
        sxx += x[i] * x[i];
        sxy += x[i] * y[i];
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dimerlab;
    const std::uint32_t max_order = argc > 1 ? std::uint32_t(std::strtoul(argv[1], nullptr, 10)) : 1000;
    std::printf("machine: %s, 1 thread\n", cpu_model_name().c_str());
    std::printf("two-periodic weights a = 0.5, b = 1; best of 3 below N = 400, seed 1, sample 0\n");
    std::printf("%6s %11s %11s %13s %13s %15s %9s\n", "N", "ln Z s", "shares s", "2-periodic s", "uniform s",
                "2-per/uniform", "ln Z");
    std::vector<double> log_n, log_lnz, log_weighted;
    for (std::uint32_t order : {100u, 200u, 400u, 1000u}) {
        if (order > max_order) break;
        const int reps = order < 400 ? 3 : 1;
        const AztecCellWeights w = two_periodic_aztec_weights(order, 0.5, 1.0);
        AztecLogZ lz;
        const double t_lnz = best_of(reps, [&] { lz = aztec_log_partition(w); });
        double t_shares = NAN, t_weighted = NAN, t_uniform = NAN;
        if (order <= kMaxAztecPlacementOrder) {
            AztecShares shares;
            t_shares = best_of(reps, [&] { shares = aztec_shares(w); });
            t_weighted = best_of(reps, [&] { (void)shuffle_weighted_aztec_tiling(shares, 1, 0); });
            t_uniform = best_of(reps, [&] { (void)shuffle_aztec_tiling(order, 1, 0); });
            log_weighted.push_back(std::log(t_shares + t_weighted));
        }
        log_n.push_back(std::log(double(order)));
        log_lnz.push_back(std::log(t_lnz));
        std::printf("%6u %11.4f %11.4f %13.4f %13.4f %15.2f %9.2f\n", order, t_lnz, t_shares, t_weighted,
                    t_uniform, (t_shares + t_weighted) / t_uniform, lz.log_z);
    }
    if (log_n.size() >= 2) std::printf("ln Z: time grows like N^%.2f\n", slope(log_n, log_lnz));
    if (log_weighted.size() >= 2) {
        const std::vector<double> xs(log_n.begin(), log_n.begin() + std::ptrdiff_t(log_weighted.size()));
        std::printf("shares + one two-periodic tiling: time grows like N^%.2f\n", slope(xs, log_weighted));
    }
    return 0;
}
