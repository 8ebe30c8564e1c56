// Exact marginals P(v unmatched), P(e occupied) against reference values, brute force and the
// identity d ln Z / d ln λ = E|M| = Σ_e P(e occupied).
#include <QElapsedTimer>
#include <QTest>
#include <cmath>

#include "counting/exact/exact_marginals.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/matching_constants.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

class TestExactMarginals : public QObject {
    Q_OBJECT
  private slots:
    void grid_8x8_marginals_match_the_reference_values() {
        // docs/algorithms.md §7.2, λ = 1. Vertex (x, y) of grid_graph is y·W + x.
        const Graph g = grid_graph(8, 8);
        QElapsedTimer timer;
        timer.start();
        const ExactMarginals m = exact_marginals(g, 1.0);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString("%1 ms").arg(timer.elapsed())));
        QVERIFY(std::abs(m.vertex_unmatched[0] - 0.4886191382) < 1e-9);
        QVERIFY(std::abs(m.vertex_unmatched[3] - 0.4012018822) < 1e-9);      // (3,0) ~ edge midpoint
        QVERIFY(std::abs(m.vertex_unmatched[3 * 8] - 0.4012018822) < 1e-9);  // (0,3), by symmetry
        QVERIFY(std::abs(m.vertex_unmatched[3 * 8 + 3] - 0.3616854360) < 1e-9);
        const EdgeId corner = *g.find_edge(0, 1);
        QVERIFY(std::abs(m.edge_occupied[corner] - 0.2556904309) < 1e-9);
        const EdgeId centre = *g.find_edge(3 * 8 + 3, 3 * 8 + 4);
        QVERIFY(std::abs(m.edge_occupied[centre] - 0.1593369457) < 1e-9);
    }

    void marginals_equal_brute_force_frequencies_on_random_graphs() {
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            const Graph g = random_graph(9, 14, seed);
            const double lambda = 0.7 + 0.4 * double(seed);
            const std::vector<MateArray> all = enumerate_matchings(g);
            std::vector<double> unmatched(g.num_vertices(), 0), occupied(g.num_edges(), 0);
            double z = 0;
            for (const MateArray& mate : all) {
                std::size_t k = 0;
                for (std::uint32_t v = 0; v < mate.size(); ++v) k += mate[v] != kNoMate && mate[v] > v;
                const double w = std::pow(lambda, double(k));
                z += w;
                for (std::uint32_t v = 0; v < mate.size(); ++v) {
                    if (mate[v] == kNoMate) unmatched[v] += w;
                }
                for (EdgeId e = 0; e < g.num_edges(); ++e) {
                    if (mate[g.edge(e).u] == g.edge(e).v) occupied[e] += w;
                }
            }
            const ExactMarginals m = exact_marginals(g, lambda);
            QVERIFY(std::abs(m.log_z - std::log(z)) < 1e-12);
            for (VertexId v = 0; v < g.num_vertices(); ++v)
                QVERIFY(std::abs(m.vertex_unmatched[v] - unmatched[v] / z) < 1e-13);
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                QVERIFY(std::abs(m.edge_occupied[e] - occupied[e] / z) < 1e-13);
        }
    }

    void edge_marginals_sum_to_the_finite_difference_of_log_z() {
        for (const char* spec : {"grid:6x5", "torus:4x4", "hypercube:4", "aztec:3"}) {
            const Graph g = make_graph(spec);
            const MatchingPolynomial p = exact_matching_polynomial(g);
            for (double lambda : {0.3, 1.0, 5.0}) {
                const ExactMarginals m = exact_marginals(g, lambda);
                double sum = 0;
                for (double x : m.edge_occupied) sum += x;
                const double h = 1e-5, l = std::log(lambda);
                const double derivative = (p.log_z(std::exp(l + h)) - p.log_z(std::exp(l - h))) / (2 * h);
                QVERIFY2(std::abs(sum - derivative) < 1e-6 * sum,
                         qPrintable(QString("%1 λ=%2").arg(spec).arg(lambda)));
                QVERIFY(std::abs(m.log_z - p.log_z(lambda)) < 1e-10 * std::abs(p.log_z(lambda)));
                // Each vertex is unmatched or covered by exactly one incident edge.
                for (VertexId v = 0; v < g.num_vertices(); ++v) {
                    double covered = 0;
                    for (EdgeId e : g.incident_edges(v)) covered += m.edge_occupied[e];
                    QVERIFY(std::abs(covered + m.vertex_unmatched[v] - 1) < 1e-12);
                    // Lower bound from the vertex recursion (docs/algorithms.md §1.3).
                    QVERIFY(m.vertex_unmatched[v] >= 1 / (1 + lambda * g.degree(v)) - 1e-15);
                }
            }
        }
    }

    void too_many_passes_are_refused() {
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, exact_marginals(make_graph("grid:40x40"), 1.0));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, exact_marginals(make_graph("grid:14x14"), 1.0, {}, 1e6));
    }
};

QTEST_APPLESS_MAIN(TestExactMarginals)
#include "test_exact_marginals.moc"
