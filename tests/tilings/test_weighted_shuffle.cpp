// Generalised domino shuffling on weighted Aztec diamonds (tilings/domino_shuffle.hpp): χ² against
// the exact weighted law of every tiling, found by enumeration, on aztec:2 and aztec:3 with random
// weights; edge frequencies against urban renewal's exact probabilities on the two-periodic
// diamond; valid tilings and replays.
#include <QtTest>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "chi_square.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"
#include "uniform_perfect_matchings.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

class TestWeightedShuffle : public QObject {
    Q_OBJECT
  private slots:
    // 20000 samples (seed 5) against π(T) = Π w_e / Z over the 8 and 64 tilings, at α = 0.001: a
    // false alarm once in a thousand seeds. Weights log-uniform in [0.25, 4], seeds fixed.
    void weighted_shuffle_follows_the_weighted_law_chi_square() {
        for (std::uint32_t n : {2u, 3u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            std::mt19937_64 rng(40 + n);
            std::uniform_real_distribution<double> log_weight(std::log(0.25), std::log(4.0));
            AztecCellWeights w = uniform_aztec_weights(n);
            for (auto* side : {&w.north, &w.south, &w.east, &w.west})
                for (double& x : *side) x = std::exp(log_weight(rng));
            const std::vector<double> edge_weight = aztec_edge_weights(w, g);
            const std::vector<MateArray> tilings = testing::all_perfect_matchings(g);
            QCOMPARE(tilings.size(), std::size_t(1) << (n * (n + 1) / 2));
            std::map<MateArray, std::size_t> index;
            std::vector<double> expected;
            double z = 0;
            for (std::size_t t = 0; t < tilings.size(); ++t) {
                index.emplace(tilings[t], t);
                double product = 1;
                for (EdgeId e = 0; e < g.num_edges(); ++e)
                    if (tilings[t][g.edge(e).u] == g.edge(e).v) product *= edge_weight[e];
                expected.push_back(product);
                z += product;
            }
            for (double& p : expected) p /= z;
            const AztecShares shares = aztec_shares(w);
            QVERIFY(std::abs(shares.log_z.log_z - std::log(z)) < 1e-12);
            std::vector<std::uint64_t> counts(tilings.size(), 0);
            for (std::uint64_t s = 0; s < 20000; ++s) {
                const auto it = index.find(shuffle_weighted_aztec_tiling(shares, 5, s));
                QVERIFY2(it != index.end(), "a sample is not a tiling");
                ++counts[it->second];
            }
            const testing::ChiSquareResult chi = testing::chi_square_test(counts, expected, 0.001);
            QVERIFY2(
                chi.passed,
                qPrintable(
                    QString("aztec:%1: chi2 %2 > %3").arg(n).arg(chi.statistic).arg(chi.critical_value)));
        }
    }

    // The two-periodic diamond of order 40 (a = 0.5, b = 1), 2000 samples (seed 9): every edge
    // with p(1-p) · 2000 >= 10 within 5.5 standard errors of urban renewal's exact probability
    // (3.8e-8 per edge, below 3e-4 for the few thousand together).
    void two_periodic_frequencies_match_the_exact_probabilities() {
        const std::uint32_t n = 40;
        const std::uint64_t samples = 2000;
        const Graph g = make_graph("aztec:" + std::to_string(n));
        const AztecCellWeights w = two_periodic_aztec_weights(n, 0.5, 1.0);
        const AztecPlacement exact = aztec_placement_probabilities(w, g);
        const AztecShares shares = aztec_shares(w);
        std::vector<std::uint32_t> hits(g.num_edges(), 0);
        for (std::uint64_t s = 0; s < samples; ++s) {
            const MateArray m = shuffle_weighted_aztec_tiling(shares, 9, s);
            QCOMPARE(matching_error(g, m), std::string());
            QCOMPARE(2 * count_dimers(m), g.num_vertices());
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                if (m[g.edge(e).u] == g.edge(e).v) ++hits[e];
        }
        std::size_t tested = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            const double p = exact.edge_probability[e];
            if (p * (1 - p) * double(samples) < 10) continue;
            ++tested;
            const double z =
                (double(hits[e]) / double(samples) - p) / std::sqrt(p * (1 - p) / double(samples));
            QVERIFY2(std::abs(z) <= 5.5, qPrintable(QString("edge %1: p %2, z %3").arg(e).arg(p).arg(z)));
        }
        QVERIFY2(tested >= 3000, qPrintable(QString::number(tested)));
    }

    // A sample is a pure function of (seed, sample): replayed equal, and other samples differ.
    void samples_replay_and_refuse_bad_indices() {
        const AztecShares shares = aztec_shares(two_periodic_aztec_weights(12, 0.3, 1.0));
        QCOMPARE(shuffle_weighted_aztec_tiling(shares, 3, 7), shuffle_weighted_aztec_tiling(shares, 3, 7));
        QVERIFY(shuffle_weighted_aztec_tiling(shares, 3, 7) != shuffle_weighted_aztec_tiling(shares, 3, 8));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 shuffle_weighted_aztec_tiling(shares, 3, std::uint64_t(1) << 32));
        QVERIFY_THROWS_EXCEPTION(InputError, shuffle_weighted_aztec_tiling(AztecShares{}, 3, 0));
    }
};

QTEST_GUILESS_MAIN(TestWeightedShuffle)
#include "test_weighted_shuffle.moc"
