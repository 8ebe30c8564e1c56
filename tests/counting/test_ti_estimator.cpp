// The thermodynamic-integration estimator with the exact control variate (docs/algorithms.md
// §5.6): the identity E|M| = λ E[F] by enumeration, the Gauss–Legendre rule and its error bound
// against the exact E_λ|M| of the matching polynomial, the ln Z(λ_0) bracket against the exact
// value, and the estimator's interval against exact ln Z with fixed seeds; on weighted graphs the
// same with F_w = Σ w_e over free edges, c_1 = Σ w_e and c_2 against the exact weighted polynomial.
#include <QTest>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "counting/approx/approx_count.hpp"
#include "counting/approx/gauss_legendre.hpp"
#include "counting/approx/ti_control_variate.hpp"
#include "counting/approx/ti_path.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/free_edges.hpp"
#include "model/matching.hpp"

using namespace dimerlab;
using dimerlab::testing::enumerate_matchings;

namespace {

Graph graph_of(const char* spec) {
    return make_graph(spec, BuildOptions{.with_layout = false});
}

// ∫_{t0}^{t1} E_s|M| ds = ln Z(e^{t1}) - ln Z(e^{t0}), exactly from the polynomial.
double exact_integral(const MatchingPolynomial& p, double t0, double t1) {
    return p.log_z(std::exp(t1)) - p.log_z(std::exp(t0));
}

}  // namespace

class TestTiEstimator : public QObject {
    Q_OBJECT
  private slots:
    // Σ_M λ^|M| |M| = λ Σ_M λ^|M| F(M): each matching with a dimer on e pairs with the same
    // matching without it, where e is free. At λ = 2 both sides are integers, compared exactly.
    void control_variate_identity_holds_exactly_by_enumeration() {
        for (const char* spec : {"path:7", "grid:4x4", "complete:6", "petersen", "gnp:11,0.35,seed=4"}) {
            const Graph g = graph_of(spec);
            std::uint64_t dimer_side = 0, free_side = 0;
            for (const MateArray& m : enumerate_matchings(g)) {
                const std::uint64_t k = count_dimers(m);
                dimer_side += (std::uint64_t{1} << k) * k;
                free_side += (std::uint64_t{1} << k) * free_edge_count(g, m);
            }
            QVERIFY2(dimer_side > 0, spec);
            QCOMPARE(dimer_side, 2 * free_side);
        }
    }

    // With weights: Σ_M λ^|M| Π w |M| = λ Σ_M λ^|M| Π w F_w(M), F_w = Σ w_e over the free edges.
    void weighted_control_variate_identity_holds_by_enumeration() {
        for (const char* spec : {"grid:4x4,h=2:1/2,v=3", "hex:5x4,h=0.3:2", "torus:3x4,v=5/2;1"}) {
            const Graph g = graph_of(spec);
            QVERIFY(g.weighted());
            const double lambda = 1.7;
            long double dimer_side = 0, free_side = 0;
            for (const MateArray& m : enumerate_matchings(g)) {
                long double w = 1;
                for (EdgeId e = 0; e < g.num_edges(); ++e)
                    if (m[g.edge(e).u] == g.edge(e).v) w *= lambda * g.weight(e);
                dimer_side += w * count_dimers(m);
                free_side += w * free_edge_weight(g, m);
            }
            QVERIFY2(std::abs(double(dimer_side / (lambda * free_side)) - 1) < 1e-12, spec);
        }
    }

