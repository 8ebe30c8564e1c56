// Both CPU chains sample π ∝ λ^|M|: the final states of many independent chains (one seed each)
// are compared with the exact law from enumerate_matchings by a Pearson χ² test.
//
// False alarms: each χ² test rejects a correct sampler with probability α = 1e-3; with the 14
// rows below (and the 2 |M| histograms) the chance that at least one fails for a correct
// sampler is about 1.6%. Seeds are fixed, so the outcome is reproducible, not flaky.
#include <QtTest>
#include <cmath>
#include <map>
#include <vector>

#include "chi_square.hpp"
#include "matching_enumeration.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

constexpr double kAlpha = 1e-3;

Graph graph_by_name(const QString& name) {
    if (name == "grid2x3") return testing::grid_graph(2, 3);
    if (name == "C5") return testing::cycle_graph(5);
    if (name == "K4") return testing::complete_graph(4);
    if (name == "star4") return testing::star_graph(4);
    if (name == "K2,3") return testing::complete_bipartite_graph(2, 3);
    qFatal("unknown graph");
}

// Start kinds rotate across chains so that no start is privileged.
MateArray start_for_chain(const Graph& g, std::uint64_t chain, std::uint64_t seed) {
    const StartKind kinds[] = {StartKind::empty, StartKind::greedy, StartKind::maximum};
    return make_start_state(g, kinds[chain % 3], seed);
}

}  // namespace

class TestStationaryDistribution : public QObject {
    Q_OBJECT
  private slots:
    void final_states_follow_exact_gibbs_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<int>("dynamics");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<int>("updates");  // per chain; ≫ t_mix for these graphs (docs/algorithms.md §6.4)
        QTest::addColumn<qulonglong>("base_seed");
        struct Row {
            const char* graph;
            double lambda;
            int updates;
        };
        const Row rows[] = {{"grid2x3", 1.0, 1500}, {"grid2x3", 2.5, 3000}, {"C5", 1.0, 1000},
                            {"K4", 1.0, 1000},      {"K4", 0.4, 1000},      {"star4", 3.0, 1500},
                            {"K2,3", 1.0, 1000}};
        qulonglong base_seed = 1'000'000;
        for (const Row& r : rows) {
            for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
                base_seed += 1'000'000;  // disjoint seed ranges per row
                QTest::addRow("%s %s lambda=%g", r.graph, std::string(dynamics_name(d)).c_str(), r.lambda)
                    << QString(r.graph) << int(d) << r.lambda << r.updates << base_seed;
            }
        }
    }
    void final_states_follow_exact_gibbs_law() {
        QFETCH(QString, graph);
        QFETCH(int, dynamics);
        QFETCH(double, lambda);
        QFETCH(int, updates);
        QFETCH(qulonglong, base_seed);
        const Graph g = graph_by_name(graph);
        const testing::GibbsLaw law = testing::exact_gibbs_law(g, lambda);
        const std::vector<MateArray>& states = law.states;
        const std::map<MateArray, std::size_t>& index = law.index;
        const std::vector<double>& expected = law.probability;

        const std::uint64_t chains = 20000;
        std::vector<std::uint64_t> observed(states.size(), 0);
        for (std::uint64_t c = 0; c < chains; ++c) {
            const std::uint64_t seed = base_seed + c;
            auto sampler = make_cpu_sampler(g, static_cast<Dynamics>(dynamics), seed, LambdaRecord(lambda),
                                            start_for_chain(g, c, seed));
            sampler->advance(static_cast<std::uint64_t>(updates));
            const MateArray final_state(sampler->mate().begin(), sampler->mate().end());
            ++observed[index.at(final_state)];
        }
        const auto r = testing::chi_square_test(observed, expected, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }

    // Independent of the enumeration helper: |M| on the 4x4 grid against the published matching
    // polynomial (docs/algorithms.md §7.1: 1, 24, 224, 1044, 2593, 3388, 2150, 552, 36).
    void dimer_count_on_grid_4x4_follows_matching_polynomial_data() {
        QTest::addColumn<int>("dynamics");
        QTest::addRow("glauber") << int(Dynamics::glauber);
        QTest::addRow("jerrum-sinclair") << int(Dynamics::jerrum_sinclair);
    }
    void dimer_count_on_grid_4x4_follows_matching_polynomial() {
        QFETCH(int, dynamics);
        const double lambda = 1.5;
        const double coeff[] = {1, 24, 224, 1044, 2593, 3388, 2150, 552, 36};
        std::vector<double> expected(9);
        double z = 0;
        for (int k = 0; k < 9; ++k) z += expected[k] = coeff[k] * std::pow(lambda, k);
        for (double& p : expected) p /= z;
        const Graph g = testing::grid_graph(4, 4);
        std::vector<std::uint64_t> observed(9, 0);
        const std::uint64_t chains = 6000;
        for (std::uint64_t c = 0; c < chains; ++c) {
            const std::uint64_t seed = 77'000'000 + 2 * c + static_cast<std::uint64_t>(dynamics);
            auto sampler = make_cpu_sampler(g, static_cast<Dynamics>(dynamics), seed, LambdaRecord(lambda),
                                            start_for_chain(g, c, seed));
            sampler->advance(6000);  // 250 sweeps
            ++observed[sampler->dimers()];
        }
        const auto r = testing::chi_square_test(observed, expected, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }
};

QTEST_APPLESS_MAIN(TestStationaryDistribution)
#include "test_stationary_distribution.moc"
