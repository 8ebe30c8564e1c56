// Bias and coverage of the ln Z estimator: S seeded runs on a graph whose exact ln Z the
// matching polynomial gives, with the mean error ± its standard error, the z-score, the coverage
// and the half-widths. Single-threaded runs, two at a time, so the work scales with the cores.
// Usage: bench_estimator_bias SPEC LAMBDA EPSILON SEEDS [FIRST_SEED] [--vertex] [--replicas R]
//        [--second-target K] [--print-replicas]   (also every run's second-stage replica values, one line per
//        run)
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s SPEC LAMBDA EPSILON SEEDS [FIRST_SEED] [--vertex] [--replicas R]\n",
                     argv[0]);
        return 2;
    }
    const std::string spec = argv[1];
    const double lambda = std::atof(argv[2]);
    const double epsilon = std::atof(argv[3]);
    const int seeds = std::atoi(argv[4]);
    std::uint64_t first = 1;
    dimerlab::ApproxMethod method = dimerlab::ApproxMethod::paired_product;
    unsigned replicas = dimerlab::ApproxOptions{}.replicas;
    bool print_replicas = false;
    unsigned second_target = 0;
    for (int i = 5; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--vertex") {
            method = dimerlab::ApproxMethod::vertex_reduction;
        } else if (a == "--second-target" && i + 1 < argc) {
            second_target = static_cast<unsigned>(std::atoi(argv[++i]));
        } else if (a == "--print-replicas") {
            print_replicas = true;
        } else if (a == "--replicas" && i + 1 < argc) {
            replicas = static_cast<unsigned>(std::atoi(argv[++i]));
        } else {
            first = std::strtoull(a.c_str(), nullptr, 10);
        }
    }
    const dimerlab::Graph g = dimerlab::make_graph(spec, dimerlab::BuildOptions{.with_layout = false});
    const double exact = dimerlab::exact_matching_polynomial(g).log_z(lambda);
    std::vector<double> error(seeds);
    std::vector<double> half(seeds);
    std::vector<int> covered(seeds);
    std::vector<double> updates(seeds);
    std::vector<std::vector<double>> replica_values(seeds);
    std::atomic<int> next{0};
    const auto worker = [&] {
        for (int s = next++; s < seeds; s = next++) {
            dimerlab::ApproxOptions o;
            o.lambda = lambda;
            o.epsilon = epsilon;
            o.seed = first + static_cast<std::uint64_t>(s);
            o.method = method;
            o.replicas = replicas;
            o.second_stage_target = second_target;
            o.threads = 1;
            const dimerlab::ApproxResult r = dimerlab::estimate_log_z(g, o);
            error[s] = r.log_z - exact;
            half[s] = r.half_width;
            covered[s] = r.ci_lo <= exact && exact <= r.ci_hi;
            updates[s] = double(r.updates);
            replica_values[s] = r.replica_log_z;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < std::max(1u, std::thread::hardware_concurrency()); ++i)
        pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    double mean = 0;
    double ss = 0;
    double work = 0;
    int hits = 0;
    for (int s = 0; s < seeds; ++s) {
        mean += error[s];
        hits += covered[s];
        work += updates[s];
    }
    mean /= seeds;
    for (double e : error) ss += (e - mean) * (e - mean);
    const double sd = std::sqrt(ss / (seeds - 1));
    const double se = sd / std::sqrt(double(seeds));
    if (print_replicas) {
        for (int s = 0; s < seeds; ++s) {
            std::printf("replicas seed %llu:", static_cast<unsigned long long>(first + s));
            for (double v : replica_values[s]) std::printf(" %.9f", v - exact);
            std::printf("\n");
        }
    }
    std::sort(half.begin(), half.end());
    std::printf(
        "%s lambda=%g eps=%g method=%s seeds=%llu..%llu: exact %.10f, mean error %+.5f +- %.5f (z %+.2f), "
        "error sd %.4f, covered %d/%d (%.3f), half-width median %.4f, mean updates %.3g\n",
        spec.c_str(), lambda, epsilon, std::string(dimerlab::approx_method_name(method)).c_str(),
        static_cast<unsigned long long>(first), static_cast<unsigned long long>(first + seeds - 1), exact,
        mean, se, mean / se, sd, hits, seeds, double(hits) / seeds, half[half.size() / 2], work / seeds);
    return 0;
}
