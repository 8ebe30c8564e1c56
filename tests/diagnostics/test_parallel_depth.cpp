// Parallel-depth diagnostics: the rounds of the exact Jacobi backend per block equal the one-pass
// oracle R* of docs/algorithms.md §3.4 block by block (and the matchings agree), R* never exceeds the
// number of live updates of a block, and the bound scale is min{Δ, m^{1/3}, √n}.
#include <QtTest>
#include <cmath>

#include "diagnostics/parallel_depth.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

class TestParallelDepth : public QObject {
    Q_OBJECT
  private slots:
    void rounds_equal_oracle_data() {
        QTest::addColumn<int>("graph");
        QTest::addColumn<double>("lambda");
        for (double l : {0.25, 1.0, 16.0}) {
            QTest::addRow("grid 24x24 lambda=%g", l) << 0 << l;
            QTest::addRow("random lambda=%g", l) << 1 << l;
            QTest::addRow("K12 lambda=%g", l) << 2 << l;
        }
    }
    void rounds_equal_oracle() {
        QFETCH(int, graph);
        QFETCH(double, lambda);
        const Graph g = graph == 0   ? testing::grid_graph(24, 24)
                        : graph == 1 ? testing::random_graph(300, 900, 4)
                                     : testing::complete_graph(12);
        ParallelDepthOptions o;
        o.lambda = lambda;
        o.seed = 7;
        o.blocks = 6;
        o.threads = 2;
        const ParallelDepthReport r = measure_parallel_depth(g, o);
        QCOMPARE(r.blocks, std::uint64_t{6});
        QCOMPARE(r.block_updates, std::uint64_t{g.num_edges()});
        QCOMPARE(r.oracle_depth.size(), r.rounds.size());
        QCOMPARE(r.oracle_mismatches, std::uint64_t{0});
        for (std::size_t b = 0; b < r.rounds.size(); ++b) {
            QCOMPARE(r.rounds[b], r.oracle_depth[b]);
            QVERIFY(r.rounds[b] <= r.block_updates);  // each round determines at least one update
            QVERIFY(r.rounds[b] >= 1);                // every block of m updates has a live one here
        }
        QVERIFY(r.rounds_max >= r.rounds_mean);
        QVERIFY(r.work_per_update >= 0 && r.work_per_update <= r.rounds_max);
        QCOMPARE(r.bound, std::min({double(g.max_degree()), std::cbrt(double(g.num_edges())),
                                    std::sqrt(double(g.num_vertices()))}));
    }

    // Block size does not change the trajectory, so the oracle agrees at any block length.
    void other_block_length() {
        ParallelDepthOptions o;
        o.lambda = 4;
        o.blocks = 5;
        o.block_updates = 97;
        const ParallelDepthReport r = measure_parallel_depth(testing::torus_graph(10, 10), o);
        QCOMPARE(r.block_updates, std::uint64_t{97});
        QCOMPARE(r.oracle_mismatches, std::uint64_t{0});
        QCOMPARE(r.bound, std::min(4.0, std::cbrt(200.0)));
    }
};

QTEST_APPLESS_MAIN(TestParallelDepth)
#include "test_parallel_depth.moc"
