// Algorithm A, one block at a time (docs/algorithms.md §3.6): the three-valued Jacobi rounds reproduce
// the sequential heat-bath trajectory update by update, need exactly the rounds and work the
// one-pass oracle predicts, and handle degenerate tapes.
#include <QtTest>
#include <vector>

#include "model/heat_bath_rule.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"
#include "parallel/depth_oracle.hpp"
#include "parallel/edge_occupancy.hpp"
#include "parallel/jacobi_block.hpp"
#include "parallel/jacobi_steps.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

std::vector<NamedGraph> families() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 12x9", testing::grid_graph(12, 9)});
    out.push_back({"cycle 17", testing::cycle_graph(17)});
    out.push_back({"complete K12", testing::complete_graph(12)});
    out.push_back({"random n=60 m=150", testing::random_graph(60, 150, 3)});
    out.push_back({"torus 16x16", testing::torus_graph(16, 16)});
    out.push_back({"star 7", testing::star_graph(7)});
    return out;
}

// The textbook loop, one update at a time: X_t and every intermediate matching.
struct SequentialRun {
    std::vector<std::uint8_t> x;
    MateArray final_mate;
};

SequentialRun sequential(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                         std::uint64_t threshold, MateArray mate) {
    SequentialRun r;
    r.x.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const TapeWords w = tape_words(seed, t_begin + i);
        const Edge e = g.edge(tape_edge(w, g.num_edges()));
        heat_bath_update(mate.data(), e.u, e.v, tape_coin_occupied(w, threshold));
        r.x[i] = mate[e.u] == e.v;
    }
    r.final_mate = std::move(mate);
    return r;
}

// Replays M_0 with the X_t of a block; empty string when every M_t is a matching.
QString replay_error(const Graph& g, std::uint64_t seed, std::uint64_t t_begin, MateArray mate,
                     const std::vector<std::uint8_t>& x) {
    for (std::uint64_t i = 0; i < x.size(); ++i) {
        const Edge e = g.edge(tape_edge(tape_words(seed, t_begin + i), g.num_edges()));
        if (mate[e.u] == e.v) mate[e.u] = mate[e.v] = kNoMate;
        if (x[i]) {
            if (mate[e.u] != kNoMate || mate[e.v] != kNoMate)
                return QString("update %1 adds edge %2-%3 to a covered vertex").arg(i).arg(e.u).arg(e.v);
            mate[e.u] = e.v;
            mate[e.v] = e.u;
        }
    }
    return {};
}

struct BlockResult {
    JacobiBlockStats stats;
    std::vector<std::uint8_t> x;
    std::vector<std::uint8_t> occupied;
    MateArray mate;
};

BlockResult jacobi_block(ThreadPool& pool, const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                         std::uint64_t count, std::uint64_t threshold, MateArray mate) {
    BlockResult r;
    r.occupied = edge_occupancy(g, mate);
    r.mate = std::move(mate);
    JacobiBlockSolver solver(pool);
    r.stats = solver.run(g, seed, t_begin, count, threshold, r.occupied, r.mate, &r.x);
    return r;
}

QString label(const NamedGraph& ng, double lambda, std::uint64_t seed) {
    return QString("%1, lambda %2, seed %3").arg(QString::fromStdString(ng.name)).arg(lambda).arg(seed);
}

}  // namespace