    // The bracket and the quadrature bound with c_1 = Σ w_e and c_2 in place of m and m_2, against
    // the exact weighted polynomial.
    void weighted_bracket_and_quadrature_hold_against_the_exact_weighted_polynomial() {
        for (const char* spec : {"grid:4x4,h=2:1/2,v=3", "hex:5x4,h=0.3:2", "torus:4x4,h=10:0.1"}) {
            const Graph g = graph_of(spec);
            const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
            QCOMPARE(edge_weight_sum(g), p.coefficients[1].get_d());
            QVERIFY(std::abs(disjoint_edge_pairs(g) - p.coefficients[2].get_d()) <=
                    1e-9 * p.coefficients[2].get_d());
            for (double tolerance : {1e-1, 1e-3, 1e-6}) {
                const TiPath path = plan_ti_path(g, 3.0, tolerance);
                const double exact = p.log_z(path.lambda_bottom);
                QVERIFY2(std::abs(exact - path.log_z_bottom) <= path.bottom_half_width, spec);
                double q = 0;
                for (std::size_t k = 0; k < path.node_lambdas.size(); ++k)
                    q += path.weights[k] * p.mean_dimers(path.node_lambdas[k]);
                const double integral = p.log_z(3.0) - p.log_z(path.lambda_bottom);
                QVERIFY2(std::abs(q - integral) <= path.quadrature_bound + 1e-12, spec);
            }
        }
    }

    void gauss_legendre_integrates_polynomials_of_degree_2k_minus_1_exactly() {
        for (unsigned k : {1u, 2u, 3u, 5u, 8u, 16u}) {
            const QuadratureRule rule = gauss_legendre(k, -0.5, 2.0);
            double length = 0, top = 0, over = 0;
            for (std::size_t i = 0; i < k; ++i) {
                length += rule.weights[i];
                top += rule.weights[i] * std::pow(rule.nodes[i], 2 * k - 1);
                over += rule.weights[i] * std::pow(rule.nodes[i], 2 * k);
                if (i > 0) QVERIFY(rule.nodes[i] > rule.nodes[i - 1]);
            }
            const double exact_top = (std::pow(2.0, 2 * k) - std::pow(-0.5, 2 * k)) / (2 * k);
            const double exact_over = (std::pow(2.0, 2 * k + 1) - std::pow(-0.5, 2 * k + 1)) / (2 * k + 1);
            QVERIFY(std::abs(length - 2.5) < 1e-13);
            QVERIFY2(std::abs(top - exact_top) < 1e-12 * std::max(1.0, exact_top),
                     qPrintable(QString::number(k)));
            // Degree 2K is not integrated exactly: the rule is no more than it claims.
            QVERIFY(std::abs(over - exact_over) > 1e-9);
        }
    }

    // The bound is a theorem about E, so it must hold at every K, including small K where it is
    // far from negligible; and it must not be vacuous: at the planned K it is below 1e-4.
    void quadrature_error_stays_within_its_bound_against_the_exact_mean() {
        for (const char* spec : {"grid:4x4", "complete:8", "cycle:13"}) {
            const Graph g = graph_of(spec);
            const MatchingPolynomial p = exact_matching_polynomial(g);
            const double m = g.num_edges(), nu = std::floor(g.num_vertices() / 2.0);
            for (const auto& [t0, t1] : {std::pair{-3.0, 0.0}, std::pair{-1.0, 2.0}, std::pair{0.5, 1.5}}) {
                const auto bound = [&](double, double re_max, double im) {
                    return mean_dimers_complex_bound(m, nu, re_max, im);
                };
                for (unsigned k = 1; k <= 12; ++k) {
                    const QuadratureRule rule = gauss_legendre(k, t0, t1);
                    double q = 0;
                    for (std::size_t i = 0; i < k; ++i)
                        q += rule.weights[i] * p.mean_dimers(std::exp(rule.nodes[i]));
                    const double error = std::abs(q - exact_integral(p, t0, t1));
                    const double stated = gauss_legendre_error_bound(k, t0, t1, 3.14, bound);
                    // 1e-12: the rounding of the double-precision reference, not of the bound.
                    QVERIFY2(error <= stated + 1e-12,
                             qPrintable(QString("%1 [%2, %3] K=%4: error %5 > bound %6")
                                            .arg(spec)
                                            .arg(t0)
                                            .arg(t1)
                                            .arg(k)
                                            .arg(error)
                                            .arg(stated)));
                }
            }
            // The planned path: error within its bound, bound within the tolerance.
            for (double lambda : {0.3, 1.0, 6.0}) {
                const TiPath path = plan_ti_path(g, lambda, 1e-4);
                QVERIFY(path.quadrature_bound <= 1e-4 && path.bottom_half_width <= 1e-4);
                double q = 0;
                for (std::size_t i = 0; i < path.weights.size(); ++i)
                    q += path.weights[i] * p.mean_dimers(path.node_lambdas[i]);
                const double error =
                    std::abs(q - exact_integral(p, std::log(path.lambda_bottom), std::log(lambda)));
                QVERIFY2(error <= path.quadrature_bound + 1e-12, qPrintable(QString("%1 at %2: %3 > %4")
                                                                                .arg(spec)
                                                                                .arg(lambda)
                                                                                .arg(error)
                                                                                .arg(path.quadrature_bound)));
                QVERIFY(path.node_lambdas.size() == std::size_t(path.panels) * path.nodes_per_panel);
            }
        }
    }

