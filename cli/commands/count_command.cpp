// dimerlab-cli count: the partition function Z(G, λ), exactly (--exact) or as an estimate with a
// confidence interval (--epsilon). The two branches live in separate functions below. Under
// mpirun every rank computes (the estimate's replicas are split across them) and rank 0 alone
// prints.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "command.hpp"
#include "commands/weighted_count.hpp"
#include "counting/approx/approx_count.hpp"
#include "counting/approx/approx_report.hpp"
#include "counting/approx/estimate_cost.hpp"
#include "counting/approx/update_rate.hpp"
#include "counting/exact/exact_marginals.hpp"
#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/polynomial_zeros.hpp"
#include "counting/exact/rational_lambda.hpp"
#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "dimerlab_cluster/world.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "export/plot_svg.hpp"
#include "export/zeros_plot.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#include "progress/progress_line.hpp"
#include "ranks/rank_validation.hpp"
#include "ranks/replica_sharing.hpp"
#include "sampling/perfect_matching.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/placement_probabilities.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/duration_text.hpp"
#include "util/errors.hpp"

namespace dimerlab::cli {
namespace {

struct CountOptions {
    std::string spec = "grid:8x8";
    std::string lambda_text = "1";
    bool exact = false;
    std::optional<double> epsilon;
    std::optional<double> epsilon_per_vertex;  // δ: a half-width of δ n on ln Z
    double confidence = 0.95;
    std::uint64_t seed = 1;
    bool marginals = false;
    std::string marginals_out;  // λ = ∞: every edge's placement probability, one "u v p" line each
    bool zeros = false;
    std::string zeros_svg;
    bool json = false;
    bool progress = false;
    std::string method = "ti-control-variate";
    std::string backend = "cpu";
    unsigned replicas = ApproxOptions{}.replicas;
    std::uint64_t max_states = ExactOptions{}.max_states;
    double max_gb = double(ExactOptions{}.max_bytes) / 1e9;
};

// parse_lambda for "inf" and its spellings, 0 for anything else (left to the rational parser).
double parse_lambda_or_zero(const std::string& text) {
    try {
        return parse_lambda(text, "--lambda");
    } catch (const InputError&) {
        return 0;
    }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// With --json, a refused exact count still prints its one object, so that a script reads why and
// how large the count would be from stdout as from any other run; the error line and exit 3
// follow as usual. The estimate is the frontier DP's, the method that scales furthest.
void print_exact_refusal(const Graph& g, const mpq_class& lambda_q, const InfeasibleError& e) {
    const FrontierCost cost = estimate_frontier_cost(g, choose_frontier_plan(g));
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = lambda_q.get_d();
    out["lambda_exact"] = exact_decimal_string(lambda_q);
    out["refused"] = true;
    out["error"] = e.what();
    out["estimate"] = {{"method", "frontier"}, {"log2_states", cost.width}, {"bytes", cost.bytes}};
    std::cout << out.dump() << "\n";
}

// The exact counter's limits from --max-states and --max-gb, named after the graph.
ExactOptions exact_options(const CountOptions& opt, const Graph& g) {
    ExactOptions eo;
    eo.max_states = opt.max_states;
    eo.max_bytes = static_cast<std::uint64_t>(opt.max_gb * 1e9);
    eo.name = g.spec();
    return eo;
}

// Exact branch: the matching polynomial by the cheapest exact method, Z at the exact rational λ.
int run_exact_count(const CountOptions& opt, const mpq_class& lambda_q) {
    const auto start = std::chrono::steady_clock::now();
    Graph g;
    validate_on_every_rank([&] { g = make_graph(opt.spec, BuildOptions{.with_layout = false}); });
    print_graph_notices(g);
    const ExactOptions eo = exact_options(opt, g);
    if (g.weighted()) {
        if (opt.marginals || opt.zeros || !opt.zeros_svg.empty())
            throw InputError("--marginals, --zeros and --zeros-svg do not take edge weights yet; '" +
                             g.spec() + "' is weighted");
        return cluster::world().is_lead() ? run_weighted_exact_count(g, lambda_q, eo, opt.json, start) : 0;
    }
    MatchingPolynomial p;
    std::optional<ExactMarginals> marginals;
    try {
        p = exact_matching_polynomial(g, eo);
        if (opt.marginals) marginals = exact_marginals(g, lambda_q.get_d(), eo);
    } catch (const InfeasibleError& e) {
        if (opt.json && cluster::world().is_lead()) print_exact_refusal(g, lambda_q, e);
        throw;
    }
    const double lambda = lambda_q.get_d();
    const mpq_class z = p.z(lambda_q);
    const double log_z = p.log_z(lambda);

    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = lambda;
    out["lambda_exact"] = exact_decimal_string(lambda_q);
    out["method"] = p.method;
    nlohmann::json coefficients = nlohmann::json::array();
    for (const mpz_class& c : p.coefficients) coefficients.push_back(c.get_str());
    out["coefficients"] = coefficients;
    out["z"] = exact_decimal_string(z);
    out["z_exact_decimal"] = is_terminating_decimal(z);
    out["log_z"] = log_z;
    out["log_z_per_vertex"] = g.num_vertices() > 0 ? log_z / g.num_vertices() : 0.0;
    out["mean_dimers"] = p.mean_dimers(lambda);
    out["var_dimers"] = p.variance_dimers(lambda);
    if (marginals) {
        out["marginals"] = {{"vertex_unmatched", marginals->vertex_unmatched},
                            {"edge_occupied", marginals->edge_occupied}};
    }
    if (opt.zeros || !opt.zeros_svg.empty()) {
        const std::vector<double> zeros = matching_polynomial_zeros(p);
        const double bound = heilmann_lieb_zero_bound(g.max_degree());
        out["zeros"] = zeros;
        out["zeros_bound"] = bound;
        if (!opt.zeros_svg.empty())
            write_plot_svg(opt.zeros_svg, zeros_plot(g.spec(), zeros, bound), 900, 420);
    }
    out["seconds"] = seconds_since(start);
    if (!cluster::world().is_lead()) return 0;

    if (opt.json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = " << exact_decimal_string(lambda_q) << " (" << p.method << ")\n"
              << "  matching polynomial degree " << p.coefficients.size() - 1 << ", total matchings "
              << p.total().get_str() << "\n"
              << "  Z = " << out["z"].get<std::string>() << "\n"
              << "  ln Z = " << log_z << " (" << out["log_z_per_vertex"].get<double>() << " per vertex)\n"
              << "  E|M| = " << out["mean_dimers"].get<double>()
              << ", Var|M| = " << out["var_dimers"].get<double>() << "\n";
    if (p.coefficients.size() <= 40) {
        std::cout << "  coefficients m_0..m_" << p.coefficients.size() - 1 << ":";
        for (const mpz_class& c : p.coefficients) std::cout << " " << c.get_str();
        std::cout << "\n";
    }
    if (out.contains("zeros")) {
        const auto& zs = out["zeros"];
        std::cout << "  zeros of Z: " << zs.size()
                  << ", all real; nearest 0: " << (zs.empty() ? 0.0 : zs.front().get<double>()) << " < bound "
                  << out["zeros_bound"].get<double>()
                  << "; farthest: " << (zs.empty() ? 0.0 : zs.back().get<double>()) << "\n";
    }
    if (opt.marginals) {
        const auto& vu = out["marginals"]["vertex_unmatched"];
        const auto& eo_ = out["marginals"]["edge_occupied"];
        std::cout << "  marginals: " << vu.size() << " vertices (P unmatched), " << eo_.size()
                  << " edges (P occupied); use --json for the values\n";
    }
    std::cout << "  " << out["seconds"].get<double>() << " s\n";
    return 0;
}

// The frontier DP gives the whole polynomial and is the faster method while its frontier is
// narrow; beyond that width, a drawn planar bipartite graph is counted by Kasteleyn's determinant
// (aztec:30: the DP would hold 2^32 states, the determinant takes 0.3 s).
constexpr std::uint32_t kPolynomialFrontierWidth = 16;

bool prefers_kasteleyn(const Graph& g) {
    if (kasteleyn_inapplicable(g)) return false;
    return estimate_frontier_cost(g, choose_frontier_plan(g)).width > kPolynomialFrontierWidth;
}

// "progress: WHAT modulo prime k of N, about T left" as Kasteleyn's modular passes finish (no
// callback when the line is not shown).
KasteleynProgress prime_progress(ProgressLine& progress, std::string what) {
    if (!progress.enabled()) return {};
    return [&progress, what = std::move(what)](std::size_t done, std::size_t total) {
        const bool last = done == total;
        if (!progress.due(last)) return;
        std::ostringstream text;
        text << "progress: " << what << " modulo prime " << done << " of " << total
             << time_left_text(double(done) / double(total), progress.elapsed());
        progress.show(text.str(), last);
    };
}

// --marginals-out at λ = ∞: the file, and what it holds in the JSON.
void write_marginals_if_asked(const CountOptions& opt, const Graph& g, nlohmann::ordered_json& out) {
    if (opt.marginals_out.empty()) return;
    ProgressLine progress(opt.progress, cluster::world().is_lead());
    const PlacementProbabilities p = placement_probabilities(
        g, kMaxPlacementRatioOperations, prime_progress(progress, "placement probabilities, K⁻¹"));
    progress.finish();
    write_placement_probabilities(opt.marginals_out, g, p);
    out["marginals_out"] = opt.marginals_out;
    out["marginals_method"] = p.method;
    out["marginals_max_vertex_sum_error"] = p.max_square_sum_error;
}

void print_marginals_line(const CountOptions& opt, const nlohmann::ordered_json& out) {
    if (opt.marginals_out.empty()) return;
    std::cout << "  placement probabilities of every edge (" << out["marginals_method"].get<std::string>()
              << ", max |1 - sum at a vertex| " << out["marginals_max_vertex_sum_error"].get<double>()
              << ") written to " << opt.marginals_out << "\n";
}

int run_kasteleyn_count(const CountOptions& opt, const Graph& g, std::chrono::steady_clock::time_point start,
                        bool log_only = false);

// λ = ∞ without --exact: ln of the number of tilings in floating point. On aztec:N by urban
// renewal, with its rounding bound (aztec:1000 in seconds, where the exact count has 150 000
// digits); on other drawn planar bipartite graphs as the logarithm of Kasteleyn's exact count
// (hexagon:200,200,200 in seconds by the path reduction).
int run_renewal_log_count(const CountOptions& opt) {
    const auto start = std::chrono::steady_clock::now();
    Graph g;
    validate_on_every_rank([&] { g = make_graph(opt.spec, BuildOptions{.with_layout = false}); });
    print_graph_notices(g);
    const std::uint32_t order = aztec_order(g);
    if (order == 0) {
        if (const auto why = kasteleyn_inapplicable(g))
            throw InputError(
                "--lambda inf without --exact gives ln of the number of tilings of aztec:N (urban "
                "renewal) and of drawn planar bipartite graphs (Kasteleyn); for '" +
                g.spec() + "' " + *why + ": count it with --exact");
        return run_kasteleyn_count(opt, g, start, true);
    }
    const AztecLogZ lz = aztec_log_partition(aztec_weights_of(order, g));
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = "inf";
    out["method"] = "urban-renewal";
    // Weighted (aztec:N,a=A,b=B): ln of Σ over tilings of Π w_e.
    out[g.weighted() ? "log_perfect_matchings_weighted" : "log_perfect_matchings"] = lz.log_z;
    out["log_error_bound"] = lz.error_bound;
    out["mean_dimers"] = static_cast<double>(g.num_vertices() / 2);
    out["var_dimers"] = 0.0;
    write_marginals_if_asked(opt, g, out);
    out["seconds"] = seconds_since(start);
    if (opt.json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = inf (urban renewal, floating point)\n"
              << (g.weighted() ? "  ln of the weighted sum over perfect matchings "
                               : "  ln perfect matchings ")
              << std::setprecision(15) << lz.log_z << " +- " << std::setprecision(2) << lz.error_bound
              << " (rounding bound), each with " << g.num_vertices() / 2 << " dimers\n";
    print_marginals_line(opt, out);
    std::cout << "  " << out["seconds"].get<double>() << " s\n";
    return 0;
}

// log_only (λ = ∞ without --exact): the logarithm of the exact count with its rounding bound, and
// the count's number of digits instead of the digits themselves.
int run_kasteleyn_count(const CountOptions& opt, const Graph& g, std::chrono::steady_clock::time_point start,
                        bool log_only) {
    // Thousands of modular determinants (a q-hexagon's exact sum) take minutes: a progress line on
    // stderr, from the plan's figures.
    ProgressLine progress(opt.progress, cluster::world().is_lead());
    const KasteleynCount k = kasteleyn_count_exact(g, 1e12, KasteleynRoute::automatic,
                                                   prime_progress(progress, "Kasteleyn's determinant"));
    progress.finish();
    if (k.weighted ? k.weight_sum == 0 : k.count == 0) throw_no_perfect_matching(g);
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = "inf";
    out["method"] = k.method;
    // ln of an exact integer: the mantissa's rounding, ln's and the exponent's product each
    // within half an ulp of |ln| + 1.
    const double log_bound = (std::abs(k.log_count) + 1) * std::ldexp(1.0, -51);
    const std::string log_key = k.weighted ? "log_perfect_matchings_weighted" : "log_perfect_matchings";
    std::string q_line;
    if (log_only) {
        out[log_key] = k.log_count;
        out["log_error_bound"] = log_bound;
        if (k.weighted)
            out["weighted"] = true;
        else
            out["perfect_matchings_digits"] = k.count.get_str().size();
    } else if (k.weighted) {
        out["weighted"] = true;
        out["perfect_matchings_weighted"] = k.weight_sum.get_str();
        out["perfect_matchings_weighted_decimal"] = k.weight_sum.get_d();
        out[log_key] = k.log_count;
        q_line = add_q_volume_sum(g, k.weight_sum, out);
    } else {
        out["perfect_matchings"] = k.count.get_str();
        out[log_key] = k.log_count;
    }
    out["mean_dimers"] = static_cast<double>(g.num_vertices() / 2);
    out["var_dimers"] = 0.0;
    out["kasteleyn"] = {{"matrix_size", k.matrix_size},
                        {"forced_dimers", k.forced_dimers},
                        {"primes", k.primes},
                        {"hadamard_log2", k.hadamard_log2},
                        {"bandwidth", k.bandwidth}};
    if (k.paths) {
        out["kasteleyn"]["paths"] = k.paths;
        out["kasteleyn"]["path_direction_degrees"] = k.path_direction_degrees;
    }
    write_marginals_if_asked(opt, g, out);
    out["seconds"] = seconds_since(start);
    if (opt.json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = inf (" << k.method << ": Kasteleyn's determinant";
    if (k.paths) std::cout << ", reduced to " << k.paths << " paths,";
    std::cout << " modulo " << k.primes << " primes)\n";
    if (log_only) {
        std::cout << (k.weighted ? "  ln of the weighted sum over perfect matchings "
                                 : "  ln perfect matchings ")
                  << std::setprecision(15) << k.log_count << " +- " << std::setprecision(2) << log_bound
                  << " (ln of the exact ";
        if (k.weighted)
            std::cout << "sum; --exact prints it)";
        else
            std::cout << out["perfect_matchings_digits"].get<std::size_t>()
                      << "-digit count; --exact prints it)";
        std::cout << ", each with " << g.num_vertices() / 2 << " dimers\n";
    } else {
        std::cout << q_line
                  << (k.weighted ? "  weighted sum over perfect matchings " + k.weight_sum.get_str()
                                 : "  perfect matchings " + k.count.get_str())
                  << " (ln " << k.log_count << "), each with " << g.num_vertices() / 2 << " dimers\n";
    }
    print_marginals_line(opt, out);
    std::cout << "  " << out["seconds"].get<double>() << " s\n";
    return 0;
}

// λ = ∞: the law is uniform on perfect matchings, so what counts is their number, the top
// coefficient m_{n/2} of the matching polynomial. No perfect matching: exit 3 naming the maximum
// matching size (the polynomial's degree).
int run_perfect_matching_count(const CountOptions& opt) {
    const auto start = std::chrono::steady_clock::now();
    Graph g;
    validate_on_every_rank([&] { g = make_graph(opt.spec, BuildOptions{.with_layout = false}); });
    print_graph_notices(g);
    const ExactOptions eo = exact_options(opt, g);
    if (opt.marginals)
        throw InputError(
            "--marginals is not available at --lambda inf: --marginals-out FILE writes every "
            "edge's placement probability");
    if (g.weighted()) {
        // --marginals-out on a drawn weighted region: Kasteleyn's ratios, whatever the DP's width.
        if (prefers_kasteleyn(g) || (!opt.marginals_out.empty() && !kasteleyn_inapplicable(g)))
            return run_kasteleyn_count(opt, g, start);
        if (!opt.marginals_out.empty())
            throw InputError(
                "--marginals-out on a weighted graph needs aztec:N or a drawn planar bipartite graph; '" +
                g.spec() + "' is neither");
        return run_weighted_exact_count(g, std::nullopt, eo, opt.json, start);
    }
    if (prefers_kasteleyn(g)) return run_kasteleyn_count(opt, g, start);
    const MatchingPolynomial p = exact_matching_polynomial(g, eo);
    std::size_t degree = 0;
    for (std::size_t k = 0; k < p.coefficients.size(); ++k)
        if (p.coefficients[k] != 0) degree = k;
    const std::uint64_t n = g.num_vertices();
    if (2 * degree != n) throw_no_perfect_matching(g);
    const mpz_class& count = p.coefficients[degree];
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["lambda"] = "inf";
    out["method"] = p.method;
    nlohmann::json coefficients = nlohmann::json::array();
    for (const mpz_class& c : p.coefficients) coefficients.push_back(c.get_str());
    out["coefficients"] = coefficients;
    out["perfect_matchings"] = count.get_str();
    // ln of the number of perfect matchings: the entropy of the uniform law, and the limit of
    // ln Z(λ) - (n/2) ln λ as λ grows.
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, count.get_mpz_t());
    out["log_perfect_matchings"] = std::log(mantissa) + static_cast<double>(exponent) * std::log(2.0);
    out["mean_dimers"] = static_cast<double>(degree);
    out["var_dimers"] = 0.0;
    write_marginals_if_asked(opt, g, out);
    out["seconds"] = seconds_since(start);
    if (opt.json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = inf (" << p.method << ")\n"
              << "  perfect matchings " << count.get_str() << " (ln "
              << out["log_perfect_matchings"].get<double>() << "), each with " << degree << " dimers\n";
    print_marginals_line(opt, out);
    std::cout << "  " << out["seconds"].get<double>() << " s\n";
    return 0;
}

// Approximate branch (core/counting/approx): replica-based interval on ln Z, stopped at ε.
int run_approximate_count(const CountOptions& opt, const mpq_class& lambda_q) {
    const EstimateRequest request{.epsilon = opt.epsilon,
                                  .epsilon_per_vertex = opt.epsilon_per_vertex,
                                  .confidence = opt.confidence,
                                  .replicas = opt.replicas};
    check_estimate_request(request);
    const bool lead = cluster::world().is_lead();
    Graph g;
    validate_on_every_rank([&] { g = make_graph(opt.spec, BuildOptions{.with_layout = false}); });
    if (lead) print_graph_notices(g);
    const double epsilon = requested_epsilon(request, g);
    ApproxOptions ao;
    ao.lambda = lambda_q.get_d();
    ao.epsilon = epsilon;
    ao.confidence = opt.confidence;
    ao.seed = opt.seed;
    ao.method = parse_approx_method(opt.method);
    ao.replicas = opt.replicas;
    std::string notice;
    ao.ensemble = make_ensemble_factory(
        parse_backend(opt.backend), "count",
        ao.method != ApproxMethod::vertex_reduction
            ? ""
            : "runs the ti-control-variate and paired-product estimators, not '" + opt.method + "'",
        notice);
    if (!notice.empty() && lead) std::cerr << "notice: " << notice << "\n";
    // Each rank runs its share of every batch of replicas; all of them end with every value.
    ao.sharing = replica_sharing_over_ranks();
    ProgressLine progress(opt.progress, lead);
    if (progress.enabled()) {
        // The projection the app's panel shows before an estimate: the cost model's updates at a
        // rate measured on this graph just now (about 0.15 s of one chain, times the threads).
        const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, opt.replicas);
        const double rate = calibrate_update_rate(g, ao.lambda, 0.15, threads);
        const EstimateProjection projected =
            project_estimate(g.num_vertices(), ao.lambda, epsilon, rate, ao.method);
        std::ostringstream line;
        line << "projected: about " << duration_text(projected.seconds) << " (" << std::setprecision(2)
             << projected.updates << " chain updates at " << std::fixed << std::setprecision(1) << rate / 1e6
             << " million updates/s, measured on this graph just now; good to a factor of about two)";
        progress.show(line.str(), true);
        progress.finish();
        ao.progress = [&progress, projected_updates = projected.updates](const ApproxProgress& p) {
            const bool last = p.phase == "estimate" && p.stages > 0 && p.stage >= double(p.stages);
            if (!progress.due(last)) return true;
            std::ostringstream text;
            // Fraction done: of the projected updates, never shown as 100% before the end.
            const double frac =
                std::min(0.99, projected_updates > 0 ? double(p.updates) / projected_updates : 0.0);
            text << "progress: " << p.phase;
            if (p.replicas > 0) text << " (" << p.replicas << " replicas)";
            text << ", " << std::lround(100 * frac) << "% of the projected work, ";
            if (p.stages > 0)
                text << "stage " << std::fixed << std::setprecision(1) << p.stage << "/" << p.stages << ", ";
            text << std::setprecision(4);
            // Before the first interval exists the half-width is not a number: say so in words.
            if (std::isfinite(p.half_width))
                text << "half-width " << p.half_width;
            else
                text << "half-width not measured yet";
            text << ", " << p.updates << " updates, " << duration_text(p.seconds);
            const double left = estimate_seconds_left(projected_updates, p.updates, p.seconds);
            if (left > 0 && std::isfinite(left))
                text << ", about " << duration_text(left) << " left";
            else if (left == 0)
                text << " (longer than projected)";
            progress.show(text.str(), last);
            return true;
        };
    }
    const ApproxResult r = estimate_log_z(g, ao);
    progress.finish();
    if (!lead) return 0;
    if (!r.notice.empty()) std::cerr << "notice: " << r.notice << "\n";

    const nlohmann::ordered_json out = approx_result_json(g, ao, r, cluster::world().size());
    if (opt.json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = " << exact_decimal_string(lambda_q) << " (" << r.method << ")\n"
              << "  ln Z = " << r.log_z << "  " << r.confidence * 100 << "% interval [" << r.ci_lo << ", "
              << r.ci_hi << "] (half-width " << r.half_width << ", " << r.replicas << " replicas)\n"
              << "  ln Z per vertex = " << out["log_z_per_vertex"].get<double>() << "\n"
              << "  " << r.stages << " stages x " << r.samples_per_stage << " samples, " << r.updates
              << " updates, " << r.seconds << " s\n";
    return 0;
}

}  // namespace

CommandAction add_count_command(CLI::App& app) {
    auto opt = std::make_shared<CountOptions>();
    CLI::App* sub = app.add_subcommand(
        "count",
        "Partition function Z(G, lambda): exact matching polynomial (--exact) or an estimate (--epsilon)");
    sub->add_option("--graph", opt->spec, "Graph spec")->capture_default_str();
    sub->add_option(
           "--lambda", opt->lambda_text,
           "Dimer activity λ > 0, e.g. 1, 2.5, 0.125 or 1/3; inf: count perfect matchings (--exact), "
           "or ln of their number on planar lattices and regions")
        ->capture_default_str();
    sub->add_flag("--exact", opt->exact, "Exact matching polynomial and Z (frontier DP or closed form)");
    sub->add_option("--epsilon", opt->epsilon, "Estimate ln Z to this half-width of the confidence interval");
    sub->add_option("--epsilon-per-vertex", opt->epsilon_per_vertex,
                    "Estimate ln Z / n to this half-width (a half-width of this times n on ln Z)");
    sub->add_option("--confidence", opt->confidence, "Confidence level of the interval")
        ->capture_default_str();
    sub->add_option("--seed", opt->seed, "Random seed (estimates)")->capture_default_str();
    sub->add_flag("--marginals", opt->marginals,
                  "With --exact: P(v unmatched) for every vertex and P(e occupied) for every edge");
    sub->add_option("--marginals-out", opt->marginals_out,
                    "With --lambda inf: write every edge's placement probability P(e in M), one 'u v p' line "
                    "each (aztec:N by urban renewal, other drawn planar bipartite graphs by exact Kasteleyn "
                    "ratios)");
    sub->add_option("--max-states", opt->max_states, "Exact: refuse when the frontier needs more states")
        ->capture_default_str();
    sub->add_option("--max-gb", opt->max_gb, "Exact: refuse when more memory is needed")
        ->capture_default_str();
    sub->add_option("--method", opt->method,
                    "Estimate: ti-control-variate (the default), tpa-paired-product or vertex-rao-blackwell")
        ->capture_default_str();
    sub->add_option("--backend", opt->backend,
                    "Estimate: cpu (replicas on CPU threads) | cuda (replicas as one device ensemble) | "
                    "auto; the same replica values on every backend")
        ->capture_default_str();
    sub->add_option("--replicas", opt->replicas,
                    "Estimate: replicas of the pilot and of Stein's first stage (the second stage's "
                    "count follows from their spread)")
        ->capture_default_str();
    sub->add_flag("--progress", opt->progress,
                  "Estimates and Kasteleyn counts: progress lines on stderr even when it is not a terminal");
    sub->add_flag("--zeros", opt->zeros,
                  "Exact: the zeros of Z(G, λ) (all real and negative) and the Heilmann–Lieb bound");
    sub->add_option("--zeros-svg", opt->zeros_svg,
                    "Exact: write the zeros' figure to FILE.svg (implies --zeros)");
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    return [opt]() {
        if ((opt->zeros || !opt->zeros_svg.empty()) && !opt->exact)
            throw InputError(
                "--zeros and --zeros-svg need --exact (the zeros come from the exact polynomial)");
        if (!opt->zeros_svg.empty() && !opt->zeros_svg.ends_with(".svg"))
            throw InputError("--zeros-svg '" + opt->zeros_svg + "': expected a .svg file");
        if (opt->epsilon && opt->epsilon_per_vertex)
            throw InputError("give --epsilon or --epsilon-per-vertex, not both");
        if (is_infinite_lambda(parse_lambda_or_zero(opt->lambda_text))) {
            if (opt->epsilon || opt->epsilon_per_vertex)
                throw InputError(
                    "--lambda inf counts perfect matchings exactly (--exact), or gives ln of the "
                    "count in floating point (no flag): no estimate is needed");
            if (!opt->exact) return run_renewal_log_count(*opt);
            return run_perfect_matching_count(*opt);
        }
        if (!opt->marginals_out.empty())
            throw InputError(
                "--marginals-out writes placement probabilities at --lambda inf; at a finite "
                "lambda, --exact --marginals gives every edge's occupation probability");
        const mpq_class lambda = parse_positive_rational(opt->lambda_text, "--lambda");
        if (opt->epsilon || opt->epsilon_per_vertex) return run_approximate_count(*opt, lambda);
        if (!opt->exact) throw InputError("count needs --exact, --epsilon E or --epsilon-per-vertex D");
        return run_exact_count(*opt, lambda);
    };
}

}  // namespace dimerlab::cli
