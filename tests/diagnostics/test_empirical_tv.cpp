// The production samplers against the exact chain: the empirical TV of R independent chains from
// the worst start agrees with the exact TV(t) within a concentration bound.
//
// Tolerance (empirical_tv.hpp): |TV_emp − TV| <= ½ Σ_y sqrt(p_y(1 − p_y)/R) + sqrt(ln(2K/α)/(2R))
// for K times, false-alarm rate α = 1e-3 per call (McDiarmid; fixed seeds, so the outcome is
// deterministic: one of the 10^3 seed families would fail by chance).
#include <QtTest>
#include <cmath>

#include "diagnostics/empirical_tv.hpp"
#include "diagnostics/exact_chain.hpp"
#include "diagnostics/total_variation.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

class TestEmpiricalTv : public QObject {
    Q_OBJECT
  private slots:
    void empirical_tv_agrees_with_exact_curve_data() {
        QTest::addColumn<int>("graph");
        QTest::addColumn<int>("dynamics");
        QTest::addColumn<double>("lambda");
        QTest::addRow("C4 glauber") << 0 << int(Dynamics::glauber) << 1.0;
        QTest::addRow("K4 glauber") << 1 << int(Dynamics::glauber) << 4.0;
        QTest::addRow("K4 js") << 1 << int(Dynamics::jerrum_sinclair) << 4.0;
        QTest::addRow("grid2x3 glauber") << 2 << int(Dynamics::glauber) << 2.0;
    }
    void empirical_tv_agrees_with_exact_curve() {
        QFETCH(int, graph);
        QFETCH(int, dynamics);
        QFETCH(double, lambda);
        const Graph g = graph == 0   ? testing::cycle_graph(4)
                        : graph == 1 ? testing::complete_graph(4)
                                     : testing::grid_graph(2, 3);
        const ExactChain c = build_exact_chain(g, static_cast<Dynamics>(dynamics), lambda);
        const TvCurve curve = worst_start_tv_curve(c);
        QVERIFY(curve.tmix_quarter.has_value());
        const std::uint32_t start = curve.worst_start[*curve.tmix_quarter];
        const std::vector<std::uint64_t> times = empirical_tv_times(*curve.tmix_quarter, curve.tv.size());
        const EmpiricalTvResult r = empirical_tv(g, c, start, times, 4000, 11);
        QCOMPARE(r.points.size(), times.size());
        for (std::size_t k = 0; k < r.points.size(); ++k) {
            const EmpiricalTvPoint& p = r.points[k];
            // The start is the worst one at t_mix, so there its distance is d(t_mix) itself.
            if (p.updates == *curve.tmix_quarter) QVERIFY(std::abs(p.tv_exact - curve.tv[p.updates]) < 1e-12);
            QVERIFY(p.tv_exact <= curve.tv[std::min<std::size_t>(p.updates, curve.tv.size() - 1)] + 1e-12 ||
                    p.updates >= curve.tv.size());
            QVERIFY2(std::abs(p.tv_empirical - p.tv_exact) <= p.tolerance,
                     qPrintable(QString("t=%1 emp %2 exact %3 tol %4")
                                    .arg(p.updates)
                                    .arg(p.tv_empirical)
                                    .arg(p.tv_exact)
                                    .arg(p.tolerance)));
            // Power: the tolerance is tight enough to tell the curve's start from its t_mix value.
            QVERIFY(p.tolerance < 0.12);
        }
        QVERIFY(r.within_tolerance());
    }

    // The comparison has power: histograms taken at one time are outside the tolerance of the
    // exact distance at a clearly different time (a sampler running at the wrong speed, or on
    // the wrong clock, would be caught).
    void tolerance_separates_distinct_times() {
        const Graph g = testing::complete_graph(4);
        const ExactChain c = build_exact_chain(g, Dynamics::glauber, 4.0);
        const TvCurve curve = worst_start_tv_curve(c);
        const std::uint32_t start = curve.worst_start[*curve.tmix_quarter];
        const EmpiricalTvResult early = empirical_tv(g, c, start, {20}, 4000, 5);
        const EmpiricalTvResult late = empirical_tv(g, c, start, {150}, 4000, 5);
        QVERIFY(early.within_tolerance() && late.within_tolerance());
        QVERIFY(std::abs(early.points[0].tv_empirical - late.points[0].tv_exact) > late.points[0].tolerance);
        QVERIFY(std::abs(late.points[0].tv_empirical - early.points[0].tv_exact) > early.points[0].tolerance);
    }
};

QTEST_APPLESS_MAIN(TestEmpiricalTv)
#include "test_empirical_tv.moc"
