// τ_int (Sokal window) and ESS on synthetic AR(1) series with known τ = (1+φ)/(1−φ); FFT
// autocovariance against the direct sum; the bounded-memory monitors.
#include <QtTest>
#include <cmath>
#include <random>
#include <vector>

#include "diagnostics/autocorrelation.hpp"
#include "diagnostics/chain_monitor.hpp"
#include "diagnostics/effective_sample_size.hpp"
#include "diagnostics/integrated_autocorrelation.hpp"
#include "diagnostics/series_monitor.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

// Stationary Gaussian AR(1): x_t = φ x_{t-1} + ε_t, started from its stationary law.
std::vector<double> ar1(double phi, std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    std::vector<double> x(n);
    x[0] = normal(rng) / std::sqrt(1 - phi * phi);
    for (std::size_t t = 1; t < n; ++t) x[t] = phi * x[t - 1] + normal(rng);
    return x;
}

double ar1_tau(double phi) {
    return (1 + phi) / (1 - phi);
}

}  // namespace

class TestAutocorrelation : public QObject {
    Q_OBJECT
  private slots:
    void fft_autocovariance_matches_direct_sum() {
        const std::vector<double> x = ar1(0.7, 3001, 11);
        const std::vector<double> fft = autocovariance(x, 200);
        double mean = 0;
        for (double v : x) mean += v;
        mean /= static_cast<double>(x.size());
        QCOMPARE(fft.size(), std::size_t{201});
        for (std::size_t k = 0; k <= 200; ++k) {
            double s = 0;
            for (std::size_t t = 0; t + k < x.size(); ++t) s += (x[t] - mean) * (x[t + k] - mean);
            s /= static_cast<double>(x.size());
            QVERIFY2(std::abs(fft[k] - s) < 1e-10 * std::abs(fft[0]), qPrintable(QString::number(k)));
        }
    }

    // Tolerance: 4 standard errors of τ̂ (Madras–Sokal) plus 3% for the window's truncation bias,
    // at N = 2^18 and fixed seeds; observed deviations are below 1.5 standard errors.
    void tau_and_ess_of_ar1_match_closed_form_data() {
        QTest::addColumn<double>("phi");
        for (double phi : {0.0, 0.3, 0.6, 0.9, 0.95}) QTest::addRow("phi=%g", phi) << phi;
    }
    void tau_and_ess_of_ar1_match_closed_form() {
        QFETCH(double, phi);
        const std::size_t n = std::size_t{1} << 18;
        const std::vector<double> x = ar1(phi, n, 20240601);
        const TauEstimate est = integrated_autocorrelation(std::span<const double>(x));
        const double truth = ar1_tau(phi);
        const double tol = 4 * est.standard_error + 0.03 * truth;
        QVERIFY2(
            std::abs(est.tau - truth) < tol,
            qPrintable(QString("tau %1 vs %2 (stderr %3)").arg(est.tau).arg(truth).arg(est.standard_error)));
        QVERIFY(est.reliable);
        QVERIFY(static_cast<double>(est.window) >= 5 * est.tau);
        // Standard error is what Madras–Sokal predict for the chosen window.
        QVERIFY(std::abs(est.standard_error - est.tau * std::sqrt((4.0 * est.window + 2) / n)) < 1e-12);
        // ESS = N / τ (not N / 2τ).
        const double ess = effective_sample_size(est);
        const double ess_truth = static_cast<double>(n) / truth;
        QVERIFY2(std::abs(ess - ess_truth) < ess_truth * tol / truth * 1.2,
                 qPrintable(QString("ess %1 vs %2").arg(ess).arg(ess_truth)));
    }

    void white_noise_has_ess_about_n() {
        const std::vector<double> x = ar1(0.0, 100000, 3);
        const double ess = effective_sample_size(integrated_autocorrelation(std::span<const double>(x)));
        QVERIFY2(ess > 0.95e5 && ess < 1.05e5, qPrintable(QString::number(ess)));
    }

    void pooled_chains_match_closed_form() {
        std::vector<std::vector<double>> chains;
        for (std::uint64_t s = 0; s < 4; ++s) chains.push_back(ar1(0.8, 1 << 15, 100 + s));
        const TauEstimate est = integrated_autocorrelation(chains);
        QCOMPARE(est.samples, std::size_t{4} << 15);
        QVERIFY2(std::abs(est.tau - ar1_tau(0.8)) < 4 * est.standard_error + 0.03 * ar1_tau(0.8),
                 qPrintable(QString::number(est.tau)));
    }

    void short_series_is_flagged_unreliable_and_constant_is_nan() {
        const std::vector<double> x = ar1(0.99, 500, 5);  // τ = 199 > N / 50
        QVERIFY(!integrated_autocorrelation(std::span<const double>(x)).reliable);
        const std::vector<double> c(100, 3.0);
        const TauEstimate est = integrated_autocorrelation(std::span<const double>(c));
        QVERIFY(std::isnan(est.tau));
        QVERIFY(std::isnan(effective_sample_size(est)));
    }

    void series_monitor_keeps_the_most_recent_values() {
        SeriesMonitor m(1000);
        for (int i = 0; i < 3500; ++i) m.add(i);
        QCOMPARE(m.size(), std::size_t{1000});
        QCOMPARE(m.total_added(), std::uint64_t{3500});
        const std::vector<double> v = m.values();
        QCOMPARE(v.front(), 2500.0);
        QCOMPARE(v.back(), 3499.0);
        for (std::size_t i = 1; i < v.size(); ++i) QCOMPARE(v[i], v[i - 1] + 1);

        SeriesMonitor ar(1 << 16);
        for (double x : ar1(0.9, 200000, 9)) ar.add(x);
        const TauEstimate est = ar.estimate();
        QCOMPARE(est.samples, std::size_t{1} << 16);
        QVERIFY2(std::abs(est.tau - 19) < 4 * est.standard_error + 0.6, qPrintable(QString::number(est.tau)));
    }

    void chain_monitor_reports_lattice_observables() {
        const Graph g = testing::grid_graph(8, 8);
        auto sampler = make_cpu_sampler(g, Dynamics::glauber, 7, LambdaRecord(1.0),
                                        make_start_state(g, StartKind::empty, 7));
        ChainMonitor monitor(g, EdgeId{3}, 4096);
        for (int s = 0; s < 3000; ++s) {
            sampler->advance(g.num_edges());
            monitor.observe(sampler->mate());
        }
        const auto report = monitor.report();
        QCOMPARE(report.size(), std::size_t{4});
        QCOMPARE(QString::fromStdString(report[2].name), QString("imbalance"));
        QCOMPARE(QString::fromStdString(report[3].name), QString("edge"));
        for (const auto& e : report) {
            // docs/algorithms.md §6.5: τ(|M|) ≈ 1.4 at λ=1
            QVERIFY2(e.tau.tau > 0.5 && e.tau.tau < 20, e.name.c_str());
            QCOMPARE(e.tau.samples, std::size_t{3000});
        }
        QCOMPARE(monitor.sweeps_observed(), std::uint64_t{3000});
    }
};

QTEST_APPLESS_MAIN(TestAutocorrelation)
#include "test_autocorrelation.moc"