class TestJacobiExact : public QObject {
    Q_OBJECT
  private slots:
    void decision_rule_follows_the_three_valued_logic() {
        const auto ab = [](std::uint32_t a, std::uint32_t b) { return (std::uint64_t{a} << 32) | b; };
        QCOMPARE(jacobi_decide(5, ab(6, 6), 0), kJacobiZero);        // certainly blocked at u
        QCOMPARE(jacobi_decide(5, 0, ab(9, 9)), kJacobiZero);        // certainly blocked at v
        QCOMPARE(jacobi_decide(5, ab(5, 5), ab(3, 4)), kJacobiOne);  // intervals end by t: free
        QCOMPARE(jacobi_decide(5, ab(0, 6), 0), kJacobiUnknown);     // possibly blocked
        QCOMPARE(jacobi_event_bounds(kJacobiOne, 7), ab(7, 7));
        QCOMPARE(jacobi_event_bounds(kJacobiUnknown, 7), ab(0, 7));
        QCOMPARE(jacobi_event_bounds(kJacobiZero, 7), ab(0, 0));
        QCOMPARE(jacobi_bounds_max(ab(3, 9), ab(8, 2)), ab(8, 9));
    }

    void trajectory_and_final_state_equal_sequential_data() {
        QTest::addColumn<double>("lambda");
        for (double lambda : {0.25, 1.0, 4.0, 16.0}) QTest::addRow("lambda %g", lambda) << lambda;
    }
    void trajectory_and_final_state_equal_sequential() {
        QFETCH(double, lambda);
        ThreadPool pool(3, true);  // more parts than cores, small chunks: boundaries get exercised
        const std::uint64_t threshold = heat_bath_threshold(lambda);
        for (const NamedGraph& ng : families()) {
            const Graph& g = ng.graph;
            for (std::uint64_t seed :
                 std::initializer_list<std::uint64_t>{1ull, 7ull, 0x9e3779b97f4a7c15ull}) {
                // Non-empty M_0: a random maximal matching, then blocks of uneven sizes.
                MateArray mate = make_start_state(g, StartKind::greedy, seed);
                QVERIFY(count_dimers(mate) > 0);
                std::uint64_t t = 0;
                for (std::uint64_t count : std::initializer_list<std::uint64_t>{
                         std::uint64_t{g.num_edges()}, g.num_edges() / 3 + 1, 2ull * g.num_edges() + 5}) {
                    const SequentialRun ref = sequential(g, seed, t, count, threshold, mate);
                    const BlockResult par = jacobi_block(pool, g, seed, t, count, threshold, mate);
                    QVERIFY2(par.x == ref.x, qPrintable(label(ng, lambda, seed)));
                    QVERIFY2(par.mate == ref.final_mate, qPrintable(label(ng, lambda, seed)));
                    QCOMPARE(par.occupied, edge_occupancy(g, ref.final_mate));
                    QCOMPARE(static_cast<std::int64_t>(count_dimers(mate)) + par.stats.dimer_change,
                             static_cast<std::int64_t>(count_dimers(ref.final_mate)));
                    QCOMPARE(par.stats.virtual_updates, count_dimers(mate));
                    mate = par.mate;
                    t += count;
                }
            }
        }
    }

    void every_intermediate_state_is_a_matching() {
        ThreadPool pool(2, true);
        for (const NamedGraph& ng : families()) {
            for (double lambda : {0.25, 1.0, 4.0, 16.0}) {
                const MateArray start = make_start_state(ng.graph, StartKind::greedy, 5);
                const std::uint64_t count = 3ull * ng.graph.num_edges();
                const BlockResult par =
                    jacobi_block(pool, ng.graph, 5, 100, count, heat_bath_threshold(lambda), start);
                const QString err = replay_error(ng.graph, 5, 100, start, par.x);
                QVERIFY2(err.isEmpty(), qPrintable(label(ng, lambda, 5) + ": " + err));
                QCOMPARE(matching_error(ng.graph, par.mate), std::string());
            }
        }
    }

