// MatchingPolynomial's statistics and the method dispatcher of exact_matching_polynomial.
#include "counting/exact/matching_polynomial.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "counting/exact/closed_forms.hpp"
#include "counting/exact/coefficient_statistics.hpp"
#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/polynomial_arith.hpp"
#include "counting/exact/vertex_recursion.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

double log_of(const mpz_class& z) {
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, z.get_mpz_t());
    return std::log(mantissa) + double(exponent) * std::log(2.0);
}

std::vector<double> log_coefficients(const std::vector<mpz_class>& c) {
    std::vector<double> logs(c.size(), -std::numeric_limits<double>::infinity());
    for (std::size_t k = 0; k < c.size(); ++k)
        if (c[k] != 0) logs[k] = log_of(c[k]);
    return logs;
}

// Components of g, as vertex lists in increasing id order.
std::vector<std::vector<VertexId>> components(const Graph& g) {
    std::vector<std::uint32_t> comp(g.num_vertices(), UINT32_MAX);
    std::vector<std::vector<VertexId>> out;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (comp[s] != UINT32_MAX) continue;
        const auto c = static_cast<std::uint32_t>(out.size());
        out.emplace_back();
        std::vector<VertexId> stack{s};
        comp[s] = c;
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            out[c].push_back(v);
            for (VertexId u : g.neighbors(v)) {
                if (comp[u] == UINT32_MAX) {
                    comp[u] = c;
                    stack.push_back(u);
                }
            }
        }
        std::sort(out[c].begin(), out[c].end());
    }
    return out;
}

Graph induced(const Graph& g, const std::vector<VertexId>& vertices) {
    std::vector<VertexId> local(g.num_vertices(), UINT32_MAX);
    for (std::size_t i = 0; i < vertices.size(); ++i) local[vertices[i]] = static_cast<VertexId>(i);
    std::vector<Edge> edges;
    for (const Edge& e : g.edges()) {
        if (local[e.u] != UINT32_MAX && local[e.v] != UINT32_MAX) edges.push_back({local[e.u], local[e.v]});
    }
    return Graph(static_cast<std::uint32_t>(vertices.size()), std::move(edges));
}

MatchingPolynomial connected_polynomial(const Graph& g, const ExactOptions& options) {
    switch (options.method) {
        case ExactMethod::closed_form: {
            auto p = closed_form_matching_polynomial(g);
            if (!p) throw InputError("no closed form is known for " + options.name);
            return *p;
        }
        case ExactMethod::frontier:
            return frontier_matching_polynomial(g, options);
        case ExactMethod::vertex_recursion:
            return vertex_recursion_matching_polynomial(g, options);
        case ExactMethod::automatic:
            break;
    }
    if (auto p = closed_form_matching_polynomial(g)) return *p;
    // Small dense graphs: the frontier order cannot help there, and the recursion's memo only
    // holds the subsets that actually occur.
    const std::uint64_t n = g.num_vertices();
    if (n <= 24 && 4 * std::uint64_t(g.num_edges()) >= n * (n - 1)) {
        return vertex_recursion_matching_polynomial(g, options);
    }
    return frontier_matching_polynomial(g, options);
}

}  // namespace

double MatchingPolynomial::log_z(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).log_z;
}

double MatchingPolynomial::mean_dimers(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).mean;
}

double MatchingPolynomial::variance_dimers(double lambda) const {
    return exact_detail::coefficient_statistics(log_coefficients(coefficients), lambda).variance;
}

mpq_class MatchingPolynomial::z(const mpq_class& lambda) const {
    mpq_class acc = 0;
    for (std::size_t k = coefficients.size(); k-- > 0;) acc = acc * lambda + mpq_class(coefficients[k]);
    acc.canonicalize();
    return acc;
}

mpz_class MatchingPolynomial::total() const {
    mpz_class t = 0;
    for (const mpz_class& c : coefficients) t += c;
    return t;
}

MatchingPolynomial exact_matching_polynomial(const Graph& graph, const ExactOptions& options_in) {
    ExactOptions options = options_in;
    require_unit_weights(graph,
                         "the integer matching polynomial (weighted_matching_polynomial takes weights)");
    if (options.name.empty()) options.name = graph.spec().empty() ? "this graph" : graph.spec();
    if (graph.num_vertices() == 0) return {{mpz_class(1)}, "empty"};
    if (options.method == ExactMethod::automatic || options.method == ExactMethod::closed_form) {
        // Forests are recognised whole, so that a union of paths still reads as a closed form.
        if (auto p = closed_form_matching_polynomial(graph)) return *p;
    }
    const std::vector<std::vector<VertexId>> parts = components(graph);
    if (parts.size() == 1) return connected_polynomial(graph, options);

    MatchingPolynomial result{{mpz_class(1)}, ""};
    std::set<std::string> methods;
    for (const std::vector<VertexId>& part : parts) {
        if (part.size() == 1) continue;
        const MatchingPolynomial p = connected_polynomial(induced(graph, part), options);
        result.coefficients = exact_detail::multiply(result.coefficients, p.coefficients);
        methods.insert(p.method);
    }
    if (methods.empty()) return {{mpz_class(1)}, "empty"};
    if (methods.size() == 1) {
        result.method = *methods.begin();
    } else {
        result.method = "components:";
        for (const std::string& m : methods) result.method += (m == *methods.begin() ? "" : "+") + m;
    }
    return result;
}

}  // namespace dimerlab
