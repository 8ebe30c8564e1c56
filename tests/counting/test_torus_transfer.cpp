// Fixed-λ torus transfer matrix (core/counting/exact/torus_transfer, docs/algorithms.md §4.5): ln Z equals
// the exact matching polynomial (frontier DP, big integers) evaluated at λ, on tori small enough for both,
// including odd sides, both orientations and several λ.
#include <QTest>
#include <cmath>
#include <string>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/torus_transfer.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

class TestTorusTransfer : public QObject {
    Q_OBJECT
  private slots:
    void log_z_equals_the_exact_polynomial_to_1e_12() {
        const std::pair<unsigned, unsigned> sizes[] = {{3, 3}, {3, 5}, {5, 3}, {4, 6},
                                                       {6, 4}, {6, 6}, {7, 4}};
        for (const auto& [rows, cols] : sizes) {
            const std::string spec = "torus:" + std::to_string(rows) + "x" + std::to_string(cols);
            const MatchingPolynomial p =
                exact_matching_polynomial(make_graph(spec, BuildOptions{.with_layout = false}));
            // Dyadic λ: the same number in double and long double.
            for (double lambda : {0.25, 1.0, 4.0, 0.5 + 1.0 / 64}) {
                const double exact = p.log_z(lambda);
                const double value = static_cast<double>(torus_log_z(rows, cols, lambda, 2).log_z);
                QVERIFY2(std::abs(value - exact) <= 1e-12 * std::abs(exact),
                         qPrintable(QString("%1 at λ=%2: %3 vs exact %4")
                                        .arg(QString::fromStdString(spec))
                                        .arg(lambda)
                                        .arg(value, 0, 'g', 17)
                                        .arg(exact, 0, 'g', 17)));
            }
        }
    }

    void a_3x3_torus_has_the_hosoya_index_of_k3_box_k3() {
        // K3 □ K3 = torus:3x3: 18 edges; its total matching count from the exact polynomial is
        // independent of the transfer matrix, so check the orbit bookkeeping on the smallest ring.
        const TorusLogZ t = torus_log_z(3, 3, 1.0L);
        QCOMPARE(t.ring, 3u);
        QCOMPARE(t.boundary_classes, std::uint64_t(4));  // ∅, one edge, two edges, all three
        const MatchingPolynomial p =
            exact_matching_polynomial(make_graph("torus:3x3", BuildOptions{.with_layout = false}));
        QVERIFY(std::abs(std::exp(static_cast<double>(t.log_z)) - p.total().get_d()) <
                1e-9 * p.total().get_d());
    }

    void bad_sizes_and_lambdas_are_rejected() {
        QVERIFY_THROWS_EXCEPTION(InputError, torus_log_z(2, 5, 1.0L));
        QVERIFY_THROWS_EXCEPTION(InputError, torus_log_z(5, 5, 0.0L));
        QVERIFY_THROWS_EXCEPTION(InputError, torus_log_z(5, 5, -1.0L));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, torus_log_z(32, 32, 1.0L));
    }
};

QTEST_GUILESS_MAIN(TestTorusTransfer)
#include "test_torus_transfer.moc"
