// Determinism of the CPU samplers: a run is a pure function of (graph, seed, λ record, start),
// the pipelined loop is bit-identical to the plain one, and λ changes replay exactly.
#include <QtTest>
#include <algorithm>
#include <vector>

#include "model/heat_bath_rule.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "sampling/glauber_sequential.hpp"
#include "sampling/jerrum_sinclair_sampler.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

// The textbook loop, written independently of the production pipeline: one update at a time in
// tape order, λ looked up per update from the record.
MateArray plain_loop(const Graph& g, Dynamics d, std::uint64_t seed, const LambdaRecord& record,
                     MateArray mate, std::uint64_t updates) {
    for (std::uint64_t t = 0; t < updates; ++t) {
        const double lambda = record.lambda_at(t);
        const TapeWords w = tape_words(seed, t);
        const Edge e = g.edge(tape_edge(w, g.num_edges()));
        if (d == Dynamics::glauber) {
            heat_bath_update(mate.data(), e.u, e.v, tape_coin_occupied(w, heat_bath_threshold(lambda)));
        } else {
            jerrum_sinclair_update(mate.data(), e.u, e.v, w, jerrum_sinclair_thresholds(lambda));
        }
    }
    return mate;
}

MateArray to_array(std::span<const std::uint32_t> s) {
    return MateArray(s.begin(), s.end());
}

std::vector<NamedGraph> graphs() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 7x5", testing::grid_graph(7, 5)});
    out.push_back({"torus 16x16", testing::torus_graph(16, 16)});
    out.push_back({"complete K6", testing::complete_graph(6)});
    out.push_back({"random n=50 m=120", testing::random_graph(50, 120, 8)});
    out.push_back({"star 9", testing::star_graph(9)});
    out.push_back({"single edge", testing::path_graph(2)});
    return out;
}

}  // namespace

class TestDeterminism : public QObject {
    Q_OBJECT
  private slots:
    void dynamics_data() {
        QTest::addColumn<int>("dynamics");
        QTest::addRow("glauber") << int(Dynamics::glauber);
        QTest::addRow("jerrum-sinclair") << int(Dynamics::jerrum_sinclair);
    }

    void same_seed_gives_same_state_hash_and_different_seeds_differ_data() { dynamics_data(); }
    void same_seed_gives_same_state_hash_and_different_seeds_differ() {
        QFETCH(int, dynamics);
        const Graph g = testing::grid_graph(8, 8);
        auto run = [&](std::uint64_t seed) {
            auto s = make_cpu_sampler(g, static_cast<Dynamics>(dynamics), seed, LambdaRecord(1.0),
                                      MateArray(64, kNoMate));
            s->advance(10000);
            return state_hash(s->mate());
        };
        QCOMPARE(run(42), run(42));
        QVERIFY(run(42) != run(43));
        QVERIFY(run(42) != run(42ull | (1ull << 40)));  // the seed's high word matters too
    }

    // Counts around the pipeline depths (prologue only, exactly the look-ahead, just past it)
    // and long runs; the sampler must equal the plain loop bit for bit.
    void pipelined_sampler_equals_plain_loop_data() { dynamics_data(); }
    void pipelined_sampler_equals_plain_loop() {
        QFETCH(int, dynamics);
        const Dynamics d = static_cast<Dynamics>(dynamics);
        const std::uint64_t counts[] = {0, 1, 2, 5, 9, 10, 11, 23, 24, 25, 31, 32, 33, 100, 10007, 200000};
        for (const NamedGraph& ng : graphs()) {
            for (double lambda : {0.2, 1.0, 3.5}) {
                for (std::uint64_t count : counts) {
                    const std::uint64_t seed = 1000 + count;
                    const MateArray start = make_start_state(ng.graph, StartKind::greedy, seed);
                    auto s = make_cpu_sampler(ng.graph, d, seed, LambdaRecord(lambda), start);
                    s->advance(count);
                    const MateArray expected =
                        plain_loop(ng.graph, d, seed, LambdaRecord(lambda), start, count);
                    QVERIFY2(to_array(s->mate()) == expected,
                             qPrintable(QString("%1, lambda %2, %3 updates")
                                            .arg(QString::fromStdString(ng.name))
                                            .arg(lambda)
                                            .arg(count)));
                    QCOMPARE(s->dimers(), count_dimers(expected));
                    QCOMPARE(s->time(), count);
                }
            }
        }
    }

