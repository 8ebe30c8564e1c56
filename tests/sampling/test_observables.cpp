// Observables of a state, the streaming accumulator, and the samplers' incremental dimer count.
#include <QtTest>
#include <cmath>
#include <vector>

#include "model/matching.hpp"
#include "sampling/observables.hpp"
#include "sampling/running_stats.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

class TestObservables : public QObject {
    Q_OBJECT
  private slots:
    void measure_state_counts_dimers_monomers_and_axis_imbalance() {
        // 4x3 grid, vertex (x, y) = 4y + x. Horizontal dimers (0,1), (2,3), (9,10); vertical (4,8).
        const Graph g = testing::grid_graph(4, 3);
        MateArray mate(12, kNoMate);
        auto pair = [&](std::uint32_t a, std::uint32_t b) {
            mate[a] = b;
            mate[b] = a;
        };
        pair(0, 1);
        pair(2, 3);
        pair(9, 10);
        pair(4, 8);
        QVERIFY(matching_error(g, mate).empty());
        const StateObservables obs = measure_state(g, mate);
        QCOMPARE(obs.dimers, 4u);
        QCOMPARE(obs.monomers, 4u);
        QCOMPARE(obs.covered_fraction, 8.0 / 12.0);
        QVERIFY(obs.axis_imbalance.has_value());
        QCOMPARE(*obs.axis_imbalance, std::int64_t{2});
        // Wrap-around edges of a torus have axes too.
        const Graph t = testing::torus_graph(3, 3);
        MateArray tm(9, kNoMate);
        tm[0] = 6;  // (0,0)-(0,2): vertical across the seam
        tm[6] = 0;
        tm[1] = 2;
        tm[2] = 1;
        QVERIFY(matching_error(t, tm).empty());
        QCOMPARE(*measure_state(t, tm).axis_imbalance, std::int64_t{0});
    }

    void measure_state_has_no_imbalance_without_edge_axes() {
        const Graph g = testing::cycle_graph(6);
        const MateArray mate = {1, 0, kNoMate, kNoMate, 5, 4};
        const StateObservables obs = measure_state(g, mate);
        QCOMPARE(obs.dimers, 2u);
        QCOMPARE(obs.monomers, 2u);
        QVERIFY(!obs.axis_imbalance.has_value());
    }

    void running_stats_matches_two_pass_mean_and_variance() {
        std::vector<double> xs;
        for (int i = 0; i < 1000; ++i) xs.push_back(1e9 + std::sin(i * 0.37) * 3 + (i % 7));
        RunningStats s;
        for (double x : xs) s.add(x);
        // Reference: two passes in long double.
        long double mean_ld = 0;
        for (double x : xs) mean_ld += x;
        mean_ld /= xs.size();
        long double var_ld = 0;
        for (double x : xs) var_ld += (x - mean_ld) * (x - mean_ld);
        var_ld /= (xs.size() - 1);
        const double mean = static_cast<double>(mean_ld), var = static_cast<double>(var_ld);
        QCOMPARE(s.count(), std::uint64_t{1000});
        QVERIFY(std::abs(s.mean() - mean) < 1e-13 * mean);
        QVERIFY(std::abs(s.variance() - var) < 1e-8 * var);
        QVERIFY(std::abs(s.naive_standard_error() - std::sqrt(var / 1000)) < 1e-8 * std::sqrt(var / 1000));
        RunningStats empty;
        QCOMPARE(empty.variance(), 0.0);
        empty.add(4);
        QCOMPARE(empty.mean(), 4.0);
        QCOMPARE(empty.variance(), 0.0);
    }

    void sampler_tracked_dimers_equal_count_dimers_data() {
        QTest::addColumn<int>("dynamics");
        QTest::addRow("glauber") << int(Dynamics::glauber);
        QTest::addRow("jerrum-sinclair") << int(Dynamics::jerrum_sinclair);
    }
    void sampler_tracked_dimers_equal_count_dimers() {
        QFETCH(int, dynamics);
        const Graph graphs[] = {testing::grid_graph(9, 7), testing::torus_graph(12, 10),
                                testing::complete_graph(9), testing::random_graph(60, 150, 4),
                                testing::star_graph(7)};
        for (const Graph& g : graphs) {
            for (StartKind k : {StartKind::empty, StartKind::greedy, StartKind::maximum}) {
                auto s = make_cpu_sampler(g, static_cast<Dynamics>(dynamics), 21, LambdaRecord(0.5),
                                          make_start_state(g, k, 21));
                for (int block = 0; block < 60; ++block) {
                    if (block % 20 == 10) s->set_lambda(block % 40 == 10 ? 5.0 : 0.2);
                    s->advance(1 + 37 * block);
                    QCOMPARE(s->dimers(), count_dimers(s->mate()));
                    QVERIFY(matching_error(g, s->mate()).empty());
                    QCOMPARE(measure_state(g, s->mate()).dimers, s->dimers());
                }
            }
        }
    }

    void factory_builds_the_requested_cpu_backend() {
        const Graph g = testing::cycle_graph(5);
        auto gl = make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1.0), MateArray(5, kNoMate));
        auto js = make_cpu_sampler(g, Dynamics::jerrum_sinclair, 1, LambdaRecord(1.0), MateArray(5, kNoMate));
        QCOMPARE(gl->dynamics(), Dynamics::glauber);
        QCOMPARE(js->dynamics(), Dynamics::jerrum_sinclair);
        QCOMPARE(gl->backend_name(), std::string_view("cpu"));
        QCOMPARE(js->backend_name(), std::string_view("cpu"));
    }
};

QTEST_APPLESS_MAIN(TestObservables)
#include "test_observables.moc"
