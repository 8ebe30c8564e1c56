// Kasteleyn's determinant (docs/algorithms.md §4.8) against independent counts: the closed forms
// of the Aztec diamond and MacMahon's hexagon, exactly as big integers, and the frontier DP's
// matching polynomial on random regions of the square and honeycomb lattices, with and without
// holes; the path reduction on the honeycomb against the same values and the banded route. Random regions use
// fixed seeds. With weights: the exact weighted sum against the weighted frontier DP (periodic, two-periodic
// and file-like decimal weights, forced dimers included) and q-MacMahon's product on a box beyond the DP's
// reach, exactly as rationals.
#include <gmpxx.h>

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "counting/kasteleyn/banded_determinant.hpp"
#include "counting/kasteleyn/dense_determinant.hpp"
#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "counting/kasteleyn/kasteleyn_matrix.hpp"
#include "counting/kasteleyn/path_reduction.hpp"
#include "graph/families/families.hpp"
#include "graph/graph_spec.hpp"
#include "induced_subgraph.hpp"
#include "q_macmahon.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

Graph induced(const Graph& g, const std::vector<char>& keep) {
    return testing::induced_subgraph(g, keep);
}

mpz_class perfect_matchings_by_polynomial(const Graph& g) {
    const MatchingPolynomial p = exact_matching_polynomial(g);
    const std::size_t half = g.num_vertices() / 2;
    return g.num_vertices() % 2 == 0 && half < p.coefficients.size() ? p.coefficients[half] : mpz_class(0);
}

// MacMahon's Π_{i ≤ a, j ≤ b} (i + j + c − 1)/(i + j − 1), exactly.
mpz_class macmahon(unsigned a, unsigned b, unsigned c) {
    mpz_class numerator = 1, denominator = 1;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j) {
            numerator *= i + j + c - 1;
            denominator *= i + j - 1;
        }
    return numerator / denominator;
}

// Random regions: the lattice less `dominoes` random disjoint edges' two ends (one vertex of each
// colour, so the region stays balanced): some regions split, some have holes, some have no tiling.
// path_counted: how many regions the path reduction counted too.
void compare_on_random_regions(const char* spec, int dominoes, unsigned seed, int regions,
                               int& path_counted) {
    path_counted = 0;
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
        const KasteleynCount k = kasteleyn_count_exact(h, 1e12, KasteleynRoute::banded);
        QVERIFY2(k.count == expected, qPrintable(QString("%1 region %2: kasteleyn %3, polynomial %4")
                                                     .arg(spec)
                                                     .arg(r)
                                                     .arg(QString::fromStdString(k.count.get_str()))
                                                     .arg(QString::fromStdString(expected.get_str()))));
        // The path reduction, wherever the region has a reference direction (every honeycomb
        // region with a tiling: its three edge directions are matchings without alternating cycles).
        bool reduced = true;
        KasteleynCount p;
        try {
            p = kasteleyn_count_exact(h, 1e12, KasteleynRoute::paths);
        } catch (const std::invalid_argument&) {
            reduced = false;
        }
        if (reduced) {
            ++path_counted;
            QVERIFY2(p.count == expected, qPrintable(QString("%1 region %2: path reduction %3, polynomial %4")
                                                         .arg(spec)
                                                         .arg(r)
                                                         .arg(QString::fromStdString(p.count.get_str()))
                                                         .arg(QString::fromStdString(expected.get_str()))));
        }
        nonzero += expected != 0;
    }
    QVERIFY2(nonzero >= regions / 2, qPrintable(QString("only %1 regions with a tiling").arg(nonzero)));
}

}  // namespace

