// Cost of the live mixing diagnostics per sweep against the cost of sampling that sweep:
// the app's worker thread runs one sequential Glauber sweep, then ChainMonitor::observe (dimers,
// monomers, H−V imbalance and one edge indicator into bounded ring buffers), and refreshes the
// panel with ChainMonitor::report (FFT τ_int over the ring) about once a second. Both costs are
// measured in the same run, interleaved sweep by sweep, so the ratio is immune to machine load
// drifting between two separate measurements.
// Usage: bench_diagnostics [sweeps] [spec]   (default 20 sweeps, torus:512x512)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "diagnostics/centre_edge.hpp"
#include "diagnostics/chain_monitor.hpp"
#include "diagnostics/series_monitor.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/glauber_sequential.hpp"

int main(int argc, char** argv) {
    using namespace dimerlab;
    using clock = std::chrono::steady_clock;
    const std::uint64_t sweeps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20;
    const std::string spec = argc > 2 ? argv[2] : "torus:512x512";
    if (sweeps == 0) {
        std::fprintf(stderr, "error: sweeps must be positive\n");
        return 2;
    }
    const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
    const std::uint64_t m = g.num_edges();
    GlauberSequentialSampler sampler(g, 1, LambdaRecord(1.0), MateArray(g.num_vertices(), kNoMate));
    ChainMonitor monitor(g, centre_edge(g));
    sampler.advance(2 * m);  // untimed warm-up: caches, clocks, first allocations
    monitor.observe(sampler.mate());

    double sample_s = 0, observe_s = 0, sample_min = 1e300, observe_min = 1e300;
    std::vector<double> sample_each, observe_each;
    for (std::uint64_t s = 0; s < sweeps; ++s) {
        const auto t0 = clock::now();
        sampler.advance(m);
        const auto t1 = clock::now();
        monitor.observe(sampler.mate());
        const auto t2 = clock::now();
        const double a = std::chrono::duration<double>(t1 - t0).count();
        const double b = std::chrono::duration<double>(t2 - t1).count();
        sample_s += a;
        observe_s += b;
        sample_each.push_back(a);
        observe_each.push_back(b);
        sample_min = std::min(sample_min, a);
        observe_min = std::min(observe_min, b);
    }
    // One panel refresh: τ_int by FFT for every tracked series over what the rings hold now,
    // and again with full rings (the steady state of a long run), timed on a separate monitor.
    auto t0 = clock::now();
    const auto entries = monitor.report();
    const double report_now_s = std::chrono::duration<double>(clock::now() - t0).count();
    // Full rings: the same four estimates on SeriesMonitors holding 2^16 values each (filling a
    // ChainMonitor for real would take 2^16 sweeps); an AR(1) series so the window search is typical.
    std::vector<SeriesMonitor> full(entries.size());
    double x = 0;
    std::uint64_t state = 88172645463325252ull;
    for (std::size_t i = 0; i < full[0].capacity(); ++i) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        x = 0.9 * x + (static_cast<double>(state >> 11) * 0x1.0p-53 - 0.5);
        for (SeriesMonitor& f : full) f.add(x);
    }
    t0 = clock::now();
    double sink = 0;
    for (const SeriesMonitor& f : full) sink += f.estimate().tau;
    const double report_full_s = std::chrono::duration<double>(clock::now() - t0).count();

    // Medians: on a shared machine a preempted interval inflates the mean of the short one most.
    const auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    const double sample_med = median(sample_each), observe_med = median(observe_each);
    const double per_sweep_sample = sample_s / static_cast<double>(sweeps);
    const double per_sweep_observe = observe_s / static_cast<double>(sweeps);
    std::printf("input: %s (n=%u, m=%llu), lambda=1, seed=1, %llu timed sweeps, 1 thread\n", spec.c_str(),
                g.num_vertices(), static_cast<unsigned long long>(m),
                static_cast<unsigned long long>(sweeps));
    std::printf("  sampling (GlauberSequentialSampler):    mean %8.3f  median %8.3f  min %8.3f ms/sweep\n",
                1e3 * per_sweep_sample, 1e3 * sample_med, 1e3 * sample_min);
    std::printf("  live diagnostics (observe, %zu series): mean %8.3f  median %8.3f  min %8.3f ms/sweep\n",
                entries.size(), 1e3 * per_sweep_observe, 1e3 * observe_med, 1e3 * observe_min);
    std::printf("  ratio observe / sampling:               mean %8.4f  median %8.4f  min %8.4f\n",
                per_sweep_observe / per_sweep_sample, observe_med / sample_med, observe_min / sample_min);
    std::printf("  panel refresh (report over %llu sweeps): %9.3f ms = %.4f sweeps of sampling\n",
                static_cast<unsigned long long>(monitor.sweeps_observed()), 1e3 * report_now_s,
                report_now_s / per_sweep_sample);
    std::printf(
        "  panel refresh, full rings (%zu x %zu values): %9.3f ms = %.4f sweeps of sampling (tau %.2f)\n",
        full.size(), full[0].capacity(), 1e3 * report_full_s, report_full_s / per_sweep_sample,
        sink / static_cast<double>(full.size()));
    return 0;
}
