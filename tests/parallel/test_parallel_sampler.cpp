// The cpu-parallel backend as a Sampler: equal to the sequential reference after every block,
// with λ changes (advance() splits there, so no block straddles one), and through the factory.
#include <QtTest>
#include <vector>

#include "model/matching.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/glauber_sequential.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using testing::NamedGraph;

namespace {

std::vector<NamedGraph> families() {
    std::vector<NamedGraph> out;
    out.push_back({"grid 20x13", testing::grid_graph(20, 13)});
    out.push_back({"cycle 31", testing::cycle_graph(31)});
    out.push_back({"complete K16", testing::complete_graph(16)});
    out.push_back({"random n=100 m=300", testing::random_graph(100, 300, 21)});
    out.push_back({"torus 24x24", testing::torus_graph(24, 24)});
    return out;
}

MateArray to_array(std::span<const std::uint32_t> s) {
    return MateArray(s.begin(), s.end());
}

}  // namespace

class TestParallelSampler : public QObject {
    Q_OBJECT
  private slots:
    void sampler_equals_sequential_after_every_block() {
        for (const NamedGraph& ng : families()) {
            const Graph& g = ng.graph;
            for (double lambda : {0.25, 1.0, 4.0, 16.0}) {
                for (std::uint64_t seed : std::initializer_list<std::uint64_t>{3ull, 1ull << 40}) {
                    const MateArray start = make_start_state(g, StartKind::greedy, seed);
                    GlauberSequentialSampler ref(g, seed, LambdaRecord(lambda), start);
                    JacobiParallelSampler par(
                        g, seed, LambdaRecord(lambda), start,
                        JacobiOptions{.block_updates = g.num_edges() / 2 + 3, .threads = 2});
                    for (int block = 0; block < 6; ++block) {
                        par.advance(par.block_updates());
                        ref.advance(par.block_updates());
                        QVERIFY2(to_array(par.mate()) == to_array(ref.mate()),
                                 qPrintable(QString("%1, lambda %2, block %3")
                                                .arg(QString::fromStdString(ng.name))
                                                .arg(lambda)
                                                .arg(block)));
                        QCOMPARE(par.dimers(), ref.dimers());
                        QCOMPARE(par.time(), ref.time());
                    }
                    QCOMPARE(par.totals().blocks, std::uint64_t{6});
                }
            }
        }
    }

    void uneven_advances_split_into_blocks_exactly() {
        const Graph g = testing::torus_graph(12, 10);
        const MateArray start = make_start_state(g, StartKind::maximum, 0);
        GlauberSequentialSampler ref(g, 17, LambdaRecord(1.5), start);
        JacobiParallelSampler par(g, 17, LambdaRecord(1.5), start, JacobiOptions{.block_updates = 100});
        std::uint64_t observed = 0;
        par.set_block_observer([&](const JacobiBlockStats& b) {
            QVERIFY(b.updates >= 1 && b.updates <= 100);
            observed += b.updates;
        });
        for (std::uint64_t step :
             std::initializer_list<std::uint64_t>{0ull, 1ull, 99ull, 100ull, 101ull, 250ull, 3ull, 1000ull}) {
            par.advance(step);
            ref.advance(step);
            QCOMPARE(to_array(par.mate()), to_array(ref.mate()));
        }
        QCOMPARE(observed, par.time());
        QCOMPARE(par.totals().updates, par.time());
    }

    void lambda_change_mid_block_is_split_and_exact() {
        // Changes that fall inside a block: advance() cuts the block there, so the solver only ever
        // sees one threshold; the trajectory must still equal the sequential one.
        const Graph g = testing::grid_graph(16, 16);
        const std::uint64_t m = g.num_edges();
        LambdaRecord record(4.0);
        record.change_at(m / 2 + 7, 0.25);
        record.change_at(2 * m + 1, 16.0);
        record.change_at(2 * m + 2, 1.0);
        const MateArray start = make_start_state(g, StartKind::greedy, 9);
        GlauberSequentialSampler ref(g, 9, record, start);
        JacobiParallelSampler par(g, 9, record, start);  // blocks of one sweep
        std::vector<std::uint64_t> block_ends;
        std::uint64_t t = 0;
        par.set_block_observer([&](const JacobiBlockStats& b) { block_ends.push_back(t += b.updates); });
        for (int sweep = 0; sweep < 4; ++sweep) {
            par.advance(m);
            ref.advance(m);
            QCOMPARE(to_array(par.mate()), to_array(ref.mate()));
        }
        for (std::uint64_t change : std::initializer_list<std::uint64_t>{m / 2 + 7, 2 * m + 1, 2 * m + 2})
            QVERIFY(std::find(block_ends.begin(), block_ends.end(), change) != block_ends.end());
        // λ set interactively between advances, too.
        par.set_lambda(0.5);
        ref.set_lambda(0.5);
        par.advance(m + 11);
        ref.advance(m + 11);
        QCOMPARE(to_array(par.mate()), to_array(ref.mate()));
    }

    void factory_builds_cpu_parallel_for_glauber_only() {
        const Graph g = testing::complete_graph(10);
        const MateArray start(10, kNoMate);
        auto s = make_cpu_parallel_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start, 0.5);
        QCOMPARE(s->backend_name(), std::string_view("cpu-parallel"));
        QCOMPARE(static_cast<JacobiParallelSampler&>(*s).block_updates(), std::uint64_t{23});  // ceil(45 / 2)
        s->advance(1000);
        auto ref = make_cpu_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start);
        ref->advance(1000);
        QCOMPARE(state_hash(s->mate()), state_hash(ref->mate()));
        QVERIFY_THROWS_EXCEPTION(
            InputError, make_cpu_parallel_sampler(g, Dynamics::jerrum_sinclair, 5, LambdaRecord(1.0), start));
        QVERIFY_THROWS_EXCEPTION(
            InputError, make_cpu_parallel_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start, 0));
        QVERIFY_THROWS_EXCEPTION(
            InputError, make_cpu_parallel_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start, -1));
        // A tiny fraction of a sweep still makes blocks of one update.
        auto tiny = make_cpu_parallel_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start, 1e-9);
        tiny->advance(50);
        ref = make_cpu_sampler(g, Dynamics::glauber, 5, LambdaRecord(1.0), start);
        ref->advance(50);
        QCOMPARE(state_hash(tiny->mate()), state_hash(ref->mate()));
    }
};

QTEST_GUILESS_MAIN(TestParallelSampler)
#include "test_parallel_sampler.moc"
