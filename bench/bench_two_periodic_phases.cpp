// The two-periodic Aztec diamond's phases, measured: the variance of the height function at the
// centre (the smooth, gas phase) and at a point of the rough ring, over independent exact samples
// by generalised shuffling, as the order doubles. In the gas phase the variance stays bounded; in
// the rough phase it grows like c log N (a Gaussian free field). Also a profile along the x axis.
// Usage: bench_two_periodic_phases [samples] [a] [orders...]
//   (default 400 samples, a = 1/2, b = 1, orders 50 100 200 400; the profile at the largest order)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "graph/graph_spec.hpp"
#include "tilings/aztec_height_variance.hpp"

int main(int argc, char** argv) {
    using namespace dimerlab;
    const std::uint32_t samples = argc > 1 ? std::uint32_t(std::atoi(argv[1])) : 400;
    const std::string a = argc > 2 ? argv[2] : "1/2";
    std::printf("two-periodic aztec, a = %s, b = 1, %u samples per order\n", a.c_str(), samples);
    std::vector<std::uint32_t> orders;
    for (int k = 3; k < argc; ++k) orders.push_back(std::uint32_t(std::atoi(argv[k])));
    if (orders.empty()) orders = {50, 100, 200, 400};
    std::printf("profile along the x axis at order %u (x in units of N): variance of the height\n",
                orders.back());
    {
        const Graph g = make_graph("aztec:" + std::to_string(orders.back()) + ",a=" + a);
        std::vector<Point2> probes;
        for (int k = 0; k <= 18; ++k) probes.push_back({k / 20.0, 0.0});
        const AztecHeightVariance v = aztec_height_variance(g, probes, samples, 1);
        for (std::size_t k = 0; k < probes.size(); ++k)
            std::printf("  x = %.2f  var %.3f\n", probes[k].x, v.variance[k]);
    }
    std::printf("%6s %14s %14s\n", "order", "var centre", "var x=0.45");
    for (const std::uint32_t n : orders) {
        const Graph g = make_graph("aztec:" + std::to_string(n) + ",a=" + a);
        const AztecHeightVariance v = aztec_height_variance(g, {{0.0, 0.0}, {0.45, 0.0}}, samples, 7);
        std::printf("%6u %14.3f %14.3f\n", n, v.variance[0], v.variance[1]);
    }
    return 0;
}