    // The bracket holds at λ_0 values where it is wide as well as at the planned one.
    void bottom_bracket_contains_the_exact_log_z() {
        for (const char* spec : {"grid:4x4", "complete:8", "petersen", "path:9"}) {
            const Graph g = graph_of(spec);
            const MatchingPolynomial p = exact_matching_polynomial(g);
            for (double tolerance : {1e-1, 1e-3, 1e-6}) {
                const TiPath path = plan_ti_path(g, 50.0, tolerance);
                const double exact = p.log_z(path.lambda_bottom);
                QVERIFY(path.bottom_half_width <= tolerance * (1 + 1e-12));
                QVERIFY2(std::abs(exact - path.log_z_bottom) <= path.bottom_half_width,
                         qPrintable(QString("%1, tolerance %2: exact %3, bracket %4 ± %5")
                                        .arg(spec)
                                        .arg(tolerance)
                                        .arg(exact)
                                        .arg(path.log_z_bottom)
                                        .arg(path.bottom_half_width)));
            }
        }
    }

    void best_mixing_minimises_the_mixed_variance() {
        const double vx = 4.0, c = 1.5, vt = 1.0;
        const double a = best_mixing(vx, c, vt);
        QVERIFY(std::abs(a - (vt - c) / (vx + vt - 2 * c)) < 1e-15);
        for (double d : {-0.1, 0.1}) QVERIFY(mixed_variance(a + d, vx, c, vt) > mixed_variance(a, vx, c, vt));
        QCOMPARE(best_mixing(1.0, 1.0, 1.0), 0.5);  // identical series: any a, 1/2 by convention
    }

    // A replica's value is ln Z(λ_0)'s centre plus Σ_k w_k Ȳ_k: on a graph small enough for
    // long runs, its error against the exact ln Z stays within 5 of its own batch-means σ.
    void one_replica_agrees_with_the_exact_log_z() {
        const Graph g = graph_of("grid:3x4");
        const MatchingPolynomial p = exact_matching_polynomial(g);
        const TiPath path = plan_ti_path(g, 2.0, 1e-4);
        ReplicaControl control;
        control.samples_per_stage = 4000;
        control.spacing_updates = g.num_edges();
        control.burn_in_updates = 5 * g.num_edges();
        const ReplicaRun run = run_ti_control_variate(g, path, 11, control);
        double variance = 0;
        for (std::size_t k = 0; k < run.unit_variance.size(); ++k) variance += run.unit_variance[k] / 4000.0;
        const double error = run.log_z - p.log_z(2.0);
        QVERIFY2(std::abs(error) <= 5 * std::sqrt(variance) + 2e-4,
                 qPrintable(QString("error %1, sigma %2").arg(error).arg(std::sqrt(variance))));
        QCOMPARE(run.node_moments.size(), path.node_lambdas.size());
    }

