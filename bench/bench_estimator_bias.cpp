// Bias and coverage of the ln Z estimator (docs/algorithms.md §5.4): for every (graph, λ), SEEDS
// seeded runs against the exact ln Z of the matching polynomial, reported as one table row:
// coverage of the interval ± its standard error, mean error (estimate − exact) ± its standard
// error, and the spread of the errors over the stated σ (half-width / z_{(1+c)/2}, the normal σ
// the interval claims: Stein's interval on normal replicas gives about 0.98, since the second
// stage's size follows the first stage's spread). The last columns describe the second-stage
// replicas, standardised within each run: skewness and excess kurtosis, which decide how far a
// first stage of 8 replicas can misjudge their spread (standardising by the run's own mean and sd
// pulls the kurtosis of normal replicas to about -6/(N+1), -0.35 for N = 16). --detail prints
// every run: error, half-width, the first stage's spread and within-replica sd, N.
//
// Usage: bench_estimator_bias [--seeds N] [--first-seed S] [--epsilon E] [--lambdas 1,4]
//          [--graphs NAME,...] [--graph SPEC]... [--threads T] [--vertex | --method M] [--replicas R]
//          [--second-target K] [--burn-in SWEEPS] [--reference LOGZ] [--detail]
// --reference replaces the exact polynomial by a given ln Z (one graph, one λ), for graphs too
// large to count exactly, such as torus:32x32 against the transfer-matrix value.
// M is the estimator (default: the estimator's default, ti-control-variate; tpa-paired-product
// for the earlier tables). NAME is one of the built-in graphs below (default: all of them); --graph adds any
// spec. The file graphs are written to a temporary directory first, so the readers are part of the check. The
// old positional form `SPEC LAMBDA EPSILON SEEDS [FIRST_SEED]` still works.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, sep);)
        if (!item.empty()) out.push_back(item);
    return out;
}

// The wheel W_16 with four chords, as DIMACS: irregular (hub degree 16, rim degrees 3 and 4).
std::string write_wheel_col(const std::filesystem::path& dir) {
    const std::filesystem::path path = dir / "wheel16_chords.col";
    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < 16; ++i) {
        edges.emplace_back(1, 2 + i);
        edges.emplace_back(2 + i, 2 + (i + 1) % 16);
    }
    for (int i = 0; i < 4; ++i) edges.emplace_back(2 + i, 2 + i + 8);
    std::ofstream out(path);
    out << "c wheel W_16 with four chords\np edge 17 " << edges.size() << "\n";
    for (auto [u, v] : edges) out << "e " << u << " " << v << "\n";
    return "file:" + path.string();
}

// The Möbius–Kantor graph (generalised Petersen GP(8,3)), as an edge list: cubic, girth 6.
std::string write_moebius_kantor_edges(const std::filesystem::path& dir) {
    const std::filesystem::path path = dir / "moebius_kantor.txt";
    std::ofstream out(path);
    out << "# generalised Petersen graph GP(8,3)\n";
    for (int i = 0; i < 8; ++i) {
        out << i << " " << (i + 1) % 8 << "\n";
        out << i << " " << 8 + i << "\n";
        out << 8 + i << " " << 8 + (i + 3) % 8 << "\n";
    }
    return "file:" + path.string();
}

struct Row {
    int runs = 0;
    int covered = 0;
    double mean_error = 0;
    double se_error = 0;
    double spread_ratio = 0;
    double skew = 0;
    double kurtosis = 0;
    double median_half_width = 0;
    double mean_updates = 0;
};

}  // namespace

