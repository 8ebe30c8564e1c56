// Domino shuffling (`--dynamics shuffle`): seconds for one exact uniform tiling of aztec:N against
// the order N, the fitted growth exponent, and the work per square-step against a baseline in
// the same run (a plain pass that reads and writes every square of every intermediate diamond
// once, the least any step-by-step shuffle must do).
// Usage: bench_shuffle [max_order]   (orders 50, 100, 200, 400, 1000 up to max_order; default 1000)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "perf/glauber_throughput.hpp"
#include "tilings/domino_shuffle.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Squares visited by N shuffle steps: the order-k diamond has 2k(k+1) squares.
double square_steps(std::uint64_t order) {
    double total = 0;
    for (std::uint64_t k = 1; k <= order; ++k) total += 2.0 * double(k) * double(k + 1);
    return total;
}

// Baseline: one read-modify-write pass over a (2k)^2 byte grid per step k = 1..N.
double baseline_seconds(std::uint64_t order) {
    std::vector<unsigned char> grid(4 * order * order + 16, 1);
    const auto t0 = std::chrono::steady_clock::now();
    unsigned acc = 0;
    for (std::uint64_t k = 1; k <= order; ++k) {
        const std::uint64_t cells = 4 * k * k;
        for (std::uint64_t c = 0; c < cells; ++c) {
            grid[c] = static_cast<unsigned char>(grid[c] * 5 + 1);
        }
        acc += grid[cells / 2];
    }
    const double s = seconds_since(t0);
    if (acc == 0xdeadbeef) std::printf(" ");  // keeps the pass from being optimised away
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t max_order = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000;
    std::printf("machine: %s, 1 thread\n", dimerlab::cpu_model_name().c_str());
    std::printf(
        "input: aztec:N, seed 1, sample 0 (one exact uniform tiling per run; best of 3 below N = 400)\n");
    std::printf("%6s %10s %12s %14s %12s %8s\n", "N", "seconds", "coins", "ns/sq-step", "baseline ns",
                "ratio");
    std::vector<double> log_n, log_t;
    for (std::uint64_t order : {50ull, 100ull, 200ull, 400ull, 1000ull}) {
        if (order > max_order) break;
        const int reps = order < 400 ? 3 : 1;
        double best = 1e300;
        dimerlab::ShuffleStats stats;
        for (int r = 0; r < reps; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            const dimerlab::MateArray mate =
                dimerlab::shuffle_aztec_tiling(static_cast<std::uint32_t>(order), 1, 0, &stats);
            best = std::min(best, seconds_since(t0));
            if (mate.empty()) return 1;
        }
        const double base = baseline_seconds(order);
        const double per = best / square_steps(order) * 1e9;
        const double base_per = base / square_steps(order) * 1e9;
        std::printf("%6llu %10.4f %12llu %14.3f %12.3f %8.2f\n", static_cast<unsigned long long>(order), best,
                    static_cast<unsigned long long>(stats.coins), per, base_per, per / base_per);
        if (order >= 100) {
            log_n.push_back(std::log(double(order)));
            log_t.push_back(std::log(best));
        }
    }
    if (log_n.size() >= 2) {
        // Least-squares slope of ln(seconds) against ln(N), orders 100 and up.
        double mn = 0, mt = 0;
        for (std::size_t i = 0; i < log_n.size(); ++i) mn += log_n[i], mt += log_t[i];
        mn /= double(log_n.size());
        mt /= double(log_t.size());
        double sxy = 0, sxx = 0;
        for (std::size_t i = 0; i < log_n.size(); ++i) {
            sxy += (log_n[i] - mn) * (log_t[i] - mt);
            sxx += (log_n[i] - mn) * (log_n[i] - mn);
        }
        std::printf(
            "fitted growth: seconds ~ N^%.2f (orders >= 100; N^3 expected: N steps of O(N^2) squares)\n",
            sxy / sxx);
    }
    return 0;
}
