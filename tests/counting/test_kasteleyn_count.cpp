// Kasteleyn's determinant (docs/algorithms.md §4.8) against independent counts: the closed forms
// of the Aztec diamond and MacMahon's hexagon, exactly as big integers, and the frontier DP's
// matching polynomial on random regions of the square and honeycomb lattices, with and without
// holes. Random regions use fixed seeds. With weights: the exact weighted sum against the weighted
// frontier DP (periodic, two-periodic and file-like decimal weights, forced dimers included) and
// q-MacMahon's product on a box beyond the DP's reach, exactly as rationals.
#include <gmpxx.h>

#include <QTest>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "graph/families/families.hpp"
#include "graph/graph_spec.hpp"
#include "q_macmahon.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// The subgraph on the kept vertices, with their drawing.
Graph induced(const Graph& g, const std::vector<char>& keep) {
    std::vector<VertexId> id(g.num_vertices(), UINT32_MAX);
    std::vector<Point2> xy;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (keep[v]) {
            id[v] = static_cast<VertexId>(xy.size());
            xy.push_back(g.layout()[v]);
        }
    std::vector<Edge> edges;
    for (const Edge& e : g.edges())
        if (keep[e.u] && keep[e.v]) edges.push_back({id[e.u], id[e.v]});
    Graph h(static_cast<std::uint32_t>(xy.size()), edges);
    h.set_layout(std::move(xy));
    return h;
}

mpz_class perfect_matchings_by_polynomial(const Graph& g) {
    const MatchingPolynomial p = exact_matching_polynomial(g);
    const std::size_t half = g.num_vertices() / 2;
    return g.num_vertices() % 2 == 0 && half < p.coefficients.size() ? p.coefficients[half] : mpz_class(0);
}

mpz_class macmahon(unsigned a, unsigned b, unsigned c) {
    mpq_class product = 1;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j)
            for (unsigned k = 1; k <= c; ++k) product *= mpq_class(i + j + k - 1, i + j + k - 2);
    product.canonicalize();
    return product.get_num();
}

// Random regions: the lattice less `dominoes` random disjoint edges' two ends (one vertex of each
// colour, so the region stays balanced): some regions split, some have holes, some have no tiling.
void compare_on_random_regions(const char* spec, int dominoes, unsigned seed, int regions) {
    const Graph g = make_graph(spec);
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<EdgeId> pick(0, g.num_edges() - 1);
    int nonzero = 0;
    for (int r = 0; r < regions; ++r) {
        std::vector<char> keep(g.num_vertices(), 1);
        for (int d = 0; d < dominoes;) {
            const Edge e = g.edge(pick(rng));
            if (!keep[e.u] || !keep[e.v]) continue;
            keep[e.u] = keep[e.v] = 0;
            ++d;
        }
        const Graph h = induced(g, keep);
        const mpz_class expected = perfect_matchings_by_polynomial(h);
        const auto why = kasteleyn_inapplicable(h);
        QVERIFY2(!why, qPrintable(QString::fromStdString(why.value_or(""))));
        const KasteleynCount k = kasteleyn_count_exact(h);
        QVERIFY2(k.count == expected, qPrintable(QString("%1 region %2: kasteleyn %3, polynomial %4")
                                                     .arg(spec)
                                                     .arg(r)
                                                     .arg(QString::fromStdString(k.count.get_str()))
                                                     .arg(QString::fromStdString(expected.get_str()))));
        nonzero += expected != 0;
    }
    QVERIFY2(nonzero >= regions / 2, qPrintable(QString("only %1 regions with a tiling").arg(nonzero)));
}

}  // namespace

class TestKasteleynCount : public QObject {
    Q_OBJECT
  private slots:
    void aztec_diamonds_have_two_to_the_n_n_plus_one_over_two_tilings() {
        for (unsigned n : {1u, 2u, 3u, 5u, 8u, 50u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            const KasteleynCount k = kasteleyn_count_exact(g);
            mpz_class expected;
            mpz_ui_pow_ui(expected.get_mpz_t(), 2, n * (n + 1) / 2);
            QVERIFY2(k.count == expected,
                     qPrintable(QString("aztec:%1: %2").arg(n).arg(k.count.get_str().c_str())));
            QCOMPARE(k.method, std::string("kasteleyn-modular-crt"));
        }
    }

    void hexagons_have_macmahons_number_of_tilings() {
        for (auto [a, b, c] : {std::array<unsigned, 3>{1, 1, 1}, {2, 3, 4}, {5, 5, 5}, {20, 20, 20}}) {
            const Graph g = make_graph("hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," +
                                       std::to_string(c));
            const KasteleynCount k = kasteleyn_count_exact(g);
            QVERIFY2(k.count == macmahon(a, b, c), qPrintable(QString::fromStdString(g.spec())));
        }
    }

    // Kasteleyn's product for the m x n grid, Π_{j ≤ ⌈m/2⌉, k ≤ ⌈n/2⌉} (4cos²(πj/(m+1)) +
    // 4cos²(πk/(n+1))), in floating point: an independent value for grids beyond the DP.
    void grids_agree_with_kasteleyns_product_formula() {
        for (auto [rows, cols] : {std::pair{8u, 8u}, {40u, 40u}, {30u, 52u}}) {
            long double log_product = 0;
            const long double pi = 3.14159265358979323846264338327950288L;
            for (unsigned j = 1; j <= (rows + 1) / 2; ++j)
                for (unsigned k = 1; k <= (cols + 1) / 2; ++k) {
                    const long double a = std::cos(pi * j / (rows + 1)), b = std::cos(pi * k / (cols + 1));
                    log_product += std::log(4 * a * a + 4 * b * b);
                }
            const KasteleynCount k = kasteleyn_count_exact(
                make_graph("grid:" + std::to_string(rows) + "x" + std::to_string(cols)));
            QVERIFY2(std::abs(k.log_count - double(log_product)) <= 1e-12 * double(log_product),
                     qPrintable(QString("%1x%2: %3 vs %4")
                                    .arg(rows)
                                    .arg(cols)
                                    .arg(k.log_count, 0, 'g', 17)
                                    .arg(double(log_product), 0, 'g', 17)));
        }
    }

    // 20 random regions of each lattice against the frontier DP's top coefficient.
    void random_square_regions_agree_with_the_matching_polynomial() {
        compare_on_random_regions("grid:6x8", 4, 7, 20);
    }
    void random_honeycomb_regions_agree_with_the_matching_polynomial() {
        compare_on_random_regions("hexagon:3,4,3", 2, 11, 20);
    }
    void regions_with_holes_agree_with_the_matching_polynomial() {
        // An 8x8 square with a 2x2 hole in its middle, and with two holes.
        const Graph g = make_graph("grid:8x8");
        for (const std::vector<std::pair<int, int>>& holes :
             {std::vector<std::pair<int, int>>{{3, 3}, {3, 4}, {4, 3}, {4, 4}},
              std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {5, 5}, {6, 5}}}) {
            std::vector<char> keep(g.num_vertices(), 1);
            for (auto [r, c] : holes) keep[r * 8 + c] = 0;
            const Graph h = induced(g, keep);
            QVERIFY(!kasteleyn_inapplicable(h));
            QCOMPARE(kasteleyn_count_exact(h).count, perfect_matchings_by_polynomial(h));
        }
    }

