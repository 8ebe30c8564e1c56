// bench_lattice_limit [W] [λ...]: the square-lattice free energy f(λ) and covered fraction from the
// helical transfer operator (core/counting/limits) at strip width W (default 18), with the change
// from width W−2 (how converged the digits are) and the seconds each width took on this machine.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "counting/limits/square_lattice_limit.hpp"

int main(int argc, char** argv) {
    using namespace dimerlab;
    const unsigned width = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 18;
    std::vector<double> lambdas;
    for (int i = 2; i < argc; ++i) lambdas.push_back(std::atof(argv[i]));
    if (lambdas.empty()) lambdas = {0.25, 0.5, 1, 2, 4, 10};
    std::printf("%-6s %3s %-15s %-15s %-9s %-9s %s\n", "lambda", "W", "f", "covered", "df(W-2)", "dcov(W-2)",
                "seconds(W)");
    for (double lambda : lambdas) {
        const SquareLatticeLimit narrow = square_lattice_limit_at_width(lambda, width - 2);
        const auto t0 = std::chrono::steady_clock::now();
        const SquareLatticeLimit r = square_lattice_limit_at_width(lambda, width);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%-6g %3u %.12f %.12f %.1e %.1e %.3f\n", lambda, width, r.free_energy, r.covered_fraction,
                    std::abs(r.free_energy - narrow.free_energy),
                    std::abs(r.covered_fraction - narrow.covered_fraction), seconds);
    }
    return 0;
}
