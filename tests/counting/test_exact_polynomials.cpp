// Exact matching polynomials: every method against closed forms, brute force, published values,
// perfect-matching formulas and Heilmann–Lieb consequences. Expected values come from formulas
// evaluated here or from docs/algorithms.md §7, never from the code under test.
#include <QTest>
#include <cmath>
#include <numeric>

#include "counting/exact/closed_forms.hpp"
#include "counting/exact/frontier_dp.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/polynomial_zeros.hpp"
#include "counting/exact/rational_lambda.hpp"
#include "counting/exact/vertex_recursion.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/matching_constants.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

using Poly = std::vector<mpz_class>;

QString show(const Poly& p) {
    QStringList s;
    for (const mpz_class& c : p) s << QString::fromStdString(c.get_str());
    return s.join(',');
}

// m_k by enumerating every matching (tests/support), independent of all exact methods.
Poly brute_force(const Graph& g) {
    const std::vector<MateArray> all = enumerate_matchings(g);
    Poly p(1, 0);
    for (const MateArray& mate : all) {
        std::size_t k = 0;
        for (std::uint32_t v = 0; v < mate.size(); ++v) k += mate[v] != kNoMate && mate[v] > v;
        if (p.size() <= k) p.resize(k + 1, 0);
        p[k] += 1;
    }
    return p;
}

Poly frontier(const Graph& g) {
    return frontier_matching_polynomial(g).coefficients;
}
Poly recursion(const Graph& g) {
    return vertex_recursion_matching_polynomial(g).coefficients;
}

mpz_class binom(unsigned n, unsigned k) {
    mpz_class r;
    mpz_bin_uiui(r.get_mpz_t(), n, k);
    return r;
}

// Kasteleyn / Temperley–Fisher product for domino tilings of a 2a×2b grid, rounded.
mpz_class kasteleyn(unsigned a, unsigned b) {
    long double prod = 1;
    const long double pi = std::acos(-1.0L);
    for (unsigned j = 1; j <= a; ++j) {
        for (unsigned k = 1; k <= b; ++k) {
            const long double cj = std::cos(pi * j / (2 * a + 1)), ck = std::cos(pi * k / (2 * b + 1));
            prod *= 4 * cj * cj + 4 * ck * ck;
        }
    }
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.0Lf", std::round(prod));
    return mpz_class(buf);
}

}  // namespace

