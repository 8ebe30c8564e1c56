// The two-periodic Aztec diamond (a = 1/2, b = 1) has a smooth (gas) phase at its centre and a
// rough ring around it, measured by the variance of the height function over 400 independent
// exact samples (generalised shuffling, seed fixed) at orders 32, 64, 128 and 256. Each phase is
// read at four probes: the gas at (0, 0) and (±0.05, 0), (0, 0.05) in units of the order, the rough
// ring at (±0.45, 0) and (0, ±0.45); bench_two_periodic_phases prints the whole profile.
// Measured at this seed: gas 1.73, 2.11, 1.83, 2.10 and rough 4.12, 4.49, 4.61, 5.59 at N = 32 ..
// 256. A variance from 400 samples has a relative standard error of about 7%; the means of the
// four probes, partly correlated, about 0.1 (gas) and 0.2 (rough); the slopes against ln N, whose
// four values spread by Σ(ln N - mean)² = 2.4, about 0.065 and 0.13.
//  - The phases differ: at every order from 64 on, the rough mean exceeds the gas mean by more
//    than 1.5 (measured 2.4 to 3.5, each margin over 4σ).
//  - The rough variance grows like log N: slope against ln N above 0.3 (measured 0.65, 2.7σ above
//    the threshold: a false alarm below 1%).
//  - The gas variance stays bounded: slope below 0.25 (measured 0.12; a bounded variance, slope 0,
//    passes but for a 3.8σ excursion), and the value at 256 within 0.6 of the value at 64 (4σ).
#include <QtTest>
#include <cmath>
#include <string>
#include <vector>

#include "graph/graph_spec.hpp"
#include "tilings/aztec_height_variance.hpp"

using namespace dimerlab;

namespace {

double mean_of(const std::vector<double>& v, std::size_t begin, std::size_t end) {
    double s = 0;
    for (std::size_t k = begin; k < end; ++k) s += v[k];
    return s / double(end - begin);
}

double slope(const std::vector<double>& x, const std::vector<double>& y) {
    const double mx = mean_of(x, 0, x.size()), my = mean_of(y, 0, y.size());
    double sxy = 0, sxx = 0;
    for (std::size_t k = 0; k < x.size(); ++k) {
        sxy += (x[k] - mx) * (y[k] - my);
        sxx += (x[k] - mx) * (x[k] - mx);
    }
    return sxy / sxx;
}

}  // namespace

class TestTwoPeriodicPhases : public QObject {
    Q_OBJECT
  private slots:
    void gas_is_bounded_and_rough_grows_like_log_n() {
        const std::vector<Point2> probes{{0, 0},    {0.05, 0},  {-0.05, 0}, {0, 0.05},
                                         {0.45, 0}, {-0.45, 0}, {0, 0.45},  {0, -0.45}};
        std::vector<double> log_n, gas, rough;
        QString table;
        for (const std::uint32_t n : {32u, 64u, 128u, 256u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n) + ",a=1/2,b=1");
            const AztecHeightVariance v = aztec_height_variance(g, probes, 400, 7);
            log_n.push_back(std::log(double(n)));
            gas.push_back(mean_of(v.variance, 0, 4));
            rough.push_back(mean_of(v.variance, 4, 8));
            table += QString("N=%1 gas %2 rough %3; ")
                         .arg(n)
                         .arg(gas.back(), 0, 'f', 3)
                         .arg(rough.back(), 0, 'f', 3);
        }
        qInfo("%s", qPrintable(table));
        for (std::size_t k = 1; k < gas.size(); ++k) QVERIFY2(rough[k] - gas[k] > 1.5, qPrintable(table));
        const double rough_slope = slope(log_n, rough), gas_slope = slope(log_n, gas);
        qInfo("slopes against ln N: gas %.3f, rough %.3f", gas_slope, rough_slope);
        QVERIFY2(rough_slope > 0.3, qPrintable(table + QString("rough slope %1").arg(rough_slope)));
        QVERIFY2(gas_slope < 0.25, qPrintable(table + QString("gas slope %1").arg(gas_slope)));
        QVERIFY2(std::abs(gas[3] - gas[1]) < 0.6, qPrintable(table));
    }
};

QTEST_APPLESS_MAIN(TestTwoPeriodicPhases)
#include "test_two_periodic_phases.moc"
