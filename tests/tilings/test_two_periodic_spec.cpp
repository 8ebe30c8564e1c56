// The two-periodic Aztec diamond typed as a spec, `aztec:N,a=A,b=B`: the graph's exact weights
// follow the cell rule that urban renewal reads; ln Z and the placement probabilities of the
// weighted graph equal the exact weighted count and brute force; `--dynamics shuffle` samples the
// weighted law (χ² on the 8 tilings of aztec:2 at α = 0.001, seed fixed); bad specs are refused.
#include <QtTest>
#include <cmath>
#include <map>

#include "chi_square.hpp"
#include "counting/exact/weighted_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/placement_probabilities.hpp"
#include "uniform_perfect_matchings.hpp"
#include "util/errors.hpp"
#include "weighted_perfect_matchings.hpp"

using namespace dimerlab;

namespace {

std::vector<double> graph_weights(const Graph& g) {
    std::vector<double> w;
    for (EdgeId e = 0; e < g.num_edges(); ++e) w.push_back(g.weight(e));
    return w;
}

QString refusal(const std::string& spec) {
    try {
        parse_graph_spec(spec);
    } catch (const InputError& e) {
        return e.what();
    }
    return "<accepted>";
}

}  // namespace

class TestTwoPeriodicSpec : public QObject {
    Q_OBJECT
  private slots:
    void spec_gives_the_two_periodic_cell_weights() {
        const Graph g = make_graph("aztec:6,a=0.5,b=3", {.with_layout = false});
        QCOMPARE(QString::fromStdString(g.spec()), QString("aztec:6,a=1/2,b=3"));
        QVERIFY(g.weighted());
        QCOMPARE(g.weights().classes().size(), std::size_t(2));
        const std::vector<double> expected = aztec_edge_weights(two_periodic_aztec_weights(6, 0.5, 3.0), g);
        QVERIFY(graph_weights(g) == expected);
        // b defaults to 1, and the order's unweighted graph is the same graph with other weights.
        const Graph only_a = make_graph("aztec:6,a=2", {.with_layout = false});
        QCOMPARE(QString::fromStdString(only_a.spec()), QString("aztec:6,a=2,b=1"));
        QVERIFY(graph_weights(only_a) == aztec_edge_weights(two_periodic_aztec_weights(6, 2.0, 1.0), only_a));
        const Graph plain = make_graph("aztec:6", {.with_layout = false});
        QVERIFY(plain.content_hash() != g.content_hash());
        QCOMPARE(make_graph("aztec:6,a=1,b=1", {.with_layout = false}).content_hash(), plain.content_hash());
    }

    void renewal_and_probabilities_agree_with_exact_weighted_counts() {
        const Graph g = make_graph("aztec:4,a=1/3,b=2.5", {.with_layout = false});
        const WeightedMatchingPolynomial p = weighted_matching_polynomial(g);
        const double exact_log = log_of_rational(p.coefficients.back());
        const AztecLogZ renewal = aztec_log_partition(aztec_weights_of(4, g));
        QVERIFY2(std::abs(renewal.log_z - exact_log) < 1e-12,
                 qPrintable(QString("%1 vs %2").arg(renewal.log_z, 0, 'g', 17).arg(exact_log, 0, 'g', 17)));
        const PlacementProbabilities placed = placement_probabilities(g);
        QCOMPARE(QString::fromStdString(placed.method), QString("urban-renewal"));
        const testing::WeightedPerfectMatchings brute =
            testing::enumerate_weighted_perfect_matchings(g, graph_weights(g));
        for (EdgeId e = 0; e < g.num_edges(); ++e)
            QVERIFY(std::abs(placed.edge[e] - brute.probability(e)) < 1e-12);
    }

    void shuffle_samples_the_weighted_law() {
        const Graph g = make_graph("aztec:2,a=0.25,b=3", {.with_layout = false});
        const std::vector<MateArray> tilings = testing::all_perfect_matchings(g);
        QCOMPARE(tilings.size(), std::size_t(8));
        const testing::WeightedPerfectMatchings brute =
            testing::enumerate_weighted_perfect_matchings(g, graph_weights(g));
        std::map<MateArray, std::size_t> index;
        std::vector<double> expected;
        for (std::size_t t = 0; t < tilings.size(); ++t) {
            index.emplace(tilings[t], t);
            long double product = 1;
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                if (tilings[t][g.edge(e).u] == g.edge(e).v) product *= g.weight(e);
            expected.push_back(static_cast<double>(product / brute.z));
        }
        auto sampler = make_cpu_sampler(g, Dynamics::shuffle, 11, LambdaRecord(kInfiniteLambda),
                                        MateArray(g.num_vertices(), kNoMate));
        std::vector<std::uint64_t> counts(tilings.size(), 0);
        for (int s = 0; s < 20000; ++s) {
            sampler->advance(1);
            const auto it = index.find(MateArray(sampler->mate().begin(), sampler->mate().end()));
            QVERIFY2(it != index.end(), "a sample is not a tiling");
            ++counts[it->second];
        }
        const testing::ChiSquareResult chi = testing::chi_square_test(counts, expected, 0.001);
        QVERIFY2(chi.passed, chi.describe().c_str());
    }

    void bad_specs_name_the_weight() {
        QVERIFY(refusal("aztec:4,a=0").contains("weight a = '0': weights must be positive"));
        QVERIFY(refusal("aztec:4,b=nan").contains("weight b = 'nan'"));
        QVERIFY(refusal("aztec:4,a=1,a=2").contains("a given twice"));
        QVERIFY(refusal("aztec:4,c=2").contains("aztec takes a=A and b=B"));
        QVERIFY(refusal("aztec:4,a").contains("expected a=A or b=B"));
        QVERIFY(refusal("grid:4x4,a=2").contains("unknown keyword 'a'"));
    }
};

QTEST_APPLESS_MAIN(TestTwoPeriodicSpec)
#include "test_two_periodic_spec.moc"
