// bench_kasteleyn: perfect matchings of drawn planar bipartite graphs by Kasteleyn's determinant
// (modular determinants and the Chinese remainder theorem) against the frontier DP's top
// coefficient, in the same run: seconds of each, their ratio, and whether the counts are equal.
// The automatic route (the path reduction on honeycomb graphs, docs/algorithms.md §4.10) is
// compared with the banded route over the whole matrix where that one's plan stays under
// --max-banded multiply-adds (default 1e11); past that, its plan's multiply-adds are printed, starred.
// The DP runs only where its frontier is at most --max-width wide (default 18; grid:16x16 takes 0.75 GB).
// Usage:
//   bench_kasteleyn [--max-width W] [--max-banded OPS] [SPEC...]
// (default: grids 12x12 to 40x40, aztec:12 to aztec:80, hexagons 10,10,10 to 200,200,200)
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/frontier_plan.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::uint32_t max_width = 18;
    double max_banded = 1e11;
    std::vector<std::string> specs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--max-width") == 0 && i + 1 < argc) {
            max_width = static_cast<std::uint32_t>(std::stoul(argv[++i]));
        } else if (std::strcmp(argv[i], "--max-banded") == 0 && i + 1 < argc) {
            max_banded = std::stod(argv[++i]);
        } else {
            specs.emplace_back(argv[i]);
        }
    }
    if (specs.empty())
        specs = {"grid:12x12",
                 "grid:16x16",
                 "grid:40x40",
                 "aztec:12",
                 "aztec:20",
                 "aztec:40",
                 "aztec:80",
                 "hexagon:10,10,10",
                 "hexagon:20,20,20",
                 "hexagon:40,40,40",
                 "hexagon:100,100,100",
                 "hexagon:200,200,200"};
    std::printf("%-20s %7s %6s %5s %5s %6s %11s %10s %10s %8s %10s %8s %s\n", "graph", "n", "rows", "paths",
                "band", "primes", "ln count", "auto s", "banded s", "ratio", "frontier s", "ratio", "equal");
    for (const std::string& spec : specs) {
        const Graph g = make_graph(spec);
        auto t0 = std::chrono::steady_clock::now();
        const KasteleynCount k = kasteleyn_count_exact(g, 1e14);
        const double ks = seconds_since(t0);
        // The banded route over the same matrix, when the automatic one took the paths.
        double bs = -1, banded_plan = 0;
        bool banded_equal = true;
        std::uint32_t band = k.bandwidth;
        if (k.paths) {
            const KasteleynPlan plan = kasteleyn_plan(g, KasteleynRoute::banded);
            band = plan.bandwidth;
            banded_plan = plan.operations;
            if (plan.operations <= max_banded) {
                t0 = std::chrono::steady_clock::now();
                const KasteleynCount banded = kasteleyn_count_exact(g, 1e14, KasteleynRoute::banded);
                banded_equal = banded.count == k.count && banded.weight_sum == k.weight_sum;
                bs = seconds_since(t0);
            }
        }
        const FrontierCost cost = estimate_frontier_cost(g, choose_frontier_plan(g));
        double fs = -1;
        const char* equal = "-";
        if (cost.width <= max_width && !g.weighted()) {
            t0 = std::chrono::steady_clock::now();
            ExactOptions o;
            o.method = ExactMethod::frontier;
            o.max_states = ~0ull;
            const MatchingPolynomial p = exact_matching_polynomial(g, o);
            fs = seconds_since(t0);
            const std::size_t half = g.num_vertices() / 2;
            equal = half < p.coefficients.size() && p.coefficients[half] == k.count ? "yes" : "NO";
        }
        if (!banded_equal) equal = "NO (routes differ)";
        std::printf("%-20s %7u %6u %5u %5u %6u %11.4f %10.3f ", spec.c_str(), g.num_vertices(), k.matrix_size,
                    k.paths, band, k.primes, k.log_count, ks);
        if (bs >= 0)
            std::printf("%10.3f %8.1f ", bs, bs / ks);
        else if (banded_plan > 0)  // skipped: its planned multiply-adds instead of seconds
            std::printf("%9.1e* %8s ", banded_plan, "-");
        else
            std::printf("%10s %8s ", "-", "-");
        if (fs >= 0) {
            std::printf("%10.3f %8.1f %s\n", fs, fs / ks, equal);
        } else {
            std::printf("%10s %8s 2^%u frontier states%s\n", "-", "-", cost.width,
                        banded_equal ? "" : ", routes differ");
        }
        std::fflush(stdout);
    }
    return 0;
}
