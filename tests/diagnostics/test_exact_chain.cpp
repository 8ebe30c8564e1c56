// Exact small-graph analysis (docs/algorithms.md §6.4): matrices built from the production rules are
// stochastic and reversible, Glauber and lazy JS are PSD, gaps and t_mix(1/4) match the reference
// table, the worst-start TV curve respects the spectral bounds, and large graphs are refused.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <set>

#include "diagnostics/exact_chain.hpp"
#include "diagnostics/spectral_gap.hpp"
#include "diagnostics/total_variation.hpp"
#include "matching_enumeration.hpp"
#include "mixing_reference_table.hpp"
#include "symmetric_eigen.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

Graph named_graph(const QString& name) {
    if (name == "P4") return testing::path_graph(4);
    if (name == "C4") return testing::cycle_graph(4);
    if (name == "K4") return testing::complete_graph(4);
    if (name == "C5") return testing::cycle_graph(5);
    if (name == "star3") return testing::star_graph(3);
    if (name == "grid2x3") return testing::grid_graph(2, 3);
    if (name == "K2,3") return testing::complete_bipartite_graph(2, 3);
    if (name == "grid3x3") return testing::grid_graph(3, 3);
    qFatal("unknown graph");
}

const QStringList kGraphs = {"P4", "C4", "K4", "C5", "star3", "grid2x3", "K2,3", "grid3x3"};

}  // namespace

class TestExactChain : public QObject {
    Q_OBJECT
  private slots:
    void states_are_exactly_the_matchings() {
        for (const QString& name : kGraphs) {
            const Graph g = named_graph(name);
            const ExactChain c = build_exact_chain(g, Dynamics::glauber, 1.0);
            const std::vector<MateArray> ref = testing::enumerate_matchings(g);
            const std::set<MateArray> a(c.states.begin(), c.states.end()), b(ref.begin(), ref.end());
            QCOMPARE(a.size(), c.states.size());  // no duplicates
            QVERIFY2(a == b, qPrintable(name));
        }
    }

    void matrices_are_stochastic_and_reversible_data() {
        QTest::addColumn<int>("dynamics");
        QTest::addColumn<double>("lambda");
        for (double l : {0.37, 1.0, 4.0, 1e-3, 250.0}) {
            QTest::addRow("glauber %g", l) << int(Dynamics::glauber) << l;
            QTest::addRow("jerrum-sinclair %g", l) << int(Dynamics::jerrum_sinclair) << l;
        }
    }
    void matrices_are_stochastic_and_reversible() {
        QFETCH(int, dynamics);
        QFETCH(double, lambda);
        for (const QString& name : kGraphs) {
            const ExactChain c =
                build_exact_chain(named_graph(name), static_cast<Dynamics>(dynamics), lambda);
            QVERIFY2(max_row_sum_error(c) < 1e-12, qPrintable(name));
            QVERIFY2(max_detailed_balance_error(c) < 1e-10, qPrintable(name));
            double total = 0;
            for (double p : c.pi) total += p;
            QVERIFY(std::abs(total - 1) < 1e-12);
        }
    }