class TestKasteleynCount : public QObject {
    Q_OBJECT
  private slots:
    // Both routes: the banded elimination and the staggered brick wall's paths.
    void aztec_diamonds_have_two_to_the_n_n_plus_one_over_two_tilings() {
        for (unsigned n : {1u, 2u, 3u, 5u, 8u, 50u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            mpz_class expected;
            mpz_ui_pow_ui(expected.get_mpz_t(), 2, n * (n + 1) / 2);
            const KasteleynCount banded = kasteleyn_count_exact(g, 1e12, KasteleynRoute::banded);
            QVERIFY2(banded.count == expected,
                     qPrintable(QString("aztec:%1: %2").arg(n).arg(banded.count.get_str().c_str())));
            QCOMPARE(banded.method, std::string("kasteleyn-modular-crt"));
            const KasteleynCount paths = kasteleyn_count_exact(g, 1e12, KasteleynRoute::paths);
            QVERIFY2(paths.count == expected,
                     qPrintable(QString("aztec:%1 by paths: %2").arg(n).arg(paths.count.get_str().c_str())));
        }
    }

    // Both routes; the automatic choice takes the path reduction, with min(a, b, c) paths.
    void hexagons_have_macmahons_number_of_tilings() {
        for (auto [a, b, c] : {std::array<unsigned, 3>{1, 1, 1}, {2, 3, 4}, {5, 5, 5}, {20, 20, 20}}) {
            const Graph g = make_graph("hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," +
                                       std::to_string(c));
            const KasteleynCount banded = kasteleyn_count_exact(g, 1e12, KasteleynRoute::banded);
            QVERIFY2(banded.count == macmahon(a, b, c), qPrintable(QString::fromStdString(g.spec())));
            QCOMPARE(banded.method, std::string("kasteleyn-modular-crt"));
            const KasteleynCount k = kasteleyn_count_exact(g);
            QVERIFY2(k.count == macmahon(a, b, c), qPrintable(QString::fromStdString(g.spec())));
            QCOMPARE(k.method, std::string("kasteleyn-path-reduction-crt"));
            QCOMPARE(k.paths, std::min({a, b, c}));
        }
    }

    // Beyond the banded route's reach in a test's time: the path reduction's exact count of
    // hexagon:90,90,90 (24 300 rows, 90 paths, 2 674 digits) and of an unequal box.
    void large_hexagons_by_the_path_reduction_are_macmahons_number() {
        for (auto [a, b, c] : {std::array<unsigned, 3>{90, 90, 90}, {37, 52, 23}}) {
            const Graph g = make_graph("hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," +
                                       std::to_string(c));
            const KasteleynCount k = kasteleyn_count_exact(g);
            QCOMPARE(k.paths, std::min({a, b, c}));
            QVERIFY2(k.count == macmahon(a, b, c), qPrintable(QString::fromStdString(g.spec())));
            long double log_product = 0;
            for (unsigned i = 1; i <= a; ++i)
                for (unsigned j = 1; j <= b; ++j)
                    log_product += std::log(static_cast<long double>(i + j + c - 1) / (i + j - 1));
            QVERIFY(std::abs(k.log_count - double(log_product)) <= 1e-13 * k.log_count);
        }
    }

    // The reduction is algebra: det K = ±det A · det S for any entries, not only Kasteleyn's signs
    // (and, on the weighted route, for any magnitudes modulo the prime).
    // With random signs on a hexagon region's matrix (where no sign pattern is special), det S
    // times A's diagonal must equal det K up to sign modulo a prime; a wrong sign anywhere in the
    // back-substitution changes det S, not only its sign.
    void the_path_matrix_is_the_schur_complement_for_any_signs() {
        const Graph g = make_graph("hexagon:5,6,4");
        KasteleynMatrix k;
        QVERIFY(!build_kasteleyn_matrix(g, k));
        std::mt19937_64 rng(29);
        for (int trial = 0; trial < 5; ++trial) {
            for (std::int8_t& sign : k.sign) sign = rng() & 1 ? 1 : -1;
            const std::optional<PathReduction> r = reduce_to_paths(k, g);
            QVERIFY(r);
            QCOMPARE(r->paths, 4u);
            const std::vector<mpz_class> s = path_matrix(k, *r);
            const std::uint64_t p = (1ull << 61) - 1;  // a Mersenne prime
            std::vector<std::uint64_t> residues(s.size());
            for (std::size_t i = 0; i < s.size(); ++i) residues[i] = mpz_fdiv_ui(s[i].get_mpz_t(), p);
            mpz_class det_s(std::to_string(dense_determinant_mod_prime(residues, r->paths, p)));
            for (std::uint32_t row = 0; row < k.size; ++row)
                for (std::uint32_t i = k.row_begin[row]; i < k.row_begin[row + 1]; ++i)
                    if (std::int64_t(k.column[i]) == r->mate_column[row]) det_s *= k.sign[i];
            const mpz_class det_k(std::to_string(determinant_mod_prime(k, p).value));
            const mpz_class modulus(std::to_string(p));
            const auto same_up_to_sign = [&](const mpz_class& a, const mpz_class& b) {
                return mpz_class((a - b) % modulus) == 0 || mpz_class((a + b) % modulus) == 0;
            };
            QVERIFY2(same_up_to_sign(det_s, det_k),
                     qPrintable(QString("trial %1: det S %2, det K %3")
                                    .arg(trial)
                                    .arg(QString::fromStdString(det_s.get_str()))
                                    .arg(QString::fromStdString(det_k.get_str()))));
            QVERIFY(det_k != 0);
            // The weighted route's modular reduction, with random magnitudes as well.
            std::vector<std::uint64_t> magnitude(k.sign.size());
            for (std::uint64_t& m : magnitude) m = rng() % p;
            const mpz_class weighted_k(std::to_string(determinant_mod_prime(k, p, magnitude).value));
            const mpz_class weighted_paths(std::to_string(path_determinant_mod_prime(k, *r, p, magnitude)));
            QVERIFY2(same_up_to_sign(weighted_paths, weighted_k),
                     qPrintable(QString("trial %1: weighted path route %2, banded %3")
                                    .arg(trial)
                                    .arg(QString::fromStdString(weighted_paths.get_str()))
                                    .arg(QString::fromStdString(weighted_k.get_str()))));
        }
    }

    // The progress callback: called on this thread with counts that never fall, ending at
    // (primes, primes).
    void progress_reports_every_prime_up_to_the_last() {
        std::vector<std::pair<std::size_t, std::size_t>> calls;
        const KasteleynCount k = kasteleyn_count_exact(
            make_graph("hexagon:6,6,6,q=2/3"), 1e12, KasteleynRoute::automatic,
            [&](std::size_t done, std::size_t total) { calls.emplace_back(done, total); });
        QVERIFY(k.primes > 1);
        QVERIFY(!calls.empty());
        QCOMPARE(calls.back(), (std::pair<std::size_t, std::size_t>{k.primes, k.primes}));
        for (std::size_t i = 1; i < calls.size(); ++i) {
            QVERIFY(calls[i].first >= calls[i - 1].first);
            QCOMPARE(calls[i].second, std::size_t(k.primes));
        }
    }

    // On the square lattice the black-left horizontal edges form a staggered brick wall: a
    // matching whose arcs all move left, so acyclic, leaving one vertex of each colour free in
    // every second row of a grid (3 paths on grid:6x6, 20 on grid:40x40, against Kasteleyn's
    // product). A graph without a perfect matching counts 0 before any route is chosen.
    void square_lattices_reduce_to_staggered_brick_walls() {
        for (auto [spec, paths] : {std::pair{"grid:6x6", 3u}, {"grid:40x40", 20u}}) {
            const Graph g = make_graph(spec);
            KasteleynMatrix k;
            QVERIFY(!build_kasteleyn_matrix(g, k));
            const std::optional<PathReduction> r = reduce_to_paths(k, g);
            QVERIFY2(r, spec);
            QCOMPARE(r->paths, paths);
            const KasteleynCount banded = kasteleyn_count_exact(g, 1e12, KasteleynRoute::banded);
            QCOMPARE(kasteleyn_count_exact(g, 1e12, KasteleynRoute::paths).count, banded.count);
        }
        QCOMPARE(kasteleyn_count_exact(make_graph("grid:3x3"), 1e12, KasteleynRoute::paths).count,
                 mpz_class(0));
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
        int reduced = 0;
        compare_on_random_regions("grid:6x8", 4, 7, 20, reduced);
        QVERIFY2(reduced >= 10, qPrintable(QString("the path reduction counted %1 of 20").arg(reduced)));
    }
    void random_honeycomb_regions_agree_with_the_matching_polynomial() {
        int reduced = 0;
        compare_on_random_regions("hexagon:3,4,3", 2, 11, 20, reduced);
        QVERIFY2(reduced >= 10, qPrintable(QString("the path reduction counted %1 of 20").arg(reduced)));
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
        // A hexagon with a hexagonal hole in its middle: the path reduction against the DP.
        const Graph hexagon = make_graph("hexagon:4,4,4");
        std::vector<char> keep(hexagon.num_vertices(), 1);
        Point2 centre{0, 0};
        for (const Point2& p : hexagon.layout()) {
            centre.x += p.x / hexagon.num_vertices();
            centre.y += p.y / hexagon.num_vertices();
        }
        std::vector<std::pair<double, VertexId>> by_distance;
        for (VertexId v = 0; v < hexagon.num_vertices(); ++v) {
            const double dx = hexagon.layout()[v].x - centre.x, dy = hexagon.layout()[v].y - centre.y;
            by_distance.push_back({dx * dx + dy * dy, v});
        }
        std::sort(by_distance.begin(), by_distance.end());
        for (int i = 0; i < 6; ++i) keep[by_distance[i].second] = 0;  // the six triangles at the centre
        const Graph holed = induced(hexagon, keep);
        const mpz_class expected = perfect_matchings_by_polynomial(holed);
        QVERIFY(expected > 0);
        const KasteleynCount k = kasteleyn_count_exact(holed, 1e12, KasteleynRoute::paths);
        QCOMPARE(k.count, expected);
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
    // Both routes where the path reduction applies (the q-hexagon, the periodic hex's honeycomb).
    void weighted_sums_equal_the_weighted_polynomial() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        QVERIFY(g.weighted());
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        QCOMPARE(2 * (p.coefficients.size() - 1), std::size_t(g.num_vertices()));
        const KasteleynCount k = kasteleyn_count_exact(g, 1e12, KasteleynRoute::banded);
        QVERIFY(k.weighted);
        QCOMPARE(k.method, std::string("kasteleyn-modular-crt-weighted"));
        if (spec.startsWith("hex:")) QVERIFY(k.forced_dimers > 0);
        QVERIFY2(k.weight_sum == p.coefficients.back(),
                 qPrintable(QString::fromStdString(k.weight_sum.get_str() + " vs " +
                                                   p.coefficients.back().get_str())));
        QVERIFY(std::abs(k.log_count - std::log(p.coefficients.back().get_d())) <
                1e-12 * std::abs(k.log_count) + 1e-12);
        if (spec.startsWith("hexagon:")) {
            const KasteleynCount paths = kasteleyn_count_exact(g, 1e12, KasteleynRoute::paths);
            QCOMPARE(paths.method, std::string("kasteleyn-path-reduction-crt-weighted"));
            QVERIFY2(paths.weight_sum == p.coefficients.back(),
                     qPrintable(QString::fromStdString(paths.weight_sum.get_str() + " vs " +
                                                       p.coefficients.back().get_str())));
            QCOMPARE(kasteleyn_count_exact(g).method, paths.method);  // the cheaper one
        }
    }

    // hexagon:9,9,9 (270 lozenges) is past the frontier DP; q-MacMahon gives Σ q^volume exactly,
    // by both routes.
    void weighted_hexagon_is_q_macmahons_product() {
        const mpq_class q(2, 3);
        const unsigned a = 9, b = 9, c = 9;
        const mpq_class product = testing::q_macmahon(a, b, c, q);
        const auto power = [&](unsigned n) {
            mpq_class r = 1;
            for (unsigned i = 0; i < n; ++i) r *= q;
            return r;
        };
        for (const KasteleynRoute route : {KasteleynRoute::banded, KasteleynRoute::paths}) {
            const KasteleynCount k = kasteleyn_count_exact(make_graph("hexagon:9,9,9,q=2/3"), 1e12, route);
            mpq_class volume_sum = k.weight_sum / power(unsigned(families::hexagon_q_offset(a, b)));
            volume_sum.canonicalize();
            QVERIFY(volume_sum == product);
        }
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
