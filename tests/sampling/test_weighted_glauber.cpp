// Weighted heat-bath Glauber: P(e occupied | rest) = λw_e/(1 + λw_e) where e is free; and the
// weighted Jerrum–Sinclair chain: additions and removals filtered by min(1, (λw_e)^±1), a slide that
// trades the dimer f for e by min(1, w_e/w_f).
//  - unit weights keep every threshold, hence every trajectory, bit for bit;
//  - the exact transition matrices of both chains, built from the production rules and the
//    samplers' threshold tables, are reversible with respect to Π_{e∈M} λw_e, computed here by
//    brute force;
//  - independent chains of the sequential, the chromatic and the Jerrum–Sinclair sampler end in that
//    law (Pearson χ², α = 1e-3 per row, six rows: a false alarm for correct samplers in about 0.6%
//    of seeds; the seeds are fixed);
//  - Jerrum–Sinclair with weight w on every edge is the unweighted chain at λw, bit for bit;
//  - cpu-parallel replays the sequential weighted trajectory bit for bit;
//  - every chain that does not take weights refuses a weighted graph.
#include <QtTest>
#include <cmath>
#include <map>

#include "chi_square.hpp"
#include "diagnostics/exact_chain.hpp"
#include "graph/graph_spec.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "sampling/sampler_factory.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"
#include "weighted_graphs.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

constexpr double kAlpha = 1e-3;

Graph weighted_by_name(const QString& name) {
    if (name == "C5") return with_weights(cycle_graph(5), {"0.2", "3", "1", "2.5", "0.75"});
    if (name == "grid2x3") return with_weights(grid_graph(2, 3), {"4", "0.1", "1/3"});
    if (name == "K4") return with_weights(complete_graph(4), {"0.05", "6", "1.5"});
    qFatal("unknown graph");
}

}  // namespace

class TestWeightedGlauber : public QObject {
    Q_OBJECT
  private slots:
    void unit_weight_thresholds_are_the_unweighted_ones() {
        for (const double lambda : {0.0, 1e-9, 0.3, 1.0, 2.5, 1e6, 1e300}) {
            QCOMPARE(heat_bath_threshold(lambda, 1.0), heat_bath_threshold(lambda));
            const HeatBathThresholds unit(EdgeWeights(), lambda);
            QCOMPARE(unit(0), heat_bath_threshold(lambda));
        }
        // In a weighted graph, the edges of weight 1 keep the unweighted threshold.
        const Graph g = with_weights(cycle_graph(6), {"1", "2.5"});
        const HeatBathThresholds t(g.weights(), 0.7);
        QCOMPARE(t(0), heat_bath_threshold(0.7));
        QCOMPARE(t(1), heat_bath_threshold(0.7 * 2.5));
        QVERIFY(t(1) > t(0));
    }

    void unit_weighted_graph_replays_the_unweighted_trajectory() {
        const Graph plain = grid_graph(5, 5);
        const Graph ones = with_weights(grid_graph(5, 5), {"1", "1.0", "2/2"});
        QVERIFY(!ones.weighted());
        // A weighted graph whose weights are 1 on all but one edge differs from the plain run only
        // through that edge's coins: with weight 1 there too, the states agree update by update.
        auto a = make_cpu_sampler(plain, Dynamics::glauber, 77, LambdaRecord(1.3), MateArray(25, kNoMate));
        auto b = make_cpu_sampler(ones, Dynamics::glauber, 77, LambdaRecord(1.3), MateArray(25, kNoMate));
        for (int k = 0; k < 20; ++k) {
            a->advance(997);
            b->advance(997);
            QVERIFY(std::equal(a->mate().begin(), a->mate().end(), b->mate().begin()));
        }
    }

    // cpu-parallel (Algorithm A) replays the sequential weighted trajectory bit for bit, across
    // blocks of several sizes and a λ change.
    void cpu_parallel_is_bit_identical_with_weights() {
        const Graph g = with_weights(grid_graph(12, 9), {"0.2", "3", "1", "2.5", "0.75", "1/3", "40"});
        QVERIFY(g.weighted());
        for (const double block_sweeps : {0.05, 1.0, 3.0}) {
            LambdaRecord record(0.8);
            record.change_at(5000, 2.5);
            auto reference =
                make_cpu_sampler(g, Dynamics::glauber, 2024, record, MateArray(g.num_vertices(), kNoMate));
            auto parallel = make_cpu_parallel_sampler(g, Dynamics::glauber, 2024, record,
                                                      MateArray(g.num_vertices(), kNoMate), block_sweeps, 2);
            for (int k = 0; k < 6; ++k) {
                reference->advance(2311);
                parallel->advance(2311);
                QVERIFY(
                    std::equal(reference->mate().begin(), reference->mate().end(), parallel->mate().begin()));
                QCOMPARE(parallel->dimers(), reference->dimers());
            }
        }
    }

