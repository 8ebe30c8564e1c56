#include "commands/weighted_count.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "counting/exact/rational_lambda.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "graph/families/families.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/perfect_matching.hpp"

namespace dimerlab::cli {

namespace {

std::string approx(const mpq_class& q) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", q.get_d());
    return buf;
}

}  // namespace

std::string add_q_volume_sum(const Graph& g, const mpq_class& z, nlohmann::ordered_json& out) {
    const GraphSpec spec = parse_graph_spec(g.spec());
    if (spec.family != "hexagon" || !spec.q) return {};
    mpq_class reference(
        power_of(*spec.q, static_cast<long>(families::hexagon_q_offset(spec.dims[0], spec.dims[1]))).exact,
        10);
    reference.canonicalize();
    mpq_class volume_sum = z / reference;
    volume_sum.canonicalize();
    out["q_volume_sum"] = volume_sum.get_str();
    out["q_volume_sum_decimal"] = volume_sum.get_d();
    return "  sum of q^volume over the plane partitions in the box " + volume_sum.get_str() + " ~ " +
           approx(volume_sum) + "\n";
}

int run_weighted_exact_count(const Graph& g, const std::optional<mpq_class>& lambda,
                             const ExactOptions& options, bool json,
                             std::chrono::steady_clock::time_point start) {
    const WeightedMatchingPolynomial p = weighted_matching_polynomial(g, options);
    nlohmann::ordered_json out;
    out["graph"] = g.spec();
    out["weighted"] = true;
    out["method"] = p.method;
    nlohmann::json exact = nlohmann::json::array(), decimal = nlohmann::json::array();
    for (const mpq_class& c : p.coefficients) {
        exact.push_back(c.get_str());
        decimal.push_back(c.get_d());
    }
    out["coefficients"] = exact;
    out["coefficients_decimal"] = decimal;
    std::string headline;
    if (!lambda) {
        const std::size_t degree = p.coefficients.size() - 1;
        if (2 * degree != g.num_vertices()) throw_no_perfect_matching(g);
        const mpq_class& z = p.coefficients.back();
        out["lambda"] = "inf";
        out["perfect_matchings_weighted"] = z.get_str();
        out["perfect_matchings_weighted_decimal"] = z.get_d();
        out["log_perfect_matchings_weighted"] = log_of_rational(z);
        out["mean_dimers"] = static_cast<double>(degree);
        out["var_dimers"] = 0.0;
        // hexagon:A,B,C,q=Q: Σ q^volume, the empty box at volume 0 (its weight is q^offset).
        headline = add_q_volume_sum(g, z, out);
        headline += "  weighted sum over perfect matchings " + z.get_str() + " ~ " + approx(z) + " (ln " +
                    std::to_string(log_of_rational(z)) + ")";
    } else {
        const double l = lambda->get_d();
        const mpq_class z = p.z(*lambda);
        out["lambda"] = l;
        out["lambda_exact"] = exact_decimal_string(*lambda);
        out["z_exact"] = z.get_str();
        out["z"] = exact_decimal_string(z);
        out["z_exact_decimal"] = is_terminating_decimal(z);
        out["log_z"] = p.log_z(l);
        out["mean_dimers"] = p.mean_dimers(l);
        out["var_dimers"] = p.variance_dimers(l);
        headline = "  Z = " + z.get_str() + " ~ " + approx(z) + "\n  ln Z = " + std::to_string(p.log_z(l)) +
                   ", E|M| = " + std::to_string(p.mean_dimers(l)) +
                   ", Var|M| = " + std::to_string(p.variance_dimers(l));
    }
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (json) {
        std::cout << out.dump() << "\n";
        return 0;
    }
    std::cout << g.spec() << " at lambda = " << (lambda ? exact_decimal_string(*lambda) : std::string("inf"))
              << " (" << p.method << ", exact rational weights)\n"
              << headline << "\n";
    if (p.coefficients.size() <= 40) {
        std::cout << "  coefficients c_0..c_" << p.coefficients.size() - 1 << ":";
        for (const mpq_class& c : p.coefficients) std::cout << " " << c.get_str();
        std::cout << "\n";
    }
    std::cout << "  " << out["seconds"].get<double>() << " s\n";
    return 0;
}

}  // namespace dimerlab::cli
