// Watching domino shuffling: step k of the shuffle of aztec:N is a perfect matching of the central
// order-k diamond (and leaves every other square unmatched), it is the order-k tiling that the
// same coins give (the first k steps do not depend on N), and step N is the `shuffle` sample of the
// same tape; the shuffle-steps dynamics plays the steps one update each.
#include <QtTest>
#include <algorithm>
#include <cstdlib>

#include "graph/families/aztec_numbering.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "sampling/sampler_factory.hpp"
#include "tilings/domino_shuffle.hpp"
#include "tilings/shuffle_steps_sampler.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

bool inside(std::int64_t order, std::int64_t i, std::int64_t j) {
    return std::abs(2 * i + 1) + std::abs(2 * j + 1) <= 2 * order;
}

// The matching of aztec:`outer` restricted to the central order-`inner` diamond, renumbered as a
// matching of aztec:`inner`; empty when a dimer leaves that diamond or a square in it is free.
MateArray central_part(std::uint32_t outer, std::uint32_t inner, const MateArray& mate) {
    const AztecNumbering big(outer), small(inner);
    std::vector<std::pair<std::int64_t, std::int64_t>> at(big.num_squares());
    for (std::int64_t j = -std::int64_t(outer); j < std::int64_t(outer); ++j)
        for (std::int64_t i = -big.half_width(j); i < big.half_width(j); ++i) at[big.id(i, j)] = {i, j};
    MateArray out(small.num_squares(), kNoMate);
    for (std::uint32_t v = 0; v < mate.size(); ++v) {
        const auto [i, j] = at[v];
        if (!inside(inner, i, j)) continue;
        if (mate[v] == kNoMate) return {};
        const auto [i2, j2] = at[mate[v]];
        if (!inside(inner, i2, j2)) return {};
        out[small.id(i, j)] = small.id(i2, j2);
    }
    return out;
}

}  // namespace

class TestShuffleSteps : public QObject {
    Q_OBJECT
  private slots:
    void step_k_tiles_exactly_the_central_order_k_diamond() {
        const std::uint32_t n = 9;
        const Graph g = make_graph("aztec:9");
        const AztecNumbering numbering(n);
        for (std::uint64_t sample = 0; sample < 3; ++sample) {
            for (std::uint32_t k = 1; k <= n; ++k) {
                const MateArray m = shuffle_aztec_step(n, k, 21, sample);
                QCOMPARE(matching_error(g, m), std::string());
                QCOMPARE(std::uint64_t(count_dimers(m)), std::uint64_t(k) * (k + 1));
                for (std::int64_t j = -std::int64_t(n); j < std::int64_t(n); ++j)
                    for (std::int64_t i = -numbering.half_width(j); i < numbering.half_width(j); ++i)
                        QCOMPARE(m[numbering.id(i, j)] != kNoMate, inside(k, i, j));
                // Independent of the final order: the order-k shuffle of the same coins.
                QVERIFY(central_part(n, k, m) == shuffle_aztec_tiling(k, 21, sample));
            }
            QVERIFY(shuffle_aztec_step(n, n, 21, sample) == shuffle_aztec_tiling(n, 21, sample));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, shuffle_aztec_step(n, 0, 21, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, shuffle_aztec_step(n, n + 1, 21, 0));
    }

    void the_dynamics_plays_one_step_per_update_and_ends_on_the_shuffle_sample() {
        const Graph g = make_graph("aztec:7");
        const MateArray empty(g.num_vertices(), kNoMate);
        QCOMPARE(parse_dynamics("shuffle-steps"), Dynamics::shuffle_steps);
        auto steps = make_cpu_sampler(g, Dynamics::shuffle_steps, 5, LambdaRecord(kInfiniteLambda), empty);
        auto exact = make_cpu_sampler(g, Dynamics::shuffle, 5, LambdaRecord(kInfiniteLambda), empty);
        const auto& watcher = dynamic_cast<const ShuffleStepsSampler&>(*steps);
        for (std::uint64_t sample = 0; sample < 3; ++sample) {
            for (std::uint32_t k = 1; k <= 7; ++k) {
                steps->advance(1);
                QCOMPARE(watcher.step(), k);
                QCOMPARE(std::uint64_t(steps->dimers()), std::uint64_t(k) * (k + 1));
            }
            exact->advance(1);
            QVERIFY(std::equal(steps->mate().begin(), steps->mate().end(), exact->mate().begin(),
                               exact->mate().end()));
        }
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 make_cpu_sampler(make_graph("grid:4x4"), Dynamics::shuffle_steps, 1,
                                                  LambdaRecord(kInfiniteLambda), MateArray(16, kNoMate)));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 make_cpu_sampler(g, Dynamics::shuffle_steps, 1, LambdaRecord(2.0), empty));
    }
};

QTEST_APPLESS_MAIN(TestShuffleSteps)
#include "test_shuffle_steps.moc"
