// The projection of an estimate's time (core/counting/approx/estimate_cost): the work shape
// n²/ε², the warning above the threshold and not below it (rates injected), the suggested ε and
// the time left of a running estimate.
#include <QTest>
#include <cmath>

#include "counting/approx/estimate_cost.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

class TestEstimateCost : public QObject {
    Q_OBJECT
  private slots:
    void work_scales_as_one_over_epsilon_squared_and_about_n_squared() {
        constexpr ApproxMethod pp = ApproxMethod::paired_product;
        const double base = projected_estimate_updates(1024, 1.0, 0.02, pp);
        QVERIFY(std::abs(projected_estimate_updates(1024, 1.0, 0.01, pp) / base - 4.0) < 1e-12);
        const double quadruple = projected_estimate_updates(4096, 1.0, 0.02, pp) / base;
        QVERIFY(quadruple > 16 && quadruple < 16 * 1.2);                  // n² times the slow growth n^0.07
        QVERIFY(projected_estimate_updates(1024, 4.0, 0.02, pp) > base);  // larger λ costs more
        QCOMPARE(projected_estimate_updates(1024, 0.5, 0.02, pp), base);  // and smaller λ no less
        // The measured torus:32x32 run of docs/algorithms.md §5.5 (1.85e11 updates at ε = 0.02)
        // is within the model's factor of two.
        QVERIFY(base > 1.85e11 / 2 && base < 1.85e11 * 2);
        QVERIFY_THROWS_EXCEPTION(InputError, projected_estimate_updates(64, 1.0, 0.0));
        QVERIFY_THROWS_EXCEPTION(InputError, project_estimate(64, 1.0, 0.1, 0.0));
    }

    // The control variate's model against the runs recorded in docs/algorithms.md §5.6, each
    // within the model's factor of two; its floor keeps the work from vanishing at large ε.
    void control_variate_model_matches_the_recorded_runs() {
        const struct {
            std::uint64_t n;
            double lambda, epsilon, updates;
        } runs[] = {{256, 1, 0.05, 2.73e7},  {256, 4, 0.05, 6.31e7},  {1024, 1, 0.05, 2.34e8},
                    {1024, 1, 0.01, 2.86e9}, {4096, 1, 0.05, 2.80e9}, {80400, 5, 8, 8.77e9}};
        for (const auto& r : runs) {
            const double projected = projected_estimate_updates(r.n, r.lambda, r.epsilon);
            QVERIFY2(projected > r.updates / 2 && projected < r.updates * 2,
                     qPrintable(QString("n=%1 λ=%2 ε=%3: %4 vs %5")
                                    .arg(r.n)
                                    .arg(r.lambda)
                                    .arg(r.epsilon)
                                    .arg(projected)
                                    .arg(r.updates)));
        }
        QVERIFY(projected_estimate_updates(1024, 1, 5) >= 8e4 * 1024);
    }

    // grid:64x64 (n = 4096) at ε = 0.05: about 4e11 updates. At 3e7 updates/s that is hours:
    // warn; at 1e12 updates/s (injected) it is under a second: no warning.
    void warns_above_the_threshold_and_not_below() {
        const LongEstimateAdvice slow =
            advise_estimate(4096, 1.0, 0.05, 3e7, 180, 60, 1.0, ApproxMethod::paired_product);
        QVERIFY(slow.warn);
        QVERIFY(slow.projection.seconds > 180);
        QVERIFY(slow.suggested_epsilon > 0.05 && slow.suggested_epsilon <= 1.0);
        QVERIFY2(slow.suggested.seconds <= 60 * 1.05 || slow.suggested_epsilon == 1.0,
                 qPrintable(QString::number(slow.suggested.seconds)));
        const LongEstimateAdvice fast = advise_estimate(4096, 1.0, 0.05, 1e12);
        QVERIFY(!fast.warn);
        QCOMPARE(fast.suggested_epsilon, 0.0);
        // Around the threshold: 1% faster than the rate that makes the projection 180 s does not
        // warn, 1% slower does.
        const double updates = projected_estimate_updates(256, 1.0, 0.02);
        QVERIFY(!advise_estimate(256, 1.0, 0.02, updates / 180 * 1.01).warn);
        QVERIFY(advise_estimate(256, 1.0, 0.02, updates / 180 / 1.01).warn);
    }

    void suggested_epsilon_reaches_the_target() {
        // Paired product, pure 1/ε² work: ε' = ε √(T/target), rounded up to two digits, projects to
        // at or just below the target.
        constexpr ApproxMethod pp = ApproxMethod::paired_product;
        const double updates = projected_estimate_updates(1024, 1.0, 0.02, pp);
        const LongEstimateAdvice a = advise_estimate(1024, 1.0, 0.02, updates / 600, 180, 60, 1.0, pp);
        QVERIFY(a.warn);
        QVERIFY(std::abs(a.projection.seconds - 600) < 1e-6);
        QVERIFY(a.suggested_epsilon >= 0.02 * std::sqrt(10.0) - 1e-12);
        QVERIFY(a.suggested_epsilon <= 0.02 * std::sqrt(10.0) * 1.02);
        QVERIFY(a.suggested.seconds <= 60 && a.suggested.seconds > 55);
        // Capped at the largest ε the panel accepts.
        QCOMPARE(advise_estimate(1 << 20, 1.0, 0.5, 1e6).suggested_epsilon, 1.0);
        // The control variate's floor does not shrink with ε: the suggestion still meets the target
        // (torus:32x32 at ε = 0.01 projected at 10 minutes), and the next smaller two-digit value
        // would not.
        const double cv = projected_estimate_updates(1024, 1.0, 0.01);
        const LongEstimateAdvice b = advise_estimate(1024, 1.0, 0.01, cv / 600);
        QVERIFY(b.warn && b.suggested.seconds <= 60);
        const double step = std::pow(10.0, std::floor(std::log10(b.suggested_epsilon)) - 1);
        QVERIFY(project_estimate(1024, 1.0, b.suggested_epsilon - step, cv / 600).seconds > 60);
    }

    void time_left_from_the_rate_so_far() {
        QCOMPARE(estimate_seconds_left(1e9, 250000000, 10.0), 30.0);
        QCOMPARE(estimate_seconds_left(1e9, 2000000000, 10.0), 0.0);
        QVERIFY(std::isinf(estimate_seconds_left(1e9, 0, 0.0)));
    }
};

QTEST_GUILESS_MAIN(TestEstimateCost)
#include "test_estimate_cost.moc"
