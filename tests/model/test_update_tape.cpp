// The update tape (docs/architecture.md §3): Philox known answers, the key/counter mapping, the
// edge draw and the integer coin thresholds.
#include <Random123/philox.h>

#include <QtTest>
#include <array>
#include <cmath>
#include <vector>

#include "chi_square.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "model/update_tape.hpp"

using namespace dimerlab;

namespace {

using Words = std::array<std::uint32_t, 4>;

Words philox_direct(Words ctr_in, std::array<std::uint32_t, 2> key_in) {
    r123::Philox4x32_R<10> philox;
    r123::Philox4x32_R<10>::ctr_type ctr = {{ctr_in[0], ctr_in[1], ctr_in[2], ctr_in[3]}};
    r123::Philox4x32_R<10>::key_type key = {{key_in[0], key_in[1]}};
    const auto r = philox(ctr, key);
    return {r[0], r[1], r[2], r[3]};
}

Words as_words(const TapeWords& w) {
    return {w.w0, w.w1, w.w2, w.w3};
}

}  // namespace

class TestUpdateTape : public QObject {
    Q_OBJECT
  private slots:
    // Random123's published known-answer vectors (kat_vectors, philox4x32 10 rounds).
    void philox4x32_10_matches_published_known_answers() {
        QCOMPARE(philox_direct({0, 0, 0, 0}, {0, 0}),
                 (Words{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
        QCOMPARE(philox_direct({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
                 (Words{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
        QCOMPARE(philox_direct({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}),
                 (Words{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
    }

    // key = (seed lo, seed hi), counter = (t lo, t hi, stream, 0), as documented.
    void tape_words_maps_seed_to_key_and_update_index_to_counter() {
        QCOMPARE(as_words(tape_words(0, 0)), (Words{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
        const std::uint64_t seeds[] = {1, 0x299f31d0a4093822ull, 0xffffffffffffffffull};
        const std::uint64_t times[] = {0, 1, 0x85a308d3243f6a88ull, 0xffffffffffffffffull};
        const TapeStream streams[] = {TapeStream::updates, TapeStream::greedy_start, TapeStream::chromatic};
        for (std::uint64_t s : seeds) {
            for (std::uint64_t t : times) {
                for (TapeStream st : streams) {
                    const Words expected =
                        philox_direct({static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(t >> 32),
                                       static_cast<std::uint32_t>(st), 0},
                                      {static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(s >> 32)});
                    QCOMPARE(as_words(tape_words(s, t, st)), expected);
                }
            }
        }
        // Streams never share numbers at the same (seed, t).
        QVERIFY(as_words(tape_words(5, 9, TapeStream::updates)) !=
                as_words(tape_words(5, 9, TapeStream::greedy_start)));
    }

    void tape_edge_is_in_range_for_extreme_words() {
        for (std::uint32_t m : {1u, 2u, 3u, 7u, 1000u, 0xffffffffu}) {
            QCOMPARE(tape_edge({0, 0, 0, 0}, m), 0u);
            QCOMPARE(tape_edge({0xffffffff, 0xffffffff, 0, 0}, m), m - 1);
            for (std::uint64_t t = 0; t < 10000; ++t) QVERIFY(tape_edge(tape_words(3, t), m) < m);
        }
    }

    // Pearson χ² of 10^6 draws against uniform at α = 1e-3: a correct draw fails with probability
    // 1e-3 per graph size (fixed seed, so the outcome is reproducible).
    void tape_edge_is_uniform_chi_square() {
        for (std::uint32_t m : {7u, 1000u, 4099u}) {
            std::vector<std::uint64_t> counts(m, 0);
            const std::uint64_t draws = 1'000'000;
            for (std::uint64_t t = 0; t < draws; ++t) ++counts[tape_edge(tape_words(11, t), m)];
            const std::vector<double> expected(m, 1.0 / m);
            const auto r = testing::chi_square_test(counts, expected, 1e-3);
            QVERIFY2(r.passed, r.describe().c_str());
        }
    }

    void heat_bath_threshold_of_one_is_two_to_the_31() {
        QCOMPARE(heat_bath_threshold(1.0), std::uint64_t{1} << 31);
        QCOMPARE(heat_bath_threshold(0.0), std::uint64_t{0});
        QCOMPARE(heat_bath_threshold(INFINITY), std::uint64_t{1} << 32);
        QVERIFY(heat_bath_threshold(1e300) <= (std::uint64_t{1} << 32));
    }

    void heat_bath_threshold_is_monotone_in_lambda() {
        std::uint64_t prev = 0;
        for (double l = 1e-6; l < 1e6; l *= 1.01) {
            const std::uint64_t thr = heat_bath_threshold(l);
            QVERIFY(thr >= prev);
            QVERIFY(thr <= (std::uint64_t{1} << 32));
            prev = thr;
        }
        QVERIFY(heat_bath_threshold(2.0) > heat_bath_threshold(1.0));
    }

    // floor() moves p = λ/(1+λ) by < 2^-32, so λ moves by < (1+λ)^2 2^-32 (to first order).
    void effective_lambda_is_within_rounding_of_lambda() {
        for (double l : {1e-3, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 10.0, 1e3}) {
            const double eff = effective_lambda(heat_bath_threshold(l));
            const double bound = 2 * (1 + l) * (1 + l) * std::ldexp(1.0, -32);
            QVERIFY2(std::abs(eff - l) <= bound,
                     qPrintable(QString("lambda %1 -> %2").arg(l).arg(eff, 0, 'g', 17)));
        }
        QCOMPARE(effective_lambda(std::uint64_t{1} << 31), 1.0);
    }

    void jerrum_sinclair_thresholds_implement_metropolis_acceptance() {
        const JsThresholds one = jerrum_sinclair_thresholds(1.0);
        QCOMPARE(one.add, std::uint64_t{1} << 32);
        QCOMPARE(one.remove, std::uint64_t{1} << 32);
        const JsThresholds four = jerrum_sinclair_thresholds(4.0);
        QCOMPARE(four.add, std::uint64_t{1} << 32);
        QCOMPARE(four.remove, std::uint64_t{1} << 30);
        const JsThresholds quarter = jerrum_sinclair_thresholds(0.25);
        QCOMPARE(quarter.add, std::uint64_t{1} << 30);
        QCOMPARE(quarter.remove, std::uint64_t{1} << 32);
        for (double l : {1e-3, 0.3, 1.0, 3.7, 1e3}) {
            const double eff = jerrum_sinclair_effective_lambda(jerrum_sinclair_thresholds(l));
            QVERIFY(std::abs(eff / l - 1) < 1e-6);
        }
        std::uint64_t prev_add = 0, prev_remove = std::uint64_t{1} << 32;
        for (double l = 1e-3; l < 1e3; l *= 1.05) {
            const JsThresholds t = jerrum_sinclair_thresholds(l);
            QVERIFY(t.add >= prev_add && t.remove <= prev_remove);
            prev_add = t.add;
            prev_remove = t.remove;
        }
    }
};

QTEST_APPLESS_MAIN(TestUpdateTape)
#include "test_update_tape.moc"
