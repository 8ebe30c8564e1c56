// Periodic weights on grid, torus and hex (`,h=T,v=T`): every edge gets the entry of its table at
// its anchor (the left or lower end; the wrap edges of a torus leave the last column or row),
// checked here against the drawing's coordinates; the weighted matching polynomial of such graphs
// equals brute-force enumeration exactly; specs round-trip through their canonical form; bad tables
// are one error naming the entry; all-1 tables give the unweighted graph.
#include <QtTest>

#include "counting/exact/weighted_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"
#include "weighted_graphs.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

std::string spec_error(const std::string& spec) {
    try {
        (void)parse_graph_spec(spec);
    } catch (const InputError& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

class TestPeriodicWeights : public QObject {
    Q_OBJECT
  private slots:
    void grid_edges_take_the_entry_at_their_anchor() {
        const Graph g = make_graph("grid:7x5,h=1:2:3;1/2:5:7,v=11;13");
        QVERIFY(g.weighted());
        const double h[2][3] = {{1, 2, 3}, {0.5, 5, 7}}, v[2] = {11, 13};
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            const Point2 a = g.layout()[g.edge(e).u], b = g.layout()[g.edge(e).v];
            const int x = int(std::min(a.x, b.x)), y = int(std::min(a.y, b.y));
            const double expected = a.y == b.y ? h[y % 2][x % 3] : v[y % 2];
            QCOMPARE(g.weight(e), expected);
        }
    }

    void torus_wrap_edges_leave_the_last_column_and_row() {
        // Width 4 with a horizontal period of 3: the wrap edge (3, y)-(0, y) is column 3 mod 3 = 0.
        const Graph g = make_graph("torus:4x5,h=2:3:5,v=7:11");
        const auto id = [](std::uint32_t x, std::uint32_t y) { return y * 4 + x; };
        const auto weight = [&](VertexId a, VertexId b) { return g.weight(*g.find_edge(a, b)); };
        for (std::uint32_t y = 0; y < 5; ++y) {
            QCOMPARE(weight(id(3, y), id(0, y)), 2.0);
            QCOMPARE(weight(id(1, y), id(2, y)), 3.0);
            QCOMPARE(weight(id(2, y), id(3, y)), 5.0);
        }
        for (std::uint32_t x = 0; x < 4; ++x) QCOMPARE(weight(id(x, 4), id(x, 0)), x % 2 ? 11.0 : 7.0);
    }

    void weighted_polynomials_equal_brute_force_data() {
        QTest::addColumn<QString>("spec");
        QTest::addRow("grid") << "grid:3x4,h=1:2;1/2:1,v=3";
        QTest::addRow("torus") << "torus:3x4,h=0.3:2,v=5/2;1";
        QTest::addRow("hex") << "hex:5x4,h=2:1/3,v=5";
    }
    void weighted_polynomials_equal_brute_force() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        QVERIFY(g.weighted());
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        const std::vector<mpq_class> expected = brute_force_weighted_coefficients(g);
        QCOMPARE(p.coefficients.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k)
            QVERIFY2(p.coefficients[k] == expected[k], qPrintable(spec));
    }

    void specs_round_trip_and_unit_tables_are_unweighted() {
        const GraphSpec s = parse_graph_spec("grid:6x6,v=0.5:2/4;1e1:3,h=4");
        QCOMPARE(QString::fromStdString(s.canonical()), QString("grid:6x6,h=4,v=1/2:1/2;10:3"));
        QCOMPARE(parse_graph_spec(s.canonical()).canonical(), s.canonical());
        QCOMPARE(make_graph(s.canonical()).content_hash(), build_graph(s).content_hash());
        const Graph ones = make_graph("hex:6x5,h=1:1.0,v=2/2");
        QVERIFY(!ones.weighted());
        QCOMPARE(ones.content_hash(), make_graph("hex:6x5").content_hash());
        QVERIFY(make_graph("grid:6x6,h=1:2").content_hash() != make_graph("grid:6x6,h=2:1").content_hash());
    }

    void bad_tables_are_one_error_naming_the_entry_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected");
        QTest::addRow("ragged") << "grid:4x4,h=1:2;3"
                                << "row 2 has 1 entries and row 1 has 2";
        QTest::addRow("zero") << "torus:4x4,v=1;0"
                              << "row 2, entry 1 '0': weights must be positive";
        QTest::addRow("empty entry") << "hex:4x4,h=1::2"
                                     << "row 1 has an empty entry";
        QTest::addRow("not a number") << "grid:4x4,v=1:x"
                                      << "row 1, entry 2 'x'";
        QTest::addRow("twice") << "grid:4x4,h=1,h=2"
                               << "h given twice";
        QTest::addRow("unknown key") << "grid:4x4,q=2"
                                     << "grid takes h=T and v=T";
        QTest::addRow("other family") << "tri:4x4,h=2"
                                      << "unexpected ',h=2'";
    }
    void bad_tables_are_one_error_naming_the_entry() {
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        const std::string what = spec_error(spec.toStdString());
        QVERIFY2(what.find(expected.toStdString()) != std::string::npos, what.c_str());
    }
};

QTEST_APPLESS_MAIN(TestPeriodicWeights)
#include "test_periodic_weights.moc"