    void one_long_advance_equals_many_short_ones_data() { dynamics_data(); }
    void one_long_advance_equals_many_short_ones() {
        QFETCH(int, dynamics);
        const Dynamics d = static_cast<Dynamics>(dynamics);
        const Graph g = testing::torus_graph(10, 12);
        const MateArray start(g.num_vertices(), kNoMate);
        auto whole = make_cpu_sampler(g, d, 9, LambdaRecord(1.3), start);
        auto pieces = make_cpu_sampler(g, d, 9, LambdaRecord(1.3), start);
        const std::uint64_t total = 50000;
        whole->advance(total);
        std::uint64_t done = 0;
        for (std::uint64_t k = 0; done < total; ++k) {
            const std::uint64_t step = std::min<std::uint64_t>(total - done, k % 41);  // includes 0 and 1
            pieces->advance(step);
            done += step;
        }
        QCOMPARE(pieces->time(), whole->time());
        QCOMPARE(state_hash(pieces->mate()), state_hash(whole->mate()));
        QCOMPARE(to_array(pieces->mate()), to_array(whole->mate()));
        QCOMPARE(pieces->dimers(), whole->dimers());
    }

    void lambda_changes_replay_from_the_record_data() { dynamics_data(); }
    void lambda_changes_replay_from_the_record() {
        QFETCH(int, dynamics);
        const Dynamics d = static_cast<Dynamics>(dynamics);
        const Graph g = testing::grid_graph(12, 9);
        const MateArray start = make_start_state(g, StartKind::maximum, 0);

        // Interactive run: λ changed between blocks, at whatever time the sampler had reached.
        auto live = make_cpu_sampler(g, d, 314, LambdaRecord(1.0), start);
        live->advance(1000);
        live->set_lambda(3.0);
        live->advance(2345);
        live->set_lambda(0.5);
        live->advance(1500);
        live->set_lambda(0.5);  // no-op change at the same value and a later one that replaces it
        live->set_lambda(2.0);
        live->advance(777);

        LambdaRecord record(1.0);
        record.change_at(1000, 3.0);
        record.change_at(3345, 0.5);
        record.change_at(4845, 2.0);
        QCOMPARE(live->lambda_record().changes(), record.changes());

        auto replay = make_cpu_sampler(g, d, 314, record, start);
        replay->advance(live->time());
        QCOMPARE(to_array(replay->mate()), to_array(live->mate()));
        QCOMPARE(state_hash(replay->mate()), state_hash(live->mate()));
        QCOMPARE(to_array(replay->mate()), plain_loop(g, d, 314, record, start, live->time()));

        auto unchanged = make_cpu_sampler(g, d, 314, LambdaRecord(1.0), start);
        unchanged->advance(live->time());
        QVERIFY(state_hash(unchanged->mate()) != state_hash(live->mate()));
    }

    void exact_reference_backend_is_named_cpu() {
        const Graph g = testing::cycle_graph(4);
        GlauberSequentialSampler gs(g, 1, LambdaRecord(1.0), MateArray(4, kNoMate));
        JerrumSinclairSampler js(g, 1, LambdaRecord(1.0), MateArray(4, kNoMate));
        QCOMPARE(gs.backend_name(), std::string_view("cpu"));
        QCOMPARE(js.backend_name(), std::string_view("cpu"));
    }
};

QTEST_APPLESS_MAIN(TestDeterminism)
#include "test_determinism.moc"