    void rounds_and_work_equal_depth_oracle() {
        ThreadPool pool(2, true);
        std::vector<NamedGraph> graphs = families();
        graphs.push_back({"grid 32x32", testing::grid_graph(32, 32)});
        graphs.push_back({"complete K40", testing::complete_graph(40)});
        for (const NamedGraph& ng : graphs) {
            for (double lambda : {0.25, 1.0, 4.0, 16.0}) {
                for (std::uint64_t seed : std::initializer_list<std::uint64_t>{2ull, 11ull}) {
                    const std::uint64_t threshold = heat_bath_threshold(lambda);
                    const MateArray start = make_start_state(ng.graph, StartKind::greedy, seed);
                    for (std::uint64_t count : std::initializer_list<std::uint64_t>{
                             std::uint64_t{ng.graph.num_edges()}, 4ull * ng.graph.num_edges()}) {
                        const DepthOracle oracle = depth_oracle(ng.graph, seed, 0, count, threshold, start);
                        const BlockResult par =
                            jacobi_block(pool, ng.graph, seed, 0, count, threshold, start);
                        QVERIFY2(par.stats.rounds == oracle.max_depth,
                                 qPrintable(label(ng, lambda, seed) + QString(": rounds %1, oracle %2")
                                                                          .arg(par.stats.rounds)
                                                                          .arg(oracle.max_depth)));
                        QCOMPARE(par.stats.work, oracle.total_depth);
                        QCOMPARE(par.stats.live, oracle.live);
                        QCOMPARE(par.x, oracle.occupied);  // the oracle's own pass is sequential
                        QCOMPARE(par.mate, oracle.final_mate);
                    }
                }
            }
        }
    }

    void empty_block_changes_nothing() {
        ThreadPool pool(2, true);
        const Graph g = testing::grid_graph(5, 5);
        const MateArray start = make_start_state(g, StartKind::greedy, 3);
        const BlockResult par = jacobi_block(pool, g, 3, 77, 0, heat_bath_threshold(1.0), start);
        QCOMPARE(par.mate, start);
        QCOMPARE(par.stats.rounds, 0u);
        QCOMPARE(par.stats.work, std::uint64_t{0});
        QVERIFY(par.x.empty());
        QCOMPARE(depth_oracle(g, 3, 77, 0, heat_bath_threshold(1.0), start).max_depth, 0u);
    }

    void single_edge_graph_needs_one_round() {
        // No neighbouring edges: every live update is free at once, X_t is just the coin.
        ThreadPool pool(2, true);
        const Graph g = testing::path_graph(2);
        for (double lambda : {0.25, 1.0, 16.0}) {
            for (MateArray start : {MateArray{kNoMate, kNoMate}, MateArray{1, 0}}) {
                const std::uint64_t thr = heat_bath_threshold(lambda);
                const BlockResult par = jacobi_block(pool, g, 9, 0, 1000, thr, start);
                const SequentialRun ref = sequential(g, 9, 0, 1000, thr, start);
                QCOMPARE(par.x, ref.x);
                QCOMPARE(par.mate, ref.final_mate);
                QCOMPARE(par.stats.rounds, 1u);
                QCOMPARE(par.stats.work, par.stats.live);
                for (std::uint64_t i = 0; i < 1000; ++i)
                    QCOMPARE(bool(par.x[i]), tape_coin_occupied(tape_words(9, i), thr));
            }
        }
    }

    void tiny_lambda_needs_at_most_one_round() {
        // Almost every update is dead (known 0 before any round); the rare live ones have no live
        // parents and are decided in round 1. With no live update at all, no round is needed.
        ThreadPool pool(2, true);
        const Graph g = testing::complete_graph(30);
        const MateArray start = make_start_state(g, StartKind::greedy, 4);
        for (double lambda : {1e-12, 1e-6}) {
            const std::uint64_t thr = heat_bath_threshold(lambda);
            const std::uint64_t count = 20ull * g.num_edges();
            const BlockResult par = jacobi_block(pool, g, 4, 0, count, thr, start);
            const DepthOracle oracle = depth_oracle(g, 4, 0, count, thr, start);
            QCOMPARE(par.mate, oracle.final_mate);
            QCOMPARE(par.stats.rounds, oracle.max_depth);
            QVERIFY(par.stats.rounds <= 1);
            QCOMPARE(par.stats.rounds, par.stats.live > 0 ? 1u : 0u);
            QCOMPARE(par.stats.work, par.stats.live);
            if (lambda == 1e-12) QCOMPARE(par.stats.live, std::uint64_t{0});
        }
        // Threshold 0: every update dead, everything known at round 0.
        const BlockResult dead = jacobi_block(pool, g, 4, 0, 5000, 0, start);
        QCOMPARE(dead.stats.rounds, 0u);
        QCOMPARE(count_dimers(dead.mate), count_dimers(sequential(g, 4, 0, 5000, 0, start).final_mate));
    }

