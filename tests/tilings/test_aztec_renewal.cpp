// Urban renewal on the Aztec diamond (tilings/aztec_renewal.hpp): ln Z and placement probabilities
// against brute-force enumeration of weighted tilings, the closed form 2^{N(N+1)/2} at N = 1000,
// the diamond's rotation symmetry, and the frequencies of domino shuffling at N = 50.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "graph/families/aztec_numbering.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "tilings/aztec_renewal.hpp"
#include "tilings/domino_shuffle.hpp"
#include "util/errors.hpp"
#include "weighted_perfect_matchings.hpp"

using namespace dimerlab;

namespace {

AztecCellWeights random_weights(std::uint32_t order, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> log_weight(std::log(0.2), std::log(5.0));
    AztecCellWeights w = uniform_aztec_weights(order);
    for (auto* side : {&w.north, &w.south, &w.east, &w.west})
        for (double& x : *side) x = std::exp(log_weight(rng));
    return w;
}

}  // namespace

class TestAztecRenewal : public QObject {
    Q_OBJECT
  private slots:
    void cells_partition_the_edges() {
        for (std::uint32_t n = 1; n <= 30; ++n) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            std::vector<EdgeId> ids = aztec_cell_edge_ids(n, g);
            std::sort(ids.begin(), ids.end());
            QCOMPARE(ids.size(), std::size_t(g.num_edges()));
            for (EdgeId e = 0; e < g.num_edges(); ++e) QCOMPARE(ids[e], e);  // each edge in one cell
        }
    }

    // Random weights in [0.2, 5], log-uniform, seeds fixed: ln Z to 1e-13 relative and every
    // probability to 1e-13 against the enumeration (2^{N(N+1)/2} tilings, 32768 at N = 5).
    void weighted_values_equal_brute_force() {
        for (std::uint32_t n = 1; n <= 5; ++n)
            for (std::uint64_t seed : {1u, 2u, 3u}) {
                const Graph g = make_graph("aztec:" + std::to_string(n));
                const AztecCellWeights w = random_weights(n, seed * 100 + n);
                const auto brute = testing::enumerate_weighted_perfect_matchings(g, aztec_edge_weights(w, g));
                QCOMPARE(brute.count, std::size_t(1) << (n * (n + 1) / 2));
                const double exact_log_z = static_cast<double>(std::log(brute.z));
                const AztecLogZ lz = aztec_log_partition(w);
                QVERIFY2(
                    std::abs(lz.log_z - exact_log_z) <= 1e-13 * std::max(1.0, std::abs(exact_log_z)),
                    qPrintable(
                        QString("N=%1 seed %2: %3 vs %4").arg(n).arg(seed).arg(lz.log_z).arg(exact_log_z)));
                const AztecPlacement p = aztec_placement_probabilities(w, g);
                QCOMPARE(p.log_z.log_z, lz.log_z);
                for (EdgeId e = 0; e < g.num_edges(); ++e) {
                    const double exact = brute.probability(e);
                    QVERIFY2(std::abs(p.edge_probability[e] - exact) <= 1e-13,
                             qPrintable(QString("N=%1 edge %2: %3 vs %4")
                                            .arg(n)
                                            .arg(e)
                                            .arg(p.edge_probability[e])
                                            .arg(exact)));
                }
                QVERIFY(p.max_square_sum_error <= 1e-13);
            }
    }

    // The closed form 2^{N(N+1)/2}: ln Z of aztec:1000 to 1e-9 relative (asked), within the
    // stated bound, and the bound itself below 1e-9 relative.
    void aztec_1000_log_count_against_closed_form() {
        const std::uint32_t n = 1000;
        const AztecLogZ lz = aztec_log_partition(uniform_aztec_weights(n));
        const double exact = double(n) * (n + 1) / 2 * std::log(2.0);
        QVERIFY2(std::abs(lz.log_z - exact) <= 1e-9 * exact, qPrintable(QString::number(lz.log_z - exact)));
        QVERIFY(std::abs(lz.log_z - exact) <= lz.error_bound);
        QVERIFY(lz.error_bound > 0 && lz.error_bound <= 1e-9 * exact);
    }

    // Every tiling of order N has N(N+1) dimers, so weights times c give ln Z + N(N+1) ln c and the
    // same probabilities. With c = 2^300 or 1e-90 the reweighted values leave [2^-100, 2^100] at
    // once and are moved back by powers of two, which this checks is accounted for exactly.
    void a_common_factor_shifts_ln_z_exactly() {
        const std::uint32_t n = 50;
        const Graph g = make_graph("aztec:" + std::to_string(n));
        const AztecCellWeights w = random_weights(n, 77);
        const AztecPlacement base = aztec_placement_probabilities(w, g);
        for (const double c : {0x1p300, 1e-90}) {
            AztecCellWeights scaled = w;
            for (auto* side : {&scaled.north, &scaled.south, &scaled.east, &scaled.west})
                for (double& x : *side) x *= c;
            const AztecPlacement p = aztec_placement_probabilities(scaled, g);
            const double expected = base.log_z.log_z + double(n) * (n + 1) * std::log(c);
            QVERIFY2(
                std::abs(p.log_z.log_z - expected) <= 1e-12 * std::abs(expected),
                qPrintable(QString("%1 vs %2").arg(p.log_z.log_z, 0, 'g', 17).arg(expected, 0, 'g', 17)));
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                QVERIFY(std::abs(p.edge_probability[e] - base.edge_probability[e]) <= 1e-13);
        }
    }

    // Rotating the diamond by 90 degrees about its centre maps square (i, j) to (-j-1, i) and the
    // uniform law to itself: every edge has its image's probability, so in particular the four
    // domino positions around the centre are equally likely. Also: each square is covered once.
    void uniform_probabilities_have_the_diamond_symmetry() {
        for (std::uint32_t n : {7u, 8u, 60u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            const AztecNumbering numbering(n);
            const AztecPlacement p = aztec_placement_probabilities(uniform_aztec_weights(n), g);
            QVERIFY(p.max_square_sum_error <= 1e-12);
            std::vector<std::pair<std::int64_t, std::int64_t>> square(g.num_vertices());
            for (std::int64_t j = -std::int64_t(n); j < std::int64_t(n); ++j)
                for (std::int64_t i = -numbering.half_width(j); i < numbering.half_width(j); ++i)
                    square[numbering.id(i, j)] = {i, j};
            for (EdgeId e = 0; e < g.num_edges(); ++e) {
                const auto [a0, a1] = square[g.edge(e).u];
                const auto [b0, b1] = square[g.edge(e).v];
                const auto image = g.find_edge(numbering.id(-a1 - 1, a0), numbering.id(-b1 - 1, b0));
                QVERIFY(image.has_value());
                QVERIFY(std::abs(p.edge_probability[e] - p.edge_probability[*image]) <= 1e-12);
                QVERIFY(p.edge_probability[e] >= -1e-15 && p.edge_probability[e] <= 1 + 1e-15);
            }
            const double centre[4] = {
                p.edge_probability[*g.find_edge(numbering.id(-1, 0), numbering.id(0, 0))],
                p.edge_probability[*g.find_edge(numbering.id(0, -1), numbering.id(0, 0))],
                p.edge_probability[*g.find_edge(numbering.id(-1, -1), numbering.id(0, -1))],
                p.edge_probability[*g.find_edge(numbering.id(-1, -1), numbering.id(-1, 0))]};
            for (double c : centre) QVERIFY(std::abs(c - centre[0]) <= 1e-12);
        }
    }

    // 4000 shuffled tilings of aztec:50 (seed 7): every edge with p(1-p) · 4000 >= 10 (8528 of the
    // 10000) has its frequency within 5.5 standard errors of p (two-sided 3.8e-8 per edge, 3.2e-4
    // for all of them together); an edge where p < 1e-4 is hit at most 5 times (a false alarm
    // below 1e-9 each).
    void shuffling_frequencies_match_on_aztec_50() {
        const std::uint32_t n = 50;
        const std::uint64_t samples = 4000;
        const Graph g = make_graph("aztec:" + std::to_string(n));
        const AztecPlacement p = aztec_placement_probabilities(uniform_aztec_weights(n), g);
        std::vector<std::uint32_t> hits(g.num_edges(), 0);
        for (std::uint64_t s = 0; s < samples; ++s) {
            const MateArray m = shuffle_aztec_tiling(n, 7, s);
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                if (m[g.edge(e).u] == g.edge(e).v) ++hits[e];
        }
        std::size_t tested = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            const double pe = p.edge_probability[e];
            const double var = pe * (1 - pe) / double(samples);
            if (pe * (1 - pe) * double(samples) >= 10) {
                ++tested;
                const double z = (double(hits[e]) / double(samples) - pe) / std::sqrt(var);
                QVERIFY2(std::abs(z) <= 5.5,
                         qPrintable(QString("edge %1: p %2, z %3").arg(e).arg(pe).arg(z)));
            } else if (pe < 1e-4) {
                QVERIFY(hits[e] <= 5);
            }
        }
        QVERIFY2(tested >= 8000, qPrintable(QString::number(tested)));
    }

    void bad_input_is_refused() {
        QVERIFY_THROWS_EXCEPTION(InputError, aztec_log_partition(uniform_aztec_weights(0)));
        AztecCellWeights w = uniform_aztec_weights(3);
        w.east[4] = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, aztec_log_partition(w));
        w.east[4] = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InputError, aztec_log_partition(w));
        w.east.pop_back();
        QVERIFY_THROWS_EXCEPTION(InputError, aztec_log_partition(w));
        QVERIFY_THROWS_EXCEPTION(
            InputError, aztec_placement_probabilities(uniform_aztec_weights(3), make_graph("aztec:4")));
        QVERIFY_THROWS_EXCEPTION(
            InputError, aztec_placement_probabilities(uniform_aztec_weights(3), make_graph("grid:4x6")));
        QVERIFY_THROWS_EXCEPTION(
            InfeasibleError, aztec_placement_probabilities(uniform_aztec_weights(kMaxAztecPlacementOrder + 1),
                                                           make_graph("aztec:2")));
    }
};

QTEST_GUILESS_MAIN(TestAztecRenewal)
#include "test_aztec_renewal.moc"