    // Glauber: every single-edge heat-bath operator is a projection (docs/algorithms.md §2.1).
    // Lazy JS: (I + P')/2.
    void glauber_and_lazy_js_are_positive_semidefinite() {
        for (const QString& name : kGraphs) {
            for (double l : {0.37, 1.0, 4.2}) {
                for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
                    const SpectralSummary s = spectral_analysis(build_exact_chain(named_graph(name), d, l));
                    QVERIFY2(s.min_eigenvalue > -1e-12, qPrintable(name));
                    QVERIFY(std::abs(s.eigenvalues.back() - 1) < 1e-12);
                    QCOMPARE(s.absolute_gap, s.gap);
                }
            }
        }
    }

    // Eigen's solver against the test-only Jacobi solver on the same symmetrised matrix.
    void eigen_gap_agrees_with_independent_jacobi_solver() {
        for (const QString& name : kGraphs) {
            for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
                const ExactChain c = build_exact_chain(named_graph(name), d, 2.5);
                const std::size_t n = c.size();
                std::vector<double> a(n * n);
                for (std::size_t i = 0; i < n; ++i) {
                    for (std::size_t j = 0; j < n; ++j) {
                        a[i * n + j] = 0.5 * (std::sqrt(c.pi[i] / c.pi[j]) * c.at(i, j) +
                                              std::sqrt(c.pi[j] / c.pi[i]) * c.at(j, i));
                    }
                }
                const std::vector<double> ev = testing::symmetric_eigenvalues(a, n);
                const SpectralSummary s = spectral_analysis(c);
                QVERIFY2(std::abs(s.gap - (1 - ev[n - 2])) < 1e-10, qPrintable(name));
            }
        }
    }

    void c4_glauber_gap_at_lambda_one_is_closed_form() {
        const SpectralSummary s =
            spectral_analysis(build_exact_chain(testing::cycle_graph(4), Dynamics::glauber, 1.0));
        QVERIFY2(std::abs(s.gap - (2 - std::sqrt(2.0)) / 8) < 1e-12,
                 qPrintable(QString::number(s.gap, 'g', 17)));
        QVERIFY(std::abs(s.relaxation_time - 8 / (2 - std::sqrt(2.0))) < 1e-9);
    }

    // docs/algorithms.md §6.4: gaps (6 decimals) and t_mix(1/4) in updates.
    void gaps_and_mixing_times_match_reference_table_data() { testing::add_mixing_reference_rows(); }
    void gaps_and_mixing_times_match_reference_table() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(int, dynamics);
        QFETCH(double, gap);
        QFETCH(int, tmix);
        const ExactChain c = build_exact_chain(named_graph(graph), static_cast<Dynamics>(dynamics), lambda);
        const SpectralSummary s = spectral_analysis(c);
        QVERIFY2(std::abs(s.gap - gap) < 1e-6, qPrintable(QString("gap %1").arg(s.gap, 0, 'g', 10)));
        const TvCurve tv = worst_start_tv_curve(c);
        QVERIFY(tv.tmix_quarter.has_value());
        QCOMPARE(static_cast<int>(*tv.tmix_quarter), tmix);
    }

    // d(t) is non-increasing, starts at 1 − min π, and lies between ½ λ*^t and
    // ½ √((1 − π_min)/π_min) λ*^t (Levin–Peres–Wilmer, Thm 12.4 and 12.5).
    void tv_curve_respects_spectral_bounds() {
        for (const QString& name : kGraphs) {
            for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
                const ExactChain c = build_exact_chain(named_graph(name), d, 3.0);
                const SpectralSummary s = spectral_analysis(c);
                const TvCurve tv = worst_start_tv_curve(c, {.stop_below = 1e-4});
                const double pi_min = *std::min_element(c.pi.begin(), c.pi.end());
                QVERIFY(std::abs(tv.tv[0] - (1 - pi_min)) < 1e-12);
                const double star = 1 - s.absolute_gap;
                for (std::size_t t = 1; t < tv.tv.size(); ++t) {
                    QVERIFY2(tv.tv[t] <= tv.tv[t - 1] + 1e-14, qPrintable(name));
                    const double decay = std::pow(star, static_cast<double>(t));
                    QVERIFY2(tv.tv[t] >= 0.5 * decay - 1e-12, qPrintable(name));
                    QVERIFY2(tv.tv[t] <= 0.5 * std::sqrt((1 - pi_min) / pi_min) * decay + 1e-12,
                             qPrintable(name));
                }
                QVERIFY(tv.tv.back() <= 1e-4);
            }
        }
    }

    // The chromatic chain is a systematic scan with no single-update kernel: refused, not mislabelled.
    void chromatic_dynamics_is_refused() {
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 build_exact_chain(testing::grid_graph(2, 2), Dynamics::chromatic, 1.0));
    }

    // grid 5x5 has 2810694 matchings (OEIS A028420): over the default limit of 12000, which
    // admits grid 4x4 (10012).
    void too_many_states_are_refused_with_the_count() {
        bool thrown = false;
        try {
            build_exact_chain(testing::grid_graph(5, 5), Dynamics::glauber, 1.0);
        } catch (const InfeasibleError& e) {
            thrown = true;
            QVERIFY2(QString(e.what()).contains("2810694"), e.what());
        }
        QVERIFY(thrown);
        QVERIFY_THROWS_EXCEPTION(
            InfeasibleError, build_exact_chain(testing::grid_graph(4, 4), Dynamics::glauber, 1.0, 10'000));
        QCOMPARE(count_matchings_capped(testing::grid_graph(3, 3), 1'000'000), std::uint64_t{131});
        QCOMPARE(build_exact_chain(testing::grid_graph(4, 4), Dynamics::glauber, 1.0).size(),
                 std::size_t{10012});
    }
};

QTEST_APPLESS_MAIN(TestExactChain)
#include "test_exact_chain.moc"
