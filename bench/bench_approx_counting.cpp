// Approximate ln Z: updates and seconds to reach a half-width on ln Z, per graph, λ
// and ε, with the work per vertex² · ε² to compare with the Õ(n²/ε²) claim (docs/algorithms.md §5.5).
// Usage: bench_approx_counting [eps ...] [--graphs SPEC,SPEC] [--lambdas L,L] [--seed S]
//        default: ε = 0.05, graphs grid:16x16,torus:32x32, λ = 1,4.
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "graph/graph_spec.hpp"

namespace {

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<double> epsilons;
    std::vector<std::string> graphs{"grid:16x16", "torus:32x32"};
    std::vector<double> lambdas{1, 4};
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--graphs" && i + 1 < argc) {
            graphs = split(argv[++i]);
        } else if (a == "--lambdas" && i + 1 < argc) {
            lambdas.clear();
            for (const std::string& l : split(argv[++i])) lambdas.push_back(std::atof(l.c_str()));
        } else if (a == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            epsilons.push_back(std::atof(a.c_str()));
        }
    }
    if (epsilons.empty()) epsilons = {0.05};
    std::printf("%-12s %6s %6s %6s %10s %8s %8s %8s %14s %9s %12s\n", "graph", "n", "lambda", "eps", "log_z",
                "half_w", "repl", "stages", "updates", "seconds", "upd*eps2/n2");
    for (const std::string& spec : graphs) {
        const dimerlab::Graph g = dimerlab::make_graph(spec, dimerlab::BuildOptions{.with_layout = false});
        const double n = g.num_vertices();
        for (double lambda : lambdas) {
            for (double eps : epsilons) {
                dimerlab::ApproxOptions o;
                o.lambda = lambda;
                o.epsilon = eps;
                o.seed = seed;
                const dimerlab::ApproxResult r = dimerlab::estimate_log_z(g, o);
                std::printf("%-12s %6.0f %6g %6g %10.4f %8.4f %8.0f %8zu %14llu %9.2f %12.1f\n", spec.c_str(),
                            n, lambda, eps, r.log_z, r.half_width, double(r.replicas), r.stages,
                            static_cast<unsigned long long>(r.updates), r.seconds,
                            double(r.updates) * eps * eps / (n * n));
                std::fflush(stdout);
            }
        }
    }
    return 0;
}
