// hexagon:A,B,C,q=Q weighs each lozenge tiling by q^volume of its plane partition. q-MacMahon: the
// exact weighted sum over tilings, with the empty box's weight q^offset divided out, equals
// Π_{i,j,k} (1 - q^{i+j+k-1}) / (1 - q^{i+j+k-2}) over the box, exactly, for several boxes and q
// (q < 1 and q > 1); q = 1 is the unweighted hexagon; count --exact reports the same sum, by the
// weighted Kasteleyn determinant on a box past the frontier DP.
#include <gmpxx.h>

#include <QtTest>

#include "cli_runner.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "graph/families/families.hpp"
#include "graph/graph_spec.hpp"
#include "q_macmahon.hpp"

using namespace dimerlab;
using dimerlab::testing::q_macmahon;

namespace {

mpq_class rational(const std::string& text) {
    mpq_class q(text, 10);
    q.canonicalize();
    return q;
}

}  // namespace

class TestHexagonQ : public QObject {
    Q_OBJECT
  private slots:
    void volume_sum_is_q_macmahon_data() {
        QTest::addColumn<unsigned>("a");
        QTest::addColumn<unsigned>("b");
        QTest::addColumn<unsigned>("c");
        QTest::addColumn<QString>("q");
        QTest::addRow("1,1,1 q=1/2") << 1u << 1u << 1u << QString("1/2");
        QTest::addRow("2,2,2 q=1/3") << 2u << 2u << 2u << QString("1/3");
        QTest::addRow("2,3,2 q=3/4") << 2u << 3u << 2u << QString("3/4");
        QTest::addRow("3,2,4 q=2") << 3u << 2u << 4u << QString("2");
        QTest::addRow("3,3,3 q=0.7") << 3u << 3u << 3u << QString("0.7");
        QTest::addRow("1,4,2 q=5") << 1u << 4u << 2u << QString("5");
    }
    void volume_sum_is_q_macmahon() {
        QFETCH(unsigned, a);
        QFETCH(unsigned, b);
        QFETCH(unsigned, c);
        QFETCH(QString, q);
        const std::string spec = "hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," +
                                 std::to_string(c) + ",q=" + q.toStdString();
        const Graph g = make_graph(spec, {.with_layout = false});
        QVERIFY(g.weighted());
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        QCOMPARE(p.coefficients.size(), std::size_t(g.num_vertices() / 2 + 1));
        const mpq_class qv = rational(parse_graph_spec(spec).q->exact);
        mpq_class offset = 1;
        for (std::uint64_t k = 0; k < families::hexagon_q_offset(a, b); ++k) offset *= qv;
        mpq_class volume_sum = p.coefficients.back() / offset;
        volume_sum.canonicalize();
        const mpq_class expected = q_macmahon(a, b, c, qv);
        QVERIFY2(volume_sum == expected,
                 qPrintable(QString::fromStdString(volume_sum.get_str() + " vs " + expected.get_str())));
    }

    void q_one_is_the_unweighted_hexagon() {
        const Graph one = make_graph("hexagon:3,2,2,q=1", {.with_layout = false});
        QVERIFY(!one.weighted());
        QCOMPARE(one.content_hash(), make_graph("hexagon:3,2,2", {.with_layout = false}).content_hash());
    }

    void count_reports_the_volume_sum() {
        const CliResult r =
            run_cli({"count", "--graph", "hexagon:2,2,2,q=1/2", "--lambda", "inf", "--exact", "--json"});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.json()["q_volume_sum"].toString(),
                 QString::fromStdString(q_macmahon(2, 2, 2, mpq_class(1, 2)).get_str()));
        // Past the frontier DP's width the weighted Kasteleyn determinant counts, exactly (reduced to
        // the hexagon's 8 non-intersecting paths).
        const CliResult big =
            run_cli({"count", "--graph", "hexagon:10,9,8,q=3/4", "--lambda", "inf", "--exact", "--json"});
        QCOMPARE(big.exit_code, 0);
        QCOMPARE(big.json()["method"].toString(), QString("kasteleyn-path-reduction-crt-weighted"));
        QCOMPARE(big.json()["kasteleyn"].toObject()["paths"].toInt(), 8);
        QCOMPARE(big.json()["q_volume_sum"].toString(),
                 QString::fromStdString(q_macmahon(10, 9, 8, mpq_class(3, 4)).get_str()));
        // --progress: the modular determinants counted on stderr, the JSON alone on stdout.
        const CliResult shown =
            run_cli({"count", "--graph", "hexagon:10,9,8,q=3/4", "--lambda", "inf", "--progress", "--json"});
        QCOMPARE(shown.exit_code, 0);
        const int primes = shown.json()["kasteleyn"].toObject()["primes"].toInt();
        QVERIFY2(shown.err.contains(
                     QString("progress: Kasteleyn's determinant modulo prime %1 of %1").arg(primes).toUtf8()),
                 shown.err.constData());
        const CliResult bad =
            run_cli({"count", "--graph", "hexagon:2,2,2,q=-1", "--lambda", "inf", "--exact"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("q = '-1'") && bad.err.contains("positive"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHexagonQ)
#include "test_hexagon_q.moc"
