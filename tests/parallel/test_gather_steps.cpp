// The gather form of Algorithm A's steps 3-5 (parallel/jacobi_gather_steps.hpp) against the scan
// form (parallel/jacobi_steps.hpp): on random per-vertex event sequences, the two counters of a
// vertex walk say "certainly / possibly blocked" exactly when the segmented exclusive prefix
// maxima of the packed (a, b) bounds exceed the update's time, and both decide the same. And the
// batched tape draw that cpu-parallel uses equals tape_words word for word.
#include <QtTest>
#include <random>
#include <vector>

#include "model/update_tape.hpp"
#include "parallel/jacobi_gather_steps.hpp"
#include "parallel/jacobi_steps.hpp"
#include "parallel/tape_batch.hpp"

using namespace dimerlab;

namespace {

struct Event {
    std::uint32_t edge;  // local index of the edge at the vertex
    std::uint32_t time;  // 0 for M_0's virtual update, then strictly increasing
    std::uint8_t y;
};

// A vertex with `degree` incident edges: optionally M_0's edge first (virtual, Y = 1), then
// `count` updates of random incident edges with random Y values.
std::vector<Event> random_events(std::mt19937_64& rng, std::uint32_t degree, std::uint32_t count,
                                 bool with_dimer) {
    std::vector<Event> events;
    if (with_dimer) events.push_back({static_cast<std::uint32_t>(rng() % degree), 0, kJacobiOne});
    for (std::uint32_t i = 0; i < count; ++i)
        events.push_back({static_cast<std::uint32_t>(rng() % degree),
                          1 + 2 * i + static_cast<std::uint32_t>(rng() % 2),
                          static_cast<std::uint8_t>(rng() % 3)});
    return events;
}

// The scan form: nxt per event, then exclusive prefix max of jacobi_event_bounds.
std::vector<std::uint64_t> prefix_bounds(const std::vector<Event>& events) {
    std::vector<std::uint64_t> prefix(events.size());
    std::uint64_t run = 0;
    for (std::size_t k = 0; k < events.size(); ++k) {
        std::uint32_t nxt = kJacobiNever;
        for (std::size_t j = k + 1; j < events.size(); ++j)
            if (events[j].edge == events[k].edge) {
                nxt = events[j].time;
                break;
            }
        prefix[k] = run;
        run = jacobi_bounds_max(run, jacobi_event_bounds(events[k].y, nxt));
    }
    return prefix;
}

// The gather form: one forward walk with the per-edge last values and the view's two counters.
std::vector<std::uint8_t> walk_summaries(const std::vector<Event>& events, std::uint32_t degree) {
    std::vector<std::uint8_t> last(degree, kJacobiZero), out(events.size());
    JacobiVertexView view;
    for (std::size_t k = 0; k < events.size(); ++k) {
        std::uint8_t& own = last[events[k].edge];
        out[k] = jacobi_view_summary(view, own);
        view = jacobi_view_replace(view, own, events[k].y);
        own = events[k].y;
    }
    return out;
}

}  // namespace

class TestGatherSteps : public QObject {
    Q_OBJECT
  private slots:
    void walk_summary_equals_scan_bounds() {
        std::mt19937_64 rng(20261130);
        for (int trial = 0; trial < 3000; ++trial) {
            const std::uint32_t degree = 1 + static_cast<std::uint32_t>(rng() % 7);
            const std::vector<Event> events =
                random_events(rng, degree, static_cast<std::uint32_t>(rng() % 25), rng() % 2 == 0);
            const std::vector<std::uint64_t> prefix = prefix_bounds(events);
            const std::vector<std::uint8_t> summary = walk_summaries(events, degree);
            for (std::size_t k = 0; k < events.size(); ++k) {
                if (events[k].time == 0) continue;  // the virtual update is never decided
                const std::uint32_t t = events[k].time;
                const bool certainly = (prefix[k] >> 32) > t, possibly = (prefix[k] & 0xffffffffu) > t;
                QVERIFY2(((summary[k] & kJacobiCertainlyBlocked) != 0) == certainly,
                         qPrintable(QString("trial %1 event %2").arg(trial).arg(k)));
                QVERIFY2(((summary[k] & kJacobiPossiblyBlocked) != 0) == possibly,
                         qPrintable(QString("trial %1 event %2").arg(trial).arg(k)));
            }
        }
    }