class TestExactPolynomials : public QObject {
    Q_OBJECT
  private slots:
    void zeros_of_paths_and_stars_are_the_adjacency_spectrum_mapped() {
        // On a forest the matching polynomial is the characteristic polynomial of the adjacency
        // matrix: x^n Z(−1/x²) = det(x − A). P_n has eigenvalues 2cos(πj/(n+1)), K_{1,s} has ±√s:
        // the zeros are −1/(4cos²(πj/(n+1))), j = 1..⌊n/2⌋, and −1/s.
        for (int n : {2, 3, 7, 12, 31}) {
            const auto zeros =
                matching_polynomial_zeros(exact_matching_polynomial(make_graph("path:" + std::to_string(n))));
            QCOMPARE(int(zeros.size()), n / 2);
            for (int j = 1; j <= n / 2; ++j) {
                const double c = std::cos(M_PI * j / (n + 1));
                const double want = -1.0 / (4 * c * c);  // j = 1 is the zero nearest 0
                QVERIFY2(std::abs(zeros[j - 1] - want) <= 1e-12 * std::abs(want),
                         qPrintable(
                             QString("path:%1 zero %2: %3 vs %4").arg(n).arg(j).arg(zeros[j - 1]).arg(want)));
            }
        }
        const auto star = matching_polynomial_zeros(exact_matching_polynomial(make_graph("bipartite:1x9")));
        QCOMPARE(star.size(), std::size_t(1));
        QVERIFY(std::abs(star[0] + 1.0 / 9) < 1e-15);
    }
    void zeros_are_real_negative_beyond_the_heilmann_lieb_bound_and_rebuild_the_polynomial() {
        // Independent checks of the zeros r_i of Z = m_d Π(λ − r_i): below −1/(4(Δ−1)); their sum
        // is −m_{d−1}/m_d (Vieta); and ln m_d + Σ ln(1 − r_i) is ln Z(1) from the coefficients.
        for (const char* spec :
             {"grid:4x4", "petersen", "complete:8", "hypercube:4", "hex:6x5", "cycle:9", "grid:8x8"}) {
            const Graph g = make_graph(spec);
            const MatchingPolynomial p = exact_matching_polynomial(g);
            const auto zeros = matching_polynomial_zeros(p);
            const std::size_t d = p.coefficients.size() - 1;
            QCOMPARE(zeros.size(), d);
            const double bound = heilmann_lieb_zero_bound(g.max_degree());
            for (double r : zeros) QVERIFY2(std::isfinite(r) && r < bound, spec);
            QVERIFY(std::is_sorted(zeros.begin(), zeros.end(), std::greater<>()));
            double sum = 0, log_rebuilt = std::log(p.coefficients[d].get_d());
            for (double r : zeros) {
                sum += r;
                log_rebuilt += std::log1p(-r);
            }
            const double vieta = -mpq_class(p.coefficients[d - 1], p.coefficients[d]).get_d();
            QVERIFY2(std::abs(sum - vieta) <= 1e-9 * std::abs(vieta), spec);
            QVERIFY2(std::abs(log_rebuilt - p.log_z(1.0)) <= 1e-9 * p.log_z(1.0), spec);
        }
        // Two disjoint edges: Z = (1 + λ)², a double zero at −1 (the Δ ≤ 1 bound, met).
        const auto twice = matching_polynomial_zeros(MatchingPolynomial{{1, 2, 1}, "test"});
        QCOMPARE(twice.size(), std::size_t(2));
        for (double r : twice) QVERIFY(std::abs(r + 1) < 1e-6);
        QCOMPARE(heilmann_lieb_zero_bound(4), -1.0 / 12);
    }
    void closed_forms_match_textbook_formulas_at_small_sizes() {
        // Hand-checked small cases (docs/algorithms.md §7.1).
        QCOMPARE(show(path_polynomial(5)), QString("1,4,3"));
        QCOMPARE(show(cycle_polynomial(6)), QString("1,6,9,2"));
        QCOMPARE(show(complete_polynomial(4)), QString("1,6,3"));
        QCOMPARE(show(complete_bipartite_polynomial(3, 5)), QString("1,15,60,60"));
        QCOMPARE(show(star_polynomial(7)), QString("1,7"));
        // Totals: Fibonacci, Lucas, telephone numbers, A002720.
        const long telephone[] = {1, 1, 2, 4, 10, 26, 76, 232, 764};
        for (unsigned n = 1; n <= 8; ++n) {
            Poly p = complete_polynomial(n);
            QCOMPARE(std::accumulate(p.begin(), p.end(), mpz_class(0)), mpz_class(telephone[n]));
        }
        const long knn[] = {1, 2, 7, 34, 209, 1546};
        for (unsigned n = 1; n <= 5; ++n) {
            Poly p = complete_bipartite_polynomial(n, n);
            QCOMPARE(std::accumulate(p.begin(), p.end(), mpz_class(0)), mpz_class(knn[n]));
        }
        const long lucas[] = {4, 7, 11, 18, 29, 47, 76, 123, 199, 322, 521, 843};
        for (unsigned n = 3; n <= 14; ++n) {
            Poly p = cycle_polynomial(n);
            QCOMPARE(std::accumulate(p.begin(), p.end(), mpz_class(0)), mpz_class(lucas[n - 3]));
        }
        mpz_class f1 = 1, f2 = 2;  // F_2, F_3
        for (unsigned n = 1; n <= 30; ++n) {
            Poly p = path_polynomial(n);
            QCOMPARE(std::accumulate(p.begin(), p.end(), mpz_class(0)), f1);
            const mpz_class f3 = f1 + f2;
            f1 = f2;
            f2 = f3;
        }
    }

    void frontier_and_recursion_equal_closed_forms_on_every_family() {
        struct Case {
            Graph g;
            Poly expected;
            const char* family;
        };
        std::vector<Case> cases;
        for (unsigned n : {1u, 2u, 3u, 7u, 12u, 25u})
            cases.push_back({path_graph(n), path_polynomial(n), "path"});
        for (unsigned n : {3u, 4u, 9u, 16u, 30u})
            cases.push_back({cycle_graph(n), cycle_polynomial(n), "cycle"});
        for (unsigned n : {4u, 7u, 10u, 13u})
            cases.push_back({complete_graph(n), complete_polynomial(n), "complete"});
        for (auto [a, b] : {std::pair{2u, 3u}, {3u, 5u}, {4u, 4u}, {5u, 7u}})
            cases.push_back(
                {complete_bipartite_graph(a, b), complete_bipartite_polynomial(a, b), "complete-bipartite"});
        for (unsigned leaves : {3u, 6u, 20u})
            cases.push_back({star_graph(leaves), star_polynomial(leaves), "star"});
        for (const Case& c : cases) {
            const QString what = QString("%1 with %2 vertices").arg(c.family).arg(c.g.num_vertices());
            QVERIFY2(frontier(c.g) == c.expected, qPrintable(what + ": frontier " + show(frontier(c.g))));
            QVERIFY2(recursion(c.g) == c.expected, qPrintable(what + ": recursion " + show(recursion(c.g))));
            const MatchingPolynomial auto_p = exact_matching_polynomial(c.g);
            QVERIFY2(auto_p.coefficients == c.expected, qPrintable(what));
            if (c.g.num_vertices() >= 4) {
                QVERIFY2(auto_p.method.rfind("closed-form:", 0) == 0,
                         qPrintable(what + " used " + QString::fromStdString(auto_p.method)));
            }
        }
    }