int main(int argc, char** argv) {
    int seeds = 100;
    std::uint64_t first = 1;
    double epsilon = 0.05;
    std::vector<double> lambdas{1.0, 4.0};
    std::vector<std::string> names;
    std::vector<std::string> extra_specs;
    unsigned threads = 1;
    dimerlab::ApproxMethod method = dimerlab::ApproxOptions{}.method;
    unsigned replicas = dimerlab::ApproxOptions{}.replicas;
    unsigned second_target = 0;
    std::vector<std::string> positional;
    bool detail = false;
    double burn_in = dimerlab::ApproxOptions{}.burn_in_sweeps;
    double reference = std::nan("");  // --reference: ln Z from elsewhere, for graphs too large to count
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--seeds") {
            seeds = std::atoi(next().c_str());
        } else if (a == "--first-seed") {
            first = std::strtoull(next().c_str(), nullptr, 10);
        } else if (a == "--epsilon") {
            epsilon = std::atof(next().c_str());
        } else if (a == "--lambdas") {
            lambdas.clear();
            for (const std::string& s : split(next(), ',')) lambdas.push_back(std::atof(s.c_str()));
        } else if (a == "--graphs") {
            names = split(next(), ',');
        } else if (a == "--graph") {
            extra_specs.push_back(next());
        } else if (a == "--threads") {
            threads = static_cast<unsigned>(std::max(1, std::atoi(next().c_str())));
        } else if (a == "--detail") {
            detail = true;
        } else if (a == "--vertex") {
            method = dimerlab::ApproxMethod::vertex_reduction;
        } else if (a == "--burn-in") {
            burn_in = std::atof(next().c_str());
        } else if (a == "--reference") {
            reference = std::atof(next().c_str());
        } else if (a == "--method") {
            method = dimerlab::parse_approx_method(next());
        } else if (a == "--replicas") {
            replicas = static_cast<unsigned>(std::atoi(next().c_str()));
        } else if (a == "--second-target") {
            second_target = static_cast<unsigned>(std::atoi(next().c_str()));
        } else if (!a.empty() && a[0] != '-') {
            positional.push_back(a);
        } else {
            std::fprintf(
                stderr,
                "usage: %s [--seeds N] [--first-seed S] [--epsilon E] [--lambdas L,...] "
                "[--graphs NAME,...] [--graph SPEC]... [--threads T] [--vertex] [--method M] [--replicas R] "
                "[--second-target K]\n",
                argv[0]);
            return 2;
        }
    }
    if (positional.size() >= 4) {  // SPEC LAMBDA EPSILON SEEDS [FIRST_SEED]
        extra_specs = {positional[0]};
        names = {"none"};
        lambdas = {std::atof(positional[1].c_str())};
        epsilon = std::atof(positional[2].c_str());
        seeds = std::atoi(positional[3].c_str());
        if (positional.size() >= 5) first = std::strtoull(positional[4].c_str(), nullptr, 10);
    }
    if (seeds < 2) {
        std::fprintf(stderr, "--seeds must be at least 2\n");
        return 2;
    }

    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("dimerlab-bias-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::vector<std::pair<std::string, std::string>> builtin{
        {"grid", "grid:6x6"},
        {"tri", "tri:4x5"},
        {"complete", "complete:12"},
        {"gnm", "gnm:30,40,seed=3"},
        {"wheel-col", write_wheel_col(dir)},
        {"moebius-kantor-edges", write_moebius_kantor_edges(dir)},
    };
    std::vector<std::string> specs;
    if (names.empty())
        for (const auto& [name, spec] : builtin) specs.push_back(spec);
    for (const std::string& n : names) {
        if (n == "none") continue;
        const auto it =
            std::find_if(builtin.begin(), builtin.end(), [&](const auto& b) { return b.first == n; });
        if (it == builtin.end()) {
            std::fprintf(stderr,
                         "unknown graph name %s (built in: grid, tri, complete, gnm, wheel-col, "
                         "moebius-kantor-edges; --graph SPEC for others)\n",
                         n.c_str());
            return 2;
        }
        specs.push_back(it->second);
    }
    for (const std::string& s : extra_specs) specs.push_back(s);

    const double z_quantile = 1.959963984540054;  // the table's σ convention, at confidence 0.95
    std::printf("# method=%s epsilon=%g seeds=%llu..%llu replicas=%u confidence=0.95\n",
                std::string(dimerlab::approx_method_name(method)).c_str(), epsilon,
                static_cast<unsigned long long>(first), static_cast<unsigned long long>(first + seeds - 1),
                replicas);
    std::printf("%-34s %6s %5s %16s %20s %12s %6s %6s %8s %9s\n", "graph", "lambda", "runs", "coverage+-se",
                "mean_err+-se", "spread/sigma", "skew", "kurt", "hw_med", "updates");
    for (const std::string& spec : specs) {
        const dimerlab::Graph g = dimerlab::make_graph(spec, dimerlab::BuildOptions{.with_layout = false});
        const bool given = std::isfinite(reference);
        const dimerlab::MatchingPolynomial poly =
            given ? dimerlab::MatchingPolynomial{} : dimerlab::exact_matching_polynomial(g);
        for (const double lambda : lambdas) {
            const double exact = given ? reference : poly.log_z(lambda);
            std::vector<double> error(seeds), half(seeds), updates(seeds);
            std::vector<int> covered(seeds);
            std::vector<double> bias(seeds);
            std::vector<std::vector<double>> values(seeds);
            std::atomic<int> next{0};
            const auto worker = [&] {
                for (int s = next++; s < seeds; s = next++) {
                    dimerlab::ApproxOptions o;
                    o.lambda = lambda;
                    o.epsilon = epsilon;
                    o.seed = first + static_cast<std::uint64_t>(s);
                    o.method = method;
                    o.burn_in_sweeps = burn_in;
                    o.replicas = replicas;
                    o.second_stage_target = second_target;
                    o.threads = 1;
                    const dimerlab::ApproxResult r = dimerlab::estimate_log_z(g, o);
                    error[s] = r.log_z - exact;
                    half[s] = r.half_width;
                    covered[s] = r.ci_lo <= exact && exact <= r.ci_hi;
                    updates[s] = double(r.updates);
                    values[s] = r.replica_log_z;
                    bias[s] = r.bias_correction;
                    if (detail)
                        std::printf(
                            "run %s lambda=%g seed=%llu: error %+.5f half %.4f first_sd %.4f second_sd %.4f "
                            "within_sd %.4f N %u stages %zu samples/stage %llu replica-mean error %+.5f\n",
                            spec.c_str(), lambda, static_cast<unsigned long long>(o.seed), r.log_z - exact,
                            r.half_width, r.first_stage_sd, r.replica_sd, r.within_replica_sd, r.replicas,
                            r.stages, static_cast<unsigned long long>(r.samples_per_stage),
                            r.replica_mean_log_z - exact);
                }
            };
            std::vector<std::thread> pool;
            for (unsigned i = 0; i < threads; ++i) pool.emplace_back(worker);
            for (auto& t : pool) t.join();

            Row row;
            row.runs = seeds;
            double sigma_sq = 0;
            for (int s = 0; s < seeds; ++s) {
                row.mean_error += error[s];
                row.covered += covered[s];
                row.mean_updates += updates[s];
                sigma_sq += (half[s] / z_quantile) * (half[s] / z_quantile);
            }
            row.mean_error /= seeds;
            row.mean_updates /= seeds;
            double ss = 0;
            for (double e : error) ss += (e - row.mean_error) * (e - row.mean_error);
            const double sd = std::sqrt(ss / (seeds - 1));
            row.se_error = sd / std::sqrt(double(seeds));
            row.spread_ratio = sd / std::sqrt(sigma_sq / seeds);
            // Replica shape, pooled over runs after standardising each run's replicas.
            double m3 = 0, m4 = 0;
            std::size_t pooled = 0;
            for (const auto& v : values) {
                if (v.size() < 3) continue;
                double mu = 0;
                for (double x : v) mu += x;
                mu /= double(v.size());
                double var = 0;
                for (double x : v) var += (x - mu) * (x - mu);
                var /= double(v.size() - 1);
                if (!(var > 0)) continue;
                for (double x : v) {
                    const double zz = (x - mu) / std::sqrt(var);
                    m3 += zz * zz * zz;
                    m4 += zz * zz * zz * zz;
                    ++pooled;
                }
            }
            if (pooled > 0) {
                row.skew = m3 / double(pooled);
                row.kurtosis = m4 / double(pooled) - 3;
            }
            std::sort(half.begin(), half.end());
            row.median_half_width = half[half.size() / 2];
            const double p = double(row.covered) / seeds;
            char cov[64], err[64];
            std::snprintf(cov, sizeof cov, "%.3f+-%.3f", p, std::sqrt(p * (1 - p) / seeds));
            std::snprintf(err, sizeof err, "%+.5f+-%.5f", row.mean_error, row.se_error);
            std::string shown = spec;
            if (shown.rfind("file:", 0) == 0)
                shown = "file:" + std::filesystem::path(spec.substr(5)).filename().string();
            std::printf("%-34s %6g %5d %16s %20s %12.3f %6.2f %6.2f %8.4f %9.3g\n", shown.c_str(), lambda,
                        row.runs, cov, err, row.spread_ratio, row.skew, row.kurtosis, row.median_half_width,
                        row.mean_updates);
            std::fflush(stdout);
        }
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return 0;
}