    void gathered_decision_equals_scan_decision() {
        // The summaries stand for prefix maxima above or below t; the two decisions must agree.
        const std::uint32_t t = 10;
        const std::uint64_t below = 5, above = 11;
        for (std::uint8_t su = 0; su < 4; ++su) {
            for (std::uint8_t sv = 0; sv < 4; ++sv) {
                // "certainly" without "possibly" cannot occur (a 1 is also possibly 1): skip it.
                if (su == kJacobiCertainlyBlocked || sv == kJacobiCertainlyBlocked) continue;
                const auto packed = [&](std::uint8_t s) {
                    return ((s & kJacobiCertainlyBlocked ? above : below) << 32) |
                           (s & kJacobiPossiblyBlocked ? above : below);
                };
                QCOMPARE(jacobi_decide_gathered(su, sv), jacobi_decide(t, packed(su), packed(sv)));
            }
        }
    }

    void records_and_states_round_trip() {
        for (std::uint32_t edge : {0u, 1u, 12345u, kJacobiMaxEdges - 1}) {
            for (std::uint32_t side : {0u, 1u}) {
                for (bool live : {false, true}) {
                    const std::uint32_t r = jacobi_event_record(edge, side, live);
                    QCOMPARE(jacobi_record_edge(r), edge);
                    QCOMPARE(jacobi_record_edge_side(r), 2 * edge + side);
                    QCOMPARE(jacobi_record_live(r), live);
                }
            }
        }
        for (std::uint8_t y : {kJacobiZero, kJacobiOne, kJacobiUnknown}) {
            for (std::uint8_t s = 0; s < 4; ++s) {
                QCOMPARE(jacobi_state_value(jacobi_event_state(y, s)), y);
                QCOMPARE(jacobi_state_summary(jacobi_event_state(y, s)), s);
            }
        }
    }

    // At every vector width this CPU can run (the baseline always; AVX2 and AVX-512 where present,
    // named in the log), and through the dispatching entry point.
    void batched_tape_equals_tape_words_data() {
        QTest::addColumn<int>("width");
        QTest::newRow("dispatch") << -1;
        for (TapeWidth w : {TapeWidth::baseline, TapeWidth::avx2, TapeWidth::avx512}) {
            if (tape_width_available(w)) {
                QTest::newRow(tape_width_name(w).data()) << static_cast<int>(w);
            } else {
                qInfo("this CPU has no %s: that width cannot run here", tape_width_name(w).data());
            }
        }
    }
    void batched_tape_equals_tape_words() {
        QFETCH(int, width);
        auto batch = [width](std::uint64_t seed, std::uint64_t start, std::uint32_t* a, std::uint32_t* b,
                             std::uint32_t* c, std::uint32_t* d = nullptr) {
            if (width < 0) return tape_words_batch(seed, start, a, b, c, d);
            tape_words_batch_at(static_cast<TapeWidth>(width), seed, start, a, b, c, d);
        };
        // Seeds with both key halves set, counters that carry into the high word, unaligned starts.
        std::uint32_t w0[kTapeBatch], w1[kTapeBatch], w2[kTapeBatch], w3[kTapeBatch];
        for (std::uint64_t seed : {0ull, 1ull, 0x9e3779b97f4a7c15ull, 0xffffffffffffffffull}) {
            for (std::uint64_t start : {0ull, 5ull, 1000003ull, (1ull << 32) - 20, (1ull << 40) + 7}) {
                batch(seed, start, w0, w1, w2, w3);
                for (unsigned i = 0; i < kTapeBatch; ++i) {
                    const TapeWords w = tape_words(seed, start + i);
                    QVERIFY2(w0[i] == w.w0 && w1[i] == w.w1 && w2[i] == w.w2 && w3[i] == w.w3,
                             qPrintable(QString("seed %1, t %2").arg(seed).arg(start + i)));
                }
                const std::uint32_t first = w0[0];
                batch(seed, start, w0, w1, w2);  // word 3 is optional
                QCOMPARE(w0[0], first);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestGatherSteps)
#include "test_gather_steps.moc"