    void huge_lambda_most_updates_live_and_exact() {
        ThreadPool pool(2, true);
        for (const NamedGraph& ng : families()) {
            for (double lambda : {1e3, 1e9}) {
                const std::uint64_t thr = heat_bath_threshold(lambda);
                const MateArray start = make_start_state(ng.graph, StartKind::greedy, 8);
                const std::uint64_t count = 2ull * ng.graph.num_edges();
                const BlockResult par = jacobi_block(pool, ng.graph, 8, 0, count, thr, start);
                const DepthOracle oracle = depth_oracle(ng.graph, 8, 0, count, thr, start);
                QVERIFY(par.stats.live * 100 >= count * 99);
                QCOMPARE(par.x, sequential(ng.graph, 8, 0, count, thr, start).x);
                QCOMPARE(par.mate, oracle.final_mate);
                QCOMPARE(par.stats.rounds, oracle.max_depth);
            }
        }
        // Threshold 2^32 (λ = ∞): every update is live.
        const Graph g = testing::torus_graph(8, 8);
        const MateArray start(g.num_vertices(), kNoMate);
        const BlockResult all = jacobi_block(pool, g, 1, 0, 500, 1ull << 32, start);
        QCOMPARE(all.stats.live, std::uint64_t{500});
        QCOMPARE(all.mate, sequential(g, 1, 0, 500, 1ull << 32, start).final_mate);
    }

    void results_independent_of_block_size() {
        ThreadPool pool(2, true);
        const Graph g = testing::random_graph(80, 200, 12);
        const std::uint64_t thr = heat_bath_threshold(2.0);
        const std::uint64_t total = 10ull * g.num_edges();
        const MateArray start = make_start_state(g, StartKind::greedy, 6);
        const MateArray expected = sequential(g, 6, 0, total, thr, start).final_mate;
        for (std::uint64_t block : std::initializer_list<std::uint64_t>{1ull, 2ull, 7ull, 50ull, 199ull,
                                                                        200ull, 201ull, 1000ull, total}) {
            MateArray mate = start;
            std::vector<std::uint8_t> occupied = edge_occupancy(g, mate);
            JacobiBlockSolver solver(pool);  // one solver: its buffers are reused across sizes
            for (std::uint64_t t = 0; t < total; t += block) {
                solver.run(g, 6, t, std::min(block, total - t), thr, occupied, mate);
                QCOMPARE(matching_error(g, mate), std::string());
            }
            QVERIFY2(mate == expected, qPrintable(QString("block %1").arg(block)));
            QCOMPARE(occupied, edge_occupancy(g, expected));
        }
    }

    void thread_count_does_not_change_results() {
        const Graph g = testing::torus_graph(40, 40);
        const std::uint64_t thr = heat_bath_threshold(1.0);
        const MateArray start = make_start_state(g, StartKind::greedy, 2);
        const MateArray expected = sequential(g, 2, 0, 3ull * g.num_edges(), thr, start).final_mate;
        for (unsigned threads : {1u, 2u, 5u}) {
            ThreadPool pool(threads);
            const BlockResult par = jacobi_block(pool, g, 2, 0, 3ull * g.num_edges(), thr, start);
            QVERIFY2(par.mate == expected, qPrintable(QString("%1 threads").arg(threads)));
        }
    }
};

QTEST_GUILESS_MAIN(TestJacobiExact)
#include "test_jacobi_exact.moc"
