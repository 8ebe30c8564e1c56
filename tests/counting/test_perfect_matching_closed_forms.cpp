// The closed-form counts of perfect matchings at λ = ∞ (Aztec diamonds, MacMahon's hexagons)
// against the top coefficient of the exact matching polynomial of the same graphs, and no
// closed form claimed for other graphs.
#include <QtTest>
#include <cmath>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/perfect_matching_closed_forms.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;

namespace {

// ln of the number of perfect matchings from the polynomial: its coefficient of λ^{n/2}.
double exact_log_perfect_matchings(const Graph& g) {
    const MatchingPolynomial p = exact_matching_polynomial(g);
    if (p.coefficients.size() != g.num_vertices() / 2 + 1 || g.num_vertices() % 2 != 0) return -1;
    return std::log(p.coefficients.back().get_d());
}

}  // namespace

class TestPerfectMatchingClosedForms : public QObject {
    Q_OBJECT
  private slots:
    void closed_forms_equal_the_polynomial_top_coefficient_data() {
        QTest::addColumn<QString>("spec");
        for (const char* spec : {"aztec:1", "aztec:2", "aztec:3", "aztec:5", "hexagon:1,1,1", "hexagon:2,2,2",
                                 "hexagon:2,3,4", "hexagon:3,3,3", "hexagon:1,4,2"})
            QTest::newRow(spec) << QString(spec);
    }
    void closed_forms_equal_the_polynomial_top_coefficient() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const auto closed = closed_form_perfect_matchings(g);
        QVERIFY(closed);
        const double exact = exact_log_perfect_matchings(g);
        QVERIFY2(exact >= 0, "the graph has a perfect matching");
        QVERIFY2(
            std::abs(closed->log_count - exact) <= 1e-12 * std::max(1.0, exact),
            qPrintable(
                QString("%1: closed form %2, polynomial %3").arg(spec).arg(closed->log_count).arg(exact)));
        QVERIFY(!closed->formula.empty());
    }

    // Known values: 2, 8, 64 tilings of the first Aztec diamonds; 20 and 980 lozenge tilings of
    // the 2,2,2 and 3,3,3 hexagons.
    void formulas_give_the_known_counts() {
        QCOMPARE(std::lround(std::exp(aztec_log_tilings(1))), 2L);
        QCOMPARE(std::lround(std::exp(aztec_log_tilings(3))), 64L);
        QCOMPARE(std::lround(std::exp(hexagon_log_tilings(2, 2, 2))), 20L);
        QCOMPARE(std::lround(std::exp(hexagon_log_tilings(3, 3, 3))), 980L);
    }

    void other_graphs_have_no_closed_form_here() {
        for (const char* spec : {"grid:4x4", "torus:4x4", "complete:6", "cycle:8"})
            QVERIFY2(!closed_form_perfect_matchings(make_graph(spec, BuildOptions{.with_layout = false})),
                     spec);
    }
};

QTEST_MAIN(TestPerfectMatchingClosedForms)
#include "test_perfect_matching_closed_forms.moc"
