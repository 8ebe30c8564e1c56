// Approximate ln Z: updates and seconds to reach a half-width on ln Z, per graph, λ, ε and
// method, with the work per vertex² · ε² to compare with the Õ(n²/ε²) claim (docs/algorithms.md
// §5.5), and for each case the ratio of every method's updates and seconds to the first method's,
// measured in the same run (§5.6).
// Usage: bench_approx_counting [eps ...] [--graphs SPEC,SPEC] [--lambdas L,L] [--seed S]
//                              [--methods M,M]
//        default: ε = 0.05, graphs grid:16x16,torus:32x32, λ = 1,4,
//        methods ti-control-variate,tpa-paired-product.
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
    std::vector<dimerlab::ApproxMethod> methods{dimerlab::ApproxMethod::ti_control_variate,
                                                dimerlab::ApproxMethod::paired_product};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--graphs" && i + 1 < argc) {
            graphs = split(argv[++i]);
        } else if (a == "--lambdas" && i + 1 < argc) {
            lambdas.clear();
            for (const std::string& l : split(argv[++i])) lambdas.push_back(std::atof(l.c_str()));
        } else if (a == "--methods" && i + 1 < argc) {
            methods.clear();
            for (const std::string& m : split(argv[++i])) methods.push_back(dimerlab::parse_approx_method(m));
        } else if (a == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            epsilons.push_back(std::atof(a.c_str()));
        }
    }
    if (epsilons.empty()) epsilons = {0.05};
    std::printf("%-12s %6s %6s %6s %-20s %10s %8s %6s %6s %14s %9s %11s %9s %9s\n", "graph", "n", "lambda",
                "eps", "method", "log_z", "half_w", "repl", "stages", "updates", "seconds", "upd*eps2/n2",
                "upd/first", "sec/first");
    for (const std::string& spec : graphs) {
        const dimerlab::Graph g = dimerlab::make_graph(spec, dimerlab::BuildOptions{.with_layout = false});
        const double n = g.num_vertices();
        for (double lambda : lambdas) {
            for (double eps : epsilons) {
                double first_updates = 0, first_seconds = 0;
                for (std::size_t k = 0; k < methods.size(); ++k) {
                    dimerlab::ApproxOptions o;
                    o.lambda = lambda;
                    o.epsilon = eps;
                    o.seed = seed;
                    o.method = methods[k];
                    const dimerlab::ApproxResult r = dimerlab::estimate_log_z(g, o);
                    if (k == 0) first_updates = double(r.updates), first_seconds = r.seconds;
                    std::printf(
                        "%-12s %6.0f %6g %6g %-20s %10.4f %8.4f %6.0f %6zu %14llu %9.2f %11.2f %9.1f %9.1f\n",
                        spec.c_str(), n, lambda, eps, r.method.c_str(), r.log_z, r.half_width,
                        double(r.replicas), r.stages, static_cast<unsigned long long>(r.updates), r.seconds,
                        double(r.updates) * eps * eps / (n * n), double(r.updates) / first_updates,
                        r.seconds / first_seconds);
                    std::fflush(stdout);
                }
            }
        }
    }
    return 0;
}
