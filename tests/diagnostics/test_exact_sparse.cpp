// The sparse exact path (Lanczos gap, per-start TV propagation) against the dense one on chains
// both can do, and against the reference values of docs/algorithms.md §6.4.
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "diagnostics/exact_chain.hpp"
#include "diagnostics/per_start_tv.hpp"
#include "diagnostics/spectral_gap.hpp"
#include "diagnostics/total_variation.hpp"
#include "mixing_reference_table.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

Graph named_graph(const QString& name) {
    if (name == "P4") return testing::path_graph(4);
    if (name == "C4") return testing::cycle_graph(4);
    if (name == "K4") return testing::complete_graph(4);
    if (name == "grid3x3") return testing::grid_graph(3, 3);
    if (name == "grid3x4") return testing::grid_graph(3, 4);  // 823 states
    if (name == "K2,3") return testing::complete_bipartite_graph(2, 3);
    if (name == "random") return testing::random_graph(9, 14, 5);
    qFatal("unknown graph");
}

}  // namespace

class TestExactSparse : public QObject {
    Q_OBJECT
  private slots:
    void lanczos_gap_equals_dense_gap_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<int>("dynamics");
        QTest::addColumn<double>("lambda");
        for (const char* g : {"grid3x3", "grid3x4", "K2,3", "random"}) {
            for (double l : {0.5, 1.0, 3.0}) {
                QTest::addRow("%s glauber %g", g, l) << QString(g) << int(Dynamics::glauber) << l;
                QTest::addRow("%s js %g", g, l) << QString(g) << int(Dynamics::jerrum_sinclair) << l;
            }
        }
    }
    void lanczos_gap_equals_dense_gap() {
        QFETCH(QString, graph);
        QFETCH(int, dynamics);
        QFETCH(double, lambda);
        const ExactChain c = build_exact_chain(named_graph(graph), static_cast<Dynamics>(dynamics), lambda);
        const SpectralSummary dense = spectral_analysis(c);
        const SpectralSummary sparse = sparse_spectral_analysis(c);
        QVERIFY(!sparse.full_spectrum);
        QVERIFY2(
            std::abs(dense.gap - sparse.gap) < 1e-9,
            qPrintable(QString("dense %1 sparse %2").arg(dense.gap, 0, 'g', 17).arg(sparse.gap, 0, 'g', 17)));
        QVERIFY(std::abs(dense.min_eigenvalue - sparse.min_eigenvalue) < 1e-9);
        QVERIFY(std::abs(dense.absolute_gap - sparse.absolute_gap) < 1e-9);
    }

    // Per-start propagation: exact wherever d(t) > stop_below (same values as the dense all-starts
    // product to rounding), an upper bound <= stop_below below it, and the same t_mix(1/4).
    void per_start_curve_equals_dense_curve() {
        for (const char* name : {"grid3x3", "grid3x4", "K2,3"}) {
            for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
                const ExactChain c = build_exact_chain(named_graph(name), d, 2.0);
                const double stop = 0.02;
                const TvCurve dense = worst_start_tv_curve(c, {.stop_below = stop});
                PerStartTvOptions opt;
                opt.stop_below = stop;
                opt.threads = 2;
                const TvCurve sparse = per_start_tv_curve(c, opt);
                QVERIFY(sparse.tail_is_bound);
                QCOMPARE(sparse.tv.size(), dense.tv.size());
                QCOMPARE(sparse.tmix_quarter, dense.tmix_quarter);
                for (std::size_t t = 0; t < dense.tv.size(); ++t) {
                    if (dense.tv[t] > stop) {
                        QVERIFY2(std::abs(sparse.tv[t] - dense.tv[t]) < 1e-12, name);
                        // The recorded worst start attains d(t) (ties may pick another start).
                        const auto p = start_distributions(c, sparse.worst_start[t], {t});
                        QVERIFY2(std::abs(tv_to_stationary(p[0], c.pi) - dense.tv[t]) < 1e-12, name);
                    } else {
                        QVERIFY2(sparse.tv[t] >= dense.tv[t] - 1e-12 && sparse.tv[t] <= stop, name);
                    }
                }
            }
        }
    }

    // docs/algorithms.md §6.4 through the sparse path only.
    void sparse_path_reproduces_reference_table_data() { testing::add_mixing_reference_rows(); }
    void sparse_path_reproduces_reference_table() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(int, dynamics);
        QFETCH(double, gap);
        QFETCH(int, tmix);
        const ExactChain c = build_exact_chain(named_graph(graph), static_cast<Dynamics>(dynamics), lambda);
        const SpectralSummary s = sparse_spectral_analysis(c);
        QVERIFY2(std::abs(s.gap - gap) < 1e-6, qPrintable(QString("gap %1").arg(s.gap, 0, 'g', 10)));
        const TvCurve tv = per_start_tv_curve(c);
        QVERIFY(tv.tmix_quarter.has_value());
        QCOMPARE(static_cast<int>(*tv.tmix_quarter), tmix);
    }

    void c4_closed_form_through_lanczos() {
        const SpectralSummary s =
            sparse_spectral_analysis(build_exact_chain(testing::cycle_graph(4), Dynamics::glauber, 1.0));
        QVERIFY(std::abs(s.gap - (2 - std::sqrt(2.0)) / 8) < 1e-12);
    }

    // start_distributions is a probability vector that converges to π.
    void start_distributions_are_distributions() {
        const ExactChain c = build_exact_chain(testing::grid_graph(3, 3), Dynamics::glauber, 1.5);
        const auto p = start_distributions(c, 0, {0, 1, 10, 5000});
        QCOMPARE(p[0][0], 1.0);
        for (const auto& d : p) {
            double total = 0;
            for (double x : d) {
                QVERIFY(x >= -1e-15);
                total += x;
            }
            QVERIFY(std::abs(total - 1) < 1e-12);
        }
        QVERIFY(tv_to_stationary(p[3], c.pi) < 1e-6);
    }
};

QTEST_APPLESS_MAIN(TestExactSparse)
#include "test_exact_sparse.moc"