    void jerrum_sinclair_with_equal_weights_is_the_chain_at_scaled_lambda() {
        const Graph plain = grid_graph(6, 5);
        const Graph twos = with_weights(grid_graph(6, 5), {"2"});
        QVERIFY(twos.weighted());
        QCOMPARE(jerrum_sinclair_slide_threshold(2.0, 2.0), std::uint64_t{1} << 32);
        auto a =
            make_cpu_sampler(plain, Dynamics::jerrum_sinclair, 31, LambdaRecord(1.4), MateArray(30, kNoMate));
        auto b =
            make_cpu_sampler(twos, Dynamics::jerrum_sinclair, 31, LambdaRecord(0.7), MateArray(30, kNoMate));
        for (int k = 0; k < 10; ++k) {
            a->advance(1009);
            b->advance(1009);
            QVERIFY(std::equal(a->mate().begin(), a->mate().end(), b->mate().begin()));
        }
        QVERIFY(a->dimers() > 0);
    }

    void exact_matrix_is_reversible_for_the_weighted_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<int>("dynamics");
        for (const char* name : {"C5", "grid2x3", "K4"}) {
            for (const double lambda : {0.4, 1.0, 3.0}) {
                QTest::addRow("%s lambda=%g", name, lambda)
                    << QString(name) << lambda << int(Dynamics::glauber);
                QTest::addRow("%s lambda=%g jerrum-sinclair", name, lambda)
                    << QString(name) << lambda << int(Dynamics::jerrum_sinclair);
            }
        }
    }
    void exact_matrix_is_reversible_for_the_weighted_law() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(int, dynamics);
        const Graph g = weighted_by_name(graph);
        const ExactChain chain = build_exact_chain(g, static_cast<Dynamics>(dynamics), lambda);
        QVERIFY(max_row_sum_error(chain) < 1e-12);
        // Slides carry their own rounding (2^-32 relative to a weight ratio, > 1/1000 here).
        QVERIFY2(max_detailed_balance_error(chain) < 1e-7,
                 qPrintable(QString::number(max_detailed_balance_error(chain))));
        // The chain's π against the brute-force law: equal up to the thresholds' rounding (2^-32).
        const WeightedLaw law = weighted_gibbs_law(g, lambda);
        std::map<MateArray, double> exact;
        for (std::size_t i = 0; i < law.states.size(); ++i) exact[law.states[i]] = law.probability[i];
        QCOMPARE(chain.states.size(), law.states.size());
        for (std::size_t i = 0; i < chain.size(); ++i) {
            const double p = exact.at(chain.states[i]);
            QVERIFY2(std::abs(chain.pi[i] - p) <= 1e-7 * p,
                     qPrintable(QString("%1 vs %2").arg(chain.pi[i]).arg(p)));
        }
    }

    void final_states_follow_the_weighted_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<int>("updates");
        QTest::addColumn<qulonglong>("base_seed");
        QTest::addColumn<int>("dynamics");
        const int glauber = int(Dynamics::glauber), chromatic = int(Dynamics::chromatic),
                  js = int(Dynamics::jerrum_sinclair);
        QTest::addRow("C5") << QString("C5") << 1.0 << 1500 << qulonglong(71'000'000) << glauber;
        QTest::addRow("grid2x3") << QString("grid2x3") << 2.0 << 3000 << qulonglong(72'000'000) << glauber;
        QTest::addRow("K4") << QString("K4") << 0.8 << 2000 << qulonglong(73'000'000) << glauber;
        QTest::addRow("grid2x3 chromatic")
            << QString("grid2x3") << 2.0 << 3000 << qulonglong(74'000'000) << chromatic;
        QTest::addRow("C5 jerrum-sinclair") << QString("C5") << 1.0 << 4000 << qulonglong(75'000'000) << js;
        QTest::addRow("K4 jerrum-sinclair") << QString("K4") << 0.8 << 4000 << qulonglong(76'000'000) << js;
    }
    void final_states_follow_the_weighted_law() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(int, updates);
        QFETCH(qulonglong, base_seed);
        QFETCH(int, dynamics);
        const Graph g = weighted_by_name(graph);
        const WeightedLaw law = weighted_gibbs_law(g, lambda);
        std::map<MateArray, std::size_t> index;
        for (std::size_t i = 0; i < law.states.size(); ++i) index[law.states[i]] = i;
        std::vector<std::uint64_t> observed(law.states.size(), 0);
        for (std::uint64_t c = 0; c < 20000; ++c) {
            auto sampler = make_cpu_sampler(g, static_cast<Dynamics>(dynamics), base_seed + c,
                                            LambdaRecord(lambda), MateArray(g.num_vertices(), kNoMate));
            sampler->advance(static_cast<std::uint64_t>(updates));
            ++observed[index.at(MateArray(sampler->mate().begin(), sampler->mate().end()))];
        }
        const auto r = chi_square_test(observed, law.probability, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }

    void chains_without_weights_refuse_weighted_graphs() {
        const Graph g = weighted_by_name("grid2x3");
        try {
            make_cpu_parallel_sampler(g, Dynamics::glauber_rotation, 1, LambdaRecord(1.0),
                                      MateArray(g.num_vertices(), kNoMate));
            QFAIL("cpu-parallel glauber+rotation took a weighted graph");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("edge weights") != std::string::npos &&
                         what.find("--backend cpu") != std::string::npos,
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestWeightedGlauber)
#include "test_weighted_glauber.moc"
