// bench_exact_counting: exact matching polynomial of open grids by the frontier DP; seconds and
// peak resident memory (getrusage ru_maxrss, whole process so far). Usage:
//   bench_exact_counting [--threads T] [SPEC...]   (default grid:12x12 grid:16x16 grid:20x20)
// An infeasible size prints the cost estimate instead of a time.
//   bench_exact_counting [--threads T] --torus-series L WMAX LAMBDA
// prints ln Z(torus L×W)/(L·W) at λ for W = 3..WMAX by the fixed-λ transfer matrix, with the
// successive differences whose geometric decay bounds the W → L extrapolation (the torus:32x32
// reference of docs/algorithms.md §4.5).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/torus_transfer.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

namespace {

int torus_series(std::uint32_t length, std::uint32_t w_max, long double lambda, unsigned threads) {
    std::printf("%-14s %4s %22s %22s %12s %10s %9s\n", "torus", "W", "ln Z", "ln Z / (L W)", "diff",
                "classes", "seconds");
    long double previous = 0;
    long double last_diff = 0;
    std::vector<long double> ratios;
    for (std::uint32_t w = 3; w <= w_max; ++w) {
        const auto start = std::chrono::steady_clock::now();
        const dimerlab::TorusLogZ t = dimerlab::torus_log_z(length, w, lambda, threads);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const long double per_site = t.log_z / (static_cast<long double>(length) * w);
        const std::string name = "torus:" + std::to_string(length) + "x" + std::to_string(w);
        std::printf("%-14s %4u %22.15Lf %22.17Lf %12.3Le %10llu %9.2f\n", name.c_str(), w, t.log_z, per_site,
                    w > 3 ? per_site - previous : 0.0L, static_cast<unsigned long long>(t.boundary_classes),
                    seconds);
        std::fflush(stdout);
        if (w > 4) ratios.push_back((per_site - previous) / last_diff);
        if (w > 3) last_diff = per_site - previous;
        previous = per_site;
    }
    // The differences shrink geometrically (finite correlation length); with ρ the largest of the
    // last two measured ratios, widened by 20%, the rest of the series moves g(W_max) by at most
    // |d| ρ / (1 - ρ), for every W > W_max, W = L included (Z(L×W) = Z(W×L)).
    if (ratios.size() >= 2) {
        const long double r = ratios.back();
        const long double rho = 1.2L * std::max(std::abs(ratios.back()), std::abs(ratios[ratios.size() - 2]));
        const long double f = previous + last_diff * r / (1 - r);
        const long double bound = std::abs(last_diff) * rho / (1 - rho);
        const long double sites = static_cast<long double>(length) * length;
        std::printf("ratio of the last differences %.4Lf; extrapolated ln Z/(L W) = %.13Lf +- %.2Le\n", r, f,
                    bound);
        std::printf("reference ln Z(torus:%ux%u) = %.9Lf +- %.2Le\n", length, length, sites * f,
                    sites * bound);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dimerlab;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--torus-series") == 0 && i + 3 < argc) {
            unsigned threads = 1;
            for (int j = 1; j < argc; ++j)
                if (std::strcmp(argv[j], "--threads") == 0 && j + 1 < argc)
                    threads = static_cast<unsigned>(std::stoul(argv[j + 1]));
            return torus_series(static_cast<std::uint32_t>(std::stoul(argv[i + 1])),
                                static_cast<std::uint32_t>(std::stoul(argv[i + 2])), std::stold(argv[i + 3]),
                                threads);
        }
    }
    ExactOptions options;
    std::vector<std::string> specs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            options.threads = static_cast<unsigned>(std::stoul(argv[++i]));
        } else {
            specs.emplace_back(argv[i]);
        }
    }
    if (specs.empty()) specs = {"grid:12x12", "grid:16x16", "grid:20x20"};
    std::printf("%-12s %-9s %6s %10s %12s %s\n", "graph", "order", "width", "seconds", "peak_MiB", "result");
    for (const std::string& spec : specs) {
        const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
        const FrontierPlan plan = choose_frontier_plan(g);
        const auto start = std::chrono::steady_clock::now();
        std::string result;
        try {
            const MatchingPolynomial p = frontier_matching_polynomial(g, plan, options);
            result = "m_max=" + p.coefficients.back().get_str() +
                     " total_digits=" + std::to_string(p.total().get_str().size());
        } catch (const InfeasibleError& e) {
            result = std::string("infeasible: ") + e.what();
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("%-12s %-9s %6u %10.3f %12.1f %s\n", spec.c_str(), plan.order_name.c_str(), plan.width,
                    seconds, double(usage.ru_maxrss) / 1024.0, result.c_str());
        std::fflush(stdout);
    }
    return 0;
}