    // The node means are E|M| at the nodes (what the Curves figure draws from an estimate): on
    // grid:5x5 at λ = 2, each is within 4 of its own standard error of the exact mean of the
    // matching polynomial (false alarm about 1e-3 over the nodes for normal means).
    void node_means_estimate_the_mean_dimer_count_within_their_errors() {
        const Graph g = graph_of("grid:5x5");
        const MatchingPolynomial p = exact_matching_polynomial(g);
        ApproxOptions o;
        o.lambda = 2.0;
        o.epsilon = 0.05;
        o.seed = 3;
        const ApproxResult r = estimate_log_z(g, o);
        QCOMPARE(r.node_mean_dimers.size(), r.node_lambdas.size());
        QCOMPARE(r.node_mean_dimers_error.size(), r.node_lambdas.size());
        QVERIFY(r.node_lambdas.size() >= 2);
        for (std::size_t k = 0; k < r.node_lambdas.size(); ++k) {
            const double exact = p.mean_dimers(r.node_lambdas[k]);
            const double error = r.node_mean_dimers[k] - exact;
            QVERIFY2(r.node_mean_dimers_error[k] > 0, qPrintable(QString("node %1").arg(k)));
            QVERIFY2(std::abs(error) <= 4 * r.node_mean_dimers_error[k],
                     qPrintable(QString("node %1 at λ = %2: %3 against %4 ± %5")
                                    .arg(k)
                                    .arg(r.node_lambdas[k])
                                    .arg(r.node_mean_dimers[k])
                                    .arg(exact)
                                    .arg(r.node_mean_dimers_error[k])));
        }
    }

    // 40 estimates with seeds 1..40 at ε = 0.1 on three graphs (one with periodic weights), each
    // against the exact ln Z. The
    // interval is built for 95% coverage: at most 5 misses (P(Bin(40, 0.05) >= 6) = 0.048) and
    // the mean error within 3.5 of its standard error (0.0005 for normal errors).
    void interval_covers_the_exact_log_z() {
        for (const auto& [spec, lambda] : {std::pair{"grid:5x5", 1.0}, std::pair{"complete:9", 3.0},
                                           std::pair{"grid:5x6,h=2:1/2,v=3;1", 1.5}}) {
            const Graph g = graph_of(spec);
            const double exact = g.weighted() ? weighted_matching_polynomial(g).log_z(lambda)
                                              : exact_matching_polynomial(g).log_z(lambda);
            int covered = 0;
            std::vector<double> errors;
            for (std::uint64_t seed = 1; seed <= 40; ++seed) {
                ApproxOptions o;
                o.lambda = lambda;
                o.epsilon = 0.1;
                o.seed = seed;
                const ApproxResult r = estimate_log_z(g, o);
                QCOMPARE(r.method, std::string("ti-control-variate"));
                QVERIFY(r.half_width <= 0.1 + 1e-12);
                QVERIFY(std::abs(r.half_width - r.statistical_half_width - r.quadrature_bound -
                                 r.bottom_half_width) < 1e-12);
                covered += (r.ci_lo <= exact && exact <= r.ci_hi) ? 1 : 0;
                errors.push_back(r.log_z - exact);
            }
            double mean = 0, ss = 0;
            for (double e : errors) mean += e / errors.size();
            for (double e : errors) ss += (e - mean) * (e - mean);
            const double se = std::sqrt(ss / (errors.size() - 1) / errors.size());
            qInfo("%s at λ=%g: covered %d of 40, mean error %+.5f ± %.5f", spec, lambda, covered, mean, se);
            QVERIFY2(covered >= 35, qPrintable(QString("%1: covered %2 of 40").arg(spec).arg(covered)));
            QVERIFY2(std::abs(mean) <= 3.5 * se,
                     qPrintable(QString("%1: %2 ± %3").arg(spec).arg(mean).arg(se)));
        }
    }