    void weighted_sums_equal_the_weighted_polynomial_data() {
        QTest::addColumn<QString>("spec");
        QTest::addRow("periodic grid") << "grid:6x7,h=2:1/3;5:1,v=0.7";
        // The brick wall's corner vertices have degree 1: forced dimers whose weights multiply in.
        QTest::addRow("periodic hex") << "hex:8x6,h=3:1/2,v=5/4";
        QTest::addRow("two-periodic aztec") << "aztec:5,a=1/3,b=5/2";
        QTest::addRow("q hexagon") << "hexagon:3,4,2,q=3/7";
        QTest::addRow("ladder") << "grid:2x9,h=7:1/2,v=3:1";
    }
    void weighted_sums_equal_the_weighted_polynomial() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        QVERIFY(g.weighted());
        const KasteleynCount k = kasteleyn_count_exact(g);
        QVERIFY(k.weighted);
        QCOMPARE(k.method, std::string("kasteleyn-modular-crt-weighted"));
        if (spec.startsWith("hex:")) QVERIFY(k.forced_dimers > 0);
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        QCOMPARE(2 * (p.coefficients.size() - 1), std::size_t(g.num_vertices()));
        QVERIFY2(k.weight_sum == p.coefficients.back(),
                 qPrintable(QString::fromStdString(k.weight_sum.get_str() + " vs " +
                                                   p.coefficients.back().get_str())));
        QVERIFY(std::abs(k.log_count - std::log(p.coefficients.back().get_d())) <
                1e-12 * std::abs(k.log_count) + 1e-12);
    }

    // hexagon:9,9,9 (270 lozenges) is past the frontier DP; q-MacMahon gives Σ q^volume exactly.
    void weighted_hexagon_is_q_macmahons_product() {
        const mpq_class q(2, 3);
        const unsigned a = 9, b = 9, c = 9;
        const mpq_class product = testing::q_macmahon(a, b, c, q);
        const auto power = [&](unsigned n) {
            mpq_class r = 1;
            for (unsigned i = 0; i < n; ++i) r *= q;
            return r;
        };
        const KasteleynCount k = kasteleyn_count_exact(make_graph("hexagon:9,9,9,q=2/3"));
        mpq_class volume_sum = k.weight_sum / power(unsigned(families::hexagon_q_offset(a, b)));
        volume_sum.canonicalize();
        QVERIFY(volume_sum == product);
    }

    void no_perfect_matching_gives_zero_with_a_reason() {
        // grid:3x3 has an odd number of vertices; a 4x4 square without two opposite corners
        // has two more cells of one colour.
        const KasteleynCount odd = kasteleyn_count_exact(make_graph("grid:3x3"));
        QCOMPARE(odd.count, mpz_class(0));
        QVERIFY(!odd.reason_none.empty());
        const Graph g = make_graph("grid:4x4");
        std::vector<char> keep(16, 1);
        keep[0] = keep[15] = 0;
        const KasteleynCount corners = kasteleyn_count_exact(induced(g, keep));
        QCOMPARE(corners.count, mpz_class(0));
        QVERIFY2(corners.reason_none.find("colour") != std::string::npos, corners.reason_none.c_str());
    }

    void graphs_outside_the_method_are_refused_with_the_reason() {
        QVERIFY(kasteleyn_inapplicable(make_graph("tri:4x4")).value_or("").find("bipartite") !=
                std::string::npos);
        const Graph square = make_graph("cycle:4");
        QVERIFY(kasteleyn_inapplicable(Graph(4, square.edges())).value_or("").find("drawing") !=
                std::string::npos);
        // K_{3,3} drawn in two rows crosses itself, whatever the drawing.
        std::vector<Edge> edges;
        for (VertexId a = 0; a < 3; ++a)
            for (VertexId b = 3; b < 6; ++b) edges.push_back({a, b});
        Graph k33(6, edges);
        k33.set_layout({{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}});
        QVERIFY(kasteleyn_inapplicable(k33).value_or("").find("cross") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(InputError, kasteleyn_count_exact(k33));
    }
};

QTEST_APPLESS_MAIN(TestKasteleynCount)
#include "test_kasteleyn_count.moc"
