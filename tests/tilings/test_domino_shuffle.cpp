// Domino shuffling (tilings/domino_shuffle.hpp): exact uniform tilings of aztec:N, checked against
// exact enumeration (χ²), the closed-form count 2^{N(N+1)/2}, the tape layout it documents, and
// the arctic circle of large diamonds.
#include <QtTest>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "aztec_arctic.hpp"
#include "chi_square.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "graph/families/aztec_numbering.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "sampling/sampler_factory.hpp"
#include "tilings/domino_shuffle.hpp"
#include "tilings/shuffle_sampler.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// Every perfect matching of aztec:N by the tests' own recursion over edges (shares nothing with
// the shuffle).
std::vector<MateArray> all_tilings(const Graph& g) {
    std::vector<MateArray> out;
    for (MateArray& m : testing::enumerate_matchings(g))
        if (2 * count_dimers(m) == g.num_vertices()) out.push_back(std::move(m));
    return out;
}

}  // namespace

class TestDominoShuffle : public QObject {
    Q_OBJECT
  private slots:
    void every_sample_is_a_perfect_matching_of_the_graph() {
        for (std::uint32_t n = 1; n <= 24; ++n) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            for (std::uint64_t t = 0; t < 5; ++t) {
                const MateArray m = shuffle_aztec_tiling(n, 11, t);
                QCOMPARE(matching_error(g, m), std::string());
                QCOMPARE(2 * count_dimers(m), g.num_vertices());
            }
        }
    }

    // Pearson χ² of 1000 samples per tiling against the uniform law over the tilings found by
    // enumeration, at α = 0.001 (a false alarm once in a thousand seeds; seed fixed).
    void shuffle_is_uniform_on_aztec_2_and_3_chi_square() {
        for (std::uint32_t n : {2u, 3u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            const std::vector<MateArray> tilings = all_tilings(g);
            const std::size_t expected_count = std::size_t(1) << (n * (n + 1) / 2);
            QCOMPARE(tilings.size(), expected_count);
            std::map<MateArray, std::size_t> index;
            for (std::size_t k = 0; k < tilings.size(); ++k) index[tilings[k]] = k;
            const std::uint64_t samples = 1000 * tilings.size();
            std::vector<std::uint64_t> observed(tilings.size(), 0);
            for (std::uint64_t t = 0; t < samples; ++t) {
                const auto it = index.find(shuffle_aztec_tiling(n, 2026, t));
                QVERIFY(it != index.end());
                ++observed[it->second];
            }
            const std::vector<double> expected(tilings.size(), 1.0 / double(tilings.size()));
            const testing::ChiSquareResult r = testing::chi_square_test(observed, expected, 0.001);
            QVERIFY2(r.passed, ("aztec:" + std::to_string(n) + ": " + r.describe()).c_str());
        }
    }

    // The number of tilings is 2^{N(N+1)/2} (Elkies–Kuperberg–Larsen–Propp); the exact counter's top
    // coefficient must agree for every order it reaches quickly.
    void exact_count_matches_two_to_the_n_n_plus_1_over_2() {
        for (std::uint32_t n = 1; n <= 8; ++n) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            const MatchingPolynomial p = exact_matching_polynomial(g);
            QCOMPARE(p.coefficients.size(), std::size_t(g.num_vertices() / 2 + 1));
            mpz_class expected = 1;
            expected <<= n * (n + 1) / 2;
            QCOMPARE(p.coefficients.back().get_str(), expected.get_str());
        }
    }

    // The documented tape layout: aztec:1 uses one coin, bit 0 of w0 at tape index s * 2^32;
    // 1 gives the two horizontal dominoes.
    void order_one_reads_bit_zero_of_tape_index_s_times_two_to_the_32() {
        const AztecNumbering numbering(1);
        for (std::uint64_t seed : {1ull, 7ull, 123456789ull}) {
            for (std::uint64_t s = 0; s < 40; ++s) {
                ShuffleStats stats;
                const MateArray m = shuffle_aztec_tiling(1, seed, s, &stats);
                QCOMPARE(stats.coins, std::uint64_t(1));
                QCOMPARE(stats.tape_words, std::uint64_t(1));
                const bool coin = tape_words(seed, s << 32).w0 & 1u;
                const bool horizontal = m[numbering.id(-1, 0)] == numbering.id(0, 0);
                QCOMPARE(horizontal, coin);
            }
        }
    }

    void seed_and_sample_index_replay_exactly() {
        const MateArray a = shuffle_aztec_tiling(40, 5, 3);
        QCOMPARE(shuffle_aztec_tiling(40, 5, 3), a);
        QVERIFY(shuffle_aztec_tiling(40, 5, 4) != a);
        QVERIFY(shuffle_aztec_tiling(40, 6, 3) != a);
        // The sampler: advance(k) leaves sample time() + k - 1, whatever the steps taken to get there.
        const Graph g = make_graph("aztec:40");
        auto one = make_cpu_sampler(g, Dynamics::shuffle, 5, LambdaRecord(kInfiniteLambda),
                                    MateArray(g.num_vertices(), kNoMate));
        one->advance(4);
        QCOMPARE(MateArray(one->mate().begin(), one->mate().end()), a);
        auto steps = make_cpu_sampler(g, Dynamics::shuffle, 5, LambdaRecord(kInfiniteLambda),
                                      MateArray(g.num_vertices(), kNoMate));
        for (int k = 0; k < 4; ++k) steps->advance(1);
        QCOMPARE(MateArray(steps->mate().begin(), steps->mate().end()), a);
        QCOMPARE(steps->dimers(), g.num_vertices() / 2);
    }

    void shuffle_refuses_other_graphs_and_finite_lambda() {
        const Graph grid = make_graph("grid:4x4");
        try {
            make_cpu_sampler(grid, Dynamics::shuffle, 1, LambdaRecord(kInfiniteLambda),
                             MateArray(grid.num_vertices(), kNoMate));
            QFAIL("grid accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("aztec:N") != std::string::npos);
        }
        const Graph az = make_graph("aztec:3");
        try {
            make_cpu_sampler(az, Dynamics::shuffle, 1, LambdaRecord(2.0),
                             MateArray(az.num_vertices(), kNoMate));
            QFAIL("finite lambda accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("--lambda inf") != std::string::npos);
        }
    }

    // The arctic circle (Jockusch–Propp–Shor): outside the circle of radius N/√2 inscribed in the
    // diamond a uniform tiling is frozen, with fluctuations of the boundary of order N^{1/3}.
    // With N = 200 and δ = 0.1 the bands are 14 squares from the circle, about 2.4 N^{1/3}: in
    // each of 3 samples, at least 99.9% of the dominoes outside (1+δ)N/√2 must have the type of
    // their corner (measured: all of them), while inside (1-δ)N/√2 at most 70% may (a frozen
    // disc would give 100%; measured 42-43%), and within N/(2√2) of the centre each of the four
    // types must hold 25% ± 5% (by symmetry exactly 1/4 in expectation; measured within 1.1%).
    void arctic_circle_on_aztec_200() {
        const std::uint32_t n = 200;
        for (std::uint64_t s = 0; s < 3; ++s) {
            const testing::ArcticStats a = testing::arctic_stats(n, shuffle_aztec_tiling(n, 99, s), 0.1);
            const double out_frac = a.outside_fraction(), in_frac = a.inside_fraction();
            qInfo("sample %llu: outside %zu dominoes, %.5f frozen; inside %zu, %.4f of the corner type",
                  static_cast<unsigned long long>(s), a.outside, out_frac, a.inside, in_frac);
            QVERIFY2(out_frac >= 0.999, qPrintable(QString("outside fraction %1").arg(out_frac)));
            QVERIFY2(in_frac <= 0.70, qPrintable(QString("inside fraction %1").arg(in_frac)));
            for (int t = 0; t < 4; ++t) {
                const double f = a.centre_fraction(t);
                qInfo("  centre type %d: %.4f", t, f);
                QVERIFY2(std::abs(f - 0.25) <= 0.05, qPrintable(QString("centre type %1: %2").arg(t).arg(f)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestDominoShuffle)
#include "test_domino_shuffle.moc"