    // Burn-in at each node and the spacing of the samples trade work for bias only: doubling both
    // moves the mean of 30 estimates (seeds 1..30, ε = 0.1) by less than 3.5 of the difference's
    // standard error (false alarm 0.0005 for normal estimates), and each mean stays within 3.5
    // standard errors of the exact value.
    void doubling_burn_in_and_spacing_leaves_the_estimate_unchanged() {
        const Graph g = graph_of("grid:5x5");
        const double exact = exact_matching_polynomial(g).log_z(2.0);
        double mean[2] = {0, 0}, var[2] = {0, 0};
        for (int setting = 0; setting < 2; ++setting) {
            std::vector<double> values;
            for (std::uint64_t seed = 1; seed <= 30; ++seed) {
                ApproxOptions o;
                o.lambda = 2.0;
                o.epsilon = 0.1;
                o.seed = seed;
                o.burn_in_sweeps = setting == 0 ? 3.0 : 6.0;
                o.sample_spacing_sweeps = setting == 0 ? 1.0 : 2.0;
                values.push_back(estimate_log_z(g, o).log_z);
            }
            for (double v : values) mean[setting] += v / values.size();
            for (double v : values)
                var[setting] += (v - mean[setting]) * (v - mean[setting]) / (values.size() - 1);
            var[setting] /= values.size();  // of the mean
            QVERIFY2(std::abs(mean[setting] - exact) <= 3.5 * std::sqrt(var[setting]),
                     qPrintable(QString("setting %1: %2 vs %3").arg(setting).arg(mean[setting]).arg(exact)));
        }
        const double se = std::sqrt(var[0] + var[1]);
        QVERIFY2(std::abs(mean[0] - mean[1]) <= 3.5 * se,
                 qPrintable(QString("%1 vs %2 ± %3").arg(mean[0]).arg(mean[1]).arg(se)));
    }

    // Each node starts from the last node's state, at a lower λ, so a burn-in shorter than the
    // chain's memory biases every node low. On the wheel W_16 with four chords at λ = 4 (a hub of
    // degree 16 that the chain forgets slowly) a fixed 3-sweep burn-in measured -0.0060 ± 0.0013
    // over seeds 1..200 at ε = 0.05 (4.6 standard errors); the pilot's measured burn-in (ten τ_int
    // of |M| per node) removes it. Checked: mean error of 200 seeds within 3 standard errors
    // (false alarm 0.0027 for normal errors), and every node's burn-in at least the option's.
    void measured_burn_in_removes_the_transient_bias() {
        std::vector<Edge> edges;
        for (std::uint32_t i = 0; i < 16; ++i) {
            edges.push_back({0, 1 + i});
            edges.push_back({1 + i, 1 + (i + 1) % 16});
        }
        for (std::uint32_t i = 0; i < 4; ++i) edges.push_back({1 + i, 1 + i + 8});
        const Graph g(17, edges);
        const double exact = exact_matching_polynomial(g).log_z(4.0);
        std::vector<double> errors;
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            ApproxOptions o;
            o.lambda = 4.0;
            o.epsilon = 0.05;
            o.seed = seed;
            o.threads = 1;
            const ApproxResult r = estimate_log_z(g, o);
            for (double b : r.node_burn_in_sweeps) QVERIFY(b >= o.burn_in_sweeps);
            errors.push_back(r.log_z - exact);
        }
        double mean = 0, ss = 0;
        for (double e : errors) mean += e / errors.size();
        for (double e : errors) ss += (e - mean) * (e - mean);
        const double se = std::sqrt(ss / (errors.size() - 1) / errors.size());
        qInfo("wheel W_16 + 4 chords at λ=4: mean error %+.5f ± %.5f", mean, se);
        QVERIFY2(std::abs(mean) <= 3 * se, qPrintable(QString("%1 ± %2").arg(mean).arg(se)));
    }
};

QTEST_APPLESS_MAIN(TestTiEstimator)
#include "test_ti_estimator.moc"