    void tree_dynamic_program_equals_frontier_and_brute_force_on_random_trees() {
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            // Random recursive tree: vertex i attaches to a splitmix-chosen earlier vertex.
            const std::uint32_t n = 6 + std::uint32_t(seed % 9);
            std::vector<Edge> edges;
            std::uint64_t x = seed * 0x9E3779B97F4A7C15ull;
            for (std::uint32_t i = 1; i < n; ++i) {
                x ^= x >> 31;
                x *= 0xBF58476D1CE4E5B9ull;
                edges.push_back({std::uint32_t(x % i), i});
            }
            const Graph tree(n, edges);
            const Poly expected = brute_force(tree);
            QVERIFY2(forest_polynomial(tree) == expected, qPrintable(QString("seed %1").arg(seed)));
            QVERIFY2(frontier(tree) == expected, qPrintable(QString("seed %1").arg(seed)));
            QVERIFY2(recursion(tree) == expected, qPrintable(QString("seed %1").arg(seed)));
        }
    }

    void all_methods_equal_brute_force_on_small_random_graphs() {
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const std::uint32_t n = 5 + std::uint32_t(seed % 8);
            const std::uint32_t m = std::min<std::uint32_t>(n * (n - 1) / 2, n + std::uint32_t(seed % 11));
            const Graph g = random_graph(n, m, seed);
            const Poly expected = brute_force(g);
            const QString what = QString("random n=%1 m=%2 seed=%3").arg(n).arg(m).arg(seed);
            QVERIFY2(frontier(g) == expected,
                     qPrintable(what + " frontier " + show(frontier(g)) + " vs " + show(expected)));
            QVERIFY2(recursion(g) == expected, qPrintable(what + " recursion"));
            QVERIFY2(exact_matching_polynomial(g).coefficients == expected, qPrintable(what + " auto"));
        }
    }

    void natural_and_greedy_orders_give_the_same_polynomial() {
        for (const char* spec : {"grid:5x4", "torus:4x5", "aztec:3", "hypercube:4", "petersen"}) {
            const Graph g = make_graph(spec);
            std::vector<VertexId> natural(g.num_vertices());
            std::iota(natural.begin(), natural.end(), 0);
            const Poly a =
                frontier_matching_polynomial(g, make_frontier_plan(g, natural, "natural")).coefficients;
            const Poly b =
                frontier_matching_polynomial(g, make_frontier_plan(g, greedy_frontier_order(g, 0), "greedy"))
                    .coefficients;
            QVERIFY2(a == b, spec);
            QCOMPARE(show(a), show(recursion(g)));
        }
    }

    void published_small_polynomials_are_reproduced() {
        QCOMPARE(show(frontier(grid_graph(3, 2))), QString("1,7,11,3"));
        QCOMPARE(show(frontier(grid_graph(3, 3))), QString("1,12,44,56,18"));
        QCOMPARE(show(frontier(grid_graph(4, 4))), QString("1,24,224,1044,2593,3388,2150,552,36"));
        QCOMPARE(show(frontier(make_graph("hypercube:3"))), QString("1,12,42,44,9"));
        QCOMPARE(show(recursion(make_graph("hypercube:3"))), QString("1,12,42,44,9"));
        QCOMPARE(show(exact_matching_polynomial(complete_bipartite_graph(3, 5)).coefficients),
                 QString("1,15,60,60"));
        const long totals[] = {1, 1, 7, 131, 10012, 2810694};  // A028420
        for (unsigned n = 1; n <= 5; ++n)
            QCOMPARE(exact_matching_polynomial(grid_graph(n, n)).total(), mpz_class(totals[n]));
        const long two_rows[] = {2, 7, 22, 71, 228, 733, 2356, 7573};  // A030186
        for (unsigned w = 1; w <= 8; ++w)
            QCOMPARE(exact_matching_polynomial(grid_graph(w, 2)).total(), mpz_class(two_rows[w - 1]));
    }

    void top_coefficient_of_even_grids_is_kasteleyns_product() {
        const long a004003[] = {1, 2, 36, 6728};
        for (unsigned n = 1; n <= 3; ++n)
            QCOMPARE(frontier(grid_graph(2 * n, 2 * n)).back(), mpz_class(a004003[n]));
        for (auto [a, b] :
             {std::pair{1u, 1u}, {1u, 4u}, {2u, 3u}, {3u, 3u}, {2u, 5u}, {4u, 4u}, {3u, 6u}, {5u, 5u}}) {
            const Poly p = frontier(grid_graph(2 * b, 2 * a));
            QCOMPARE(p.size(), std::size_t(2 * a * b + 1));
            QVERIFY2(p.back() == kasteleyn(a, b),
                     qPrintable(QString("%1x%2: %3 vs %4")
                                    .arg(2 * a)
                                    .arg(2 * b)
                                    .arg(QString::fromStdString(p.back().get_str()))
                                    .arg(QString::fromStdString(kasteleyn(a, b).get_str()))));
        }
    }

    void aztec_diamond_perfect_matchings_are_two_to_n_n_plus_one_over_two() {
        for (unsigned n = 1; n <= 8; ++n) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            const MatchingPolynomial p = exact_matching_polynomial(g);
            QCOMPARE(p.coefficients.size(), std::size_t(n * (n + 1) + 1));
            mpz_class expected;
            mpz_ui_pow_ui(expected.get_mpz_t(), 2, n * (n + 1) / 2);
            QVERIFY2(p.coefficients.back() == expected, qPrintable(QString("aztec:%1").arg(n)));
        }
    }

    void large_lattices_are_exact_and_consistent() {
        // hypercube:5 and grid:12x12 through different routes: Q_5 by both orders, 12x12 top
        // coefficient by Kasteleyn, and m_1 = edges, m_2 = C(m,2) − Σ_v C(deg v, 2).
        for (const char* spec : {"hypercube:5", "grid:12x12", "aztec:8"}) {
            const Graph g = make_graph(spec);
            const Poly p = exact_matching_polynomial(g).coefficients;
            QCOMPARE(p[1], mpz_class(g.num_edges()));
            mpz_class pairs = binom(g.num_edges(), 2);
            for (VertexId v = 0; v < g.num_vertices(); ++v) pairs -= binom(g.degree(v), 2);
            QCOMPARE(p[2], pairs);
        }
        QCOMPARE(frontier(make_graph("grid:12x12")).back(), kasteleyn(6, 6));
        QCOMPARE(frontier(make_graph("hypercube:5")).back(),
                 mpz_class(589185));  // perfect matchings of Q_5 (A005271)
    }

    void coefficients_are_log_concave_and_variance_at_most_mean() {
        for (const char* spec :
             {"grid:6x6", "torus:4x6", "hypercube:4", "petersen", "aztec:4", "complete:9"}) {
            const MatchingPolynomial p = exact_matching_polynomial(make_graph(spec));
            const Poly& c = p.coefficients;
            for (std::size_t k = 1; k + 1 < c.size(); ++k) {
                QVERIFY2(c[k] * c[k] >= c[k - 1] * c[k + 1],
                         qPrintable(QString("%1 at k=%2").arg(spec).arg(k)));
            }
            for (double lambda : {0.1, 0.5, 1.0, 4.0, 30.0}) {
                const double mean = p.mean_dimers(lambda), var = p.variance_dimers(lambda);
                QVERIFY2(
                    var > 0 && var <= mean,
                    qPrintable(QString("%1 λ=%2: var %3 mean %4").arg(spec).arg(lambda).arg(var).arg(mean)));
            }
        }
    }

    void moments_are_derivatives_of_log_z() {
        const MatchingPolynomial p = exact_matching_polynomial(grid_graph(5, 6));
        for (double lambda : {0.25, 1.0, 4.0}) {
            const double h = 1e-4, l = std::log(lambda);
            const double d1 = (p.log_z(std::exp(l + h)) - p.log_z(std::exp(l - h))) / (2 * h);
            const double d2 =
                (p.log_z(std::exp(l + h)) - 2 * p.log_z(lambda) + p.log_z(std::exp(l - h))) / (h * h);
            QVERIFY(std::abs(d1 - p.mean_dimers(lambda)) < 1e-6);
            QVERIFY(std::abs(d2 - p.variance_dimers(lambda)) < 1e-3);
        }
    }

    void grid_statistics_match_the_reference_table() {
        // docs/algorithms.md §7.2: E|M|/n and Var|M|/n on open L×L grids.
        struct Row {
            unsigned l;
            double lambda, mean, var;
        };
        const Row rows[] = {{4, 0.25, 0.17465910, 0.089500}, {4, 1, 0.29944067, 0.083892},
                            {4, 4, 0.39740164, 0.056656},    {6, 0.25, 0.18373719, 0.090052},
                            {6, 1, 0.30632742, 0.080533},    {6, 4, 0.39851271, 0.052098}};
        for (const Row& r : rows) {
            const MatchingPolynomial p = exact_matching_polynomial(grid_graph(r.l, r.l));
            const double n = r.l * r.l;
            QVERIFY2(std::abs(p.mean_dimers(r.lambda) / n - r.mean) < 5e-8,
                     qPrintable(QString::number(p.mean_dimers(r.lambda) / n, 'g', 10)));
            QVERIFY2(std::abs(p.variance_dimers(r.lambda) / n - r.var) < 5e-6,
                     qPrintable(QString::number(p.variance_dimers(r.lambda) / n, 'g', 10)));
        }
    }

    void log_z_matches_exact_rational_value_and_decimal_printing() {
        const MatchingPolynomial p = exact_matching_polynomial(grid_graph(3, 3));
        const mpq_class lambda = parse_positive_rational("2.5");
        QCOMPARE(exact_decimal_string(p.z(lambda)), std::string("1884.125"));
        QCOMPARE(exact_decimal_string(p.z(parse_positive_rational("0.125"))),
                 std::string("3.30126953125"));  // 1 + 12/8 + 44/64 + 56/512 + 18/4096
        QCOMPARE(exact_decimal_string(p.z(parse_positive_rational("1/3"))), std::string("329/27"));
        QVERIFY(std::abs(p.log_z(2.5) - std::log(1884.125)) < 1e-12);
        QCOMPARE(exact_decimal_string(parse_positive_rational("3e-2")), std::string("0.03"));
        for (const char* bad : {"0", "-1", "abc", "", "1..2", "nan", "inf", "1/0", "0.0"}) {
            bool threw = false;
            try {
                parse_positive_rational(bad);
            } catch (const InputError&) {
                threw = true;
            }
            QVERIFY2(threw, bad);
        }
        // A huge Z stays finite in log form.
        const MatchingPolynomial big = exact_matching_polynomial(make_graph("grid:12x12"));
        QVERIFY(std::isfinite(big.log_z(1000.0)) && big.log_z(1000.0) > 72 * std::log(1000.0));
    }

    void infeasible_requests_throw_with_the_estimate_and_a_hint() {
        const Graph g = make_graph("grid:40x40");
        try {
            exact_matching_polynomial(g);
            QFAIL("no exception");
        } catch (const InfeasibleError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("grid:40x40") && what.contains("2^40") && what.contains("--epsilon") &&
                         what.contains("GB"),
                     qPrintable(what));
        }
        ExactOptions tight;
        tight.max_states = 1 << 8;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, exact_matching_polynomial(grid_graph(10, 10), tight));
        tight = {};
        tight.max_bytes = 1 << 20;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, exact_matching_polynomial(grid_graph(10, 10), tight));
        QCOMPARE(exact_matching_polynomial(grid_graph(8, 8), tight).total(),
                 mpz_class(exact_matching_polynomial(grid_graph(8, 8)).total()));
    }

    void disconnected_graphs_multiply_their_components() {
        // Two disjoint 3x3 grids plus an isolated vertex: Z = Z(3x3)².
        std::vector<Edge> edges;
        const Graph g3 = grid_graph(3, 3);
        for (const Edge& e : g3.edges()) {
            edges.push_back(e);
            edges.push_back({e.u + 9, e.v + 9});
        }
        const Graph g(19, edges);
        const MatchingPolynomial p = exact_matching_polynomial(g);
        QCOMPARE(show(p.coefficients), show(brute_force(g)));
        QCOMPARE(p.total(), mpz_class(131 * 131));
    }
};

QTEST_APPLESS_MAIN(TestExactPolynomials)
#include "test_exact_polynomials.moc"
