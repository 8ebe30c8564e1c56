#include "counting/approx/ti_path.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "counting/approx/gauss_legendre.hpp"
#include "util/errors.hpp"

namespace dimerlab {

double disjoint_edge_pairs(const Graph& graph) {
    const double m = graph.num_edges();
    if (graph.weighted()) {
        // Σ_{e<f disjoint} w_e w_f = (c_1² − Σ w_e²)/2 − Σ_v Σ_{e<f at v} w_e w_f.
        double sum = 0, squares = 0, touching = 0;
        for (EdgeId e = 0; e < graph.num_edges(); ++e) {
            sum += graph.weight(e);
            squares += graph.weight(e) * graph.weight(e);
        }
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
            double at = 0, at_squares = 0;
            for (const EdgeId e : graph.incident_edges(v)) {
                at += graph.weight(e);
                at_squares += graph.weight(e) * graph.weight(e);
            }
            touching += (at * at - at_squares) / 2;
        }
        return std::max(0.0, (sum * sum - squares) / 2 - touching);
    }
    double touching_pairs = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const double d = graph.degree(v);
        touching_pairs += d * (d - 1) / 2;
    }
    return m * (m - 1) / 2 - touching_pairs;
}

double edge_weight_sum(const Graph& graph) {
    if (!graph.weighted()) return graph.num_edges();
    double sum = 0;
    for (EdgeId e = 0; e < graph.num_edges(); ++e) sum += graph.weight(e);
    return sum;
}

double mean_dimers_complex_bound(double edges, double matching_number_bound, double re_max, double im) {
    const double s = std::abs(im) <= std::numbers::pi / 2 ? 1.0 : std::sin(std::abs(im));
    return std::min(matching_number_bound, edges * std::exp(re_max)) / s;
}

TiPath plan_ti_path(const Graph& graph, double lambda, double tolerance) {
    if (graph.num_edges() == 0) throw InputError("the integration path needs a graph with an edge");
    if (!(lambda > 0) || !std::isfinite(lambda)) throw InputError("lambda must be a positive finite number");
    if (!(tolerance > 0)) throw InputError("the path's tolerance must be positive");
    TiPath path;
    path.lambda = lambda;
    // m is c_1 = Σ w_e (the edge count when unweighted) and m_2 = c_2 (disjoint_edge_pairs).
    const double m = edge_weight_sum(graph);
    const double nu = std::floor(graph.num_vertices() / 2.0);
    // With x_i = λ_0 / r_i > 0: x - x²/2 <= ln(1 + x) <= x - x²/2 + x³/3, Σ x_i = λ_0 m,
    // Σ x_i² = λ_0² p_2 with p_2 = m² - 2 m_2, and Σ x_i³ <= (Σ x_i²)^{3/2}.
    const double p2 = m * m - 2 * disjoint_edge_pairs(graph);
    const double cube = std::pow(p2, 1.5) / 6;  // half-width = λ_0³ · cube
    path.lambda_bottom = std::min(lambda, std::cbrt(0.999 * tolerance / cube));  // 0.999: rounding
    const double l0 = path.lambda_bottom;
    path.log_z_bottom = l0 * m - l0 * l0 * p2 / 2 + l0 * l0 * l0 * cube;
    path.bottom_half_width = l0 * l0 * l0 * cube;
    if (l0 >= lambda) return path;  // λ itself is below the bottom: the bracket is the answer

    const double t0 = std::log(l0), t1 = std::log(lambda);
    const auto bound = [&](double, double re_max, double im) {
        return mean_dimers_complex_bound(m, nu, re_max, im);
    };
    const double strip = std::numbers::pi * 0.999;
    unsigned best_total = ~0u;
    for (unsigned panels = 1; panels <= 64; ++panels) {
        const double width = (t1 - t0) / panels;
        unsigned k = 1;
        double total_bound = 0;
        for (; k <= 64; ++k) {
            total_bound = 0;
            for (unsigned p = 0; p < panels; ++p)
                total_bound +=
                    gauss_legendre_error_bound(k, t0 + p * width, t0 + (p + 1) * width, strip, bound);
            if (total_bound <= tolerance) break;
        }
        if (k > 64) continue;
        if (panels * k < best_total) {
            best_total = panels * k;
            path.panels = panels;
            path.nodes_per_panel = k;
            path.quadrature_bound = total_bound;
        }
    }
    if (best_total == ~0u)
        throw InfeasibleError("no Gauss-Legendre rule of at most 64 x 64 nodes meets the tolerance");
    const double width = (t1 - t0) / path.panels;
    for (unsigned p = 0; p < path.panels; ++p) {
        const QuadratureRule rule =
            gauss_legendre(path.nodes_per_panel, t0 + p * width, t0 + (p + 1) * width);
        for (std::size_t i = 0; i < rule.nodes.size(); ++i) {
            path.node_lambdas.push_back(std::exp(rule.nodes[i]));
            path.weights.push_back(rule.weights[i]);
        }
    }
    return path;
}

}  // namespace dimerlab
