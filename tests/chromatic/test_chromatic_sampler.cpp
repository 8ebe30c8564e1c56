// ChromaticSampler: its final states follow the exact Gibbs law (χ², many independent chains),
// its trajectory does not depend on the thread count or on how advance() cuts the run (partial
// sweeps and partial classes included), and λ changes land at the recorded update.
//
// False alarms: each χ² test rejects a correct sampler with probability α = 1e-3; with the 7
// rows below about 0.7% for all. Seeds are fixed, so outcomes are reproducible.
#include <QtTest>
#include <cmath>
#include <map>

#include "chi_square.hpp"
#include "chromatic/chromatic_sampler.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

constexpr double kAlpha = 1e-3;

Graph graph_by_name(const QString& name) {
    if (name == "grid2x3") return testing::grid_graph(2, 3);
    if (name == "grid:3x3") return make_graph("grid:3x3");  // closed-form lattice colouring
    if (name == "C5") return testing::cycle_graph(5);
    if (name == "K4") return testing::complete_graph(4);
    if (name == "complete:5") return make_graph("complete:5");
    if (name == "star4") return testing::star_graph(4);
    if (name == "K2,3") return testing::complete_bipartite_graph(2, 3);
    qFatal("unknown graph");
}

MateArray start_for_chain(const Graph& g, std::uint64_t chain, std::uint64_t seed) {
    const StartKind kinds[] = {StartKind::empty, StartKind::greedy, StartKind::maximum};
    return make_start_state(g, kinds[chain % 3], seed);
}

std::unique_ptr<ChromaticSampler> chromatic(const Graph& g, std::uint64_t seed, LambdaRecord record,
                                            unsigned threads,
                                            ColouringChoice colouring = ColouringChoice::automatic) {
    ChromaticOptions o;
    o.threads = threads;
    o.parallel = threads != 1;
    o.min_chunk = 0;  // split every class across all threads, even on tiny graphs
    o.colouring = colouring;
    return std::make_unique<ChromaticSampler>(g, seed, std::move(record),
                                              make_start_state(g, StartKind::greedy, seed), o);
}

MateArray mate_of(const Sampler& s) {
    return MateArray(s.mate().begin(), s.mate().end());
}

}  // namespace

class TestChromaticSampler : public QObject {
    Q_OBJECT
  private slots:
    void final_states_follow_exact_gibbs_law_data() {
        QTest::addColumn<QString>("graph");
        QTest::addColumn<double>("lambda");
        QTest::addColumn<int>("sweeps");  // per chain
        QTest::addColumn<int>("colouring");
        QTest::addColumn<qulonglong>("base_seed");
        QTest::newRow("grid2x3 lambda=1")
            << "grid2x3" << 1.0 << 60 << int(ColouringChoice::automatic) << 1'000'000ull;
        QTest::newRow("grid:3x3 lambda=2.5")
            << "grid:3x3" << 2.5 << 120 << int(ColouringChoice::automatic) << 2'000'000ull;
        QTest::newRow("C5 lambda=1 greedy")
            << "C5" << 1.0 << 60 << int(ColouringChoice::greedy) << 3'000'000ull;
        QTest::newRow("K4 lambda=0.4")
            << "K4" << 0.4 << 60 << int(ColouringChoice::automatic) << 4'000'000ull;
        QTest::newRow("complete:5 lambda=1")
            << "complete:5" << 1.0 << 60 << int(ColouringChoice::automatic) << 5'000'000ull;
        QTest::newRow("star4 lambda=3")
            << "star4" << 3.0 << 60 << int(ColouringChoice::automatic) << 6'000'000ull;
        QTest::newRow("K2,3 lambda=1")
            << "K2,3" << 1.0 << 60 << int(ColouringChoice::misra_gries) << 7'000'000ull;
    }
    // The run stops at a number of updates that is not a whole sweep, so partial classes are in
    // play as well.
    void final_states_follow_exact_gibbs_law() {
        QFETCH(QString, graph);
        QFETCH(double, lambda);
        QFETCH(int, sweeps);
        QFETCH(int, colouring);
        QFETCH(qulonglong, base_seed);
        const Graph g = graph_by_name(graph);
        const testing::GibbsLaw law = testing::exact_gibbs_law(g, lambda);
        const std::vector<MateArray>& states = law.states;
        const std::map<MateArray, std::size_t>& index = law.index;
        const std::vector<double>& expected = law.probability;
        const std::uint64_t chains = 20000;
        std::vector<std::uint64_t> observed(states.size(), 0);
        for (std::uint64_t c = 0; c < chains; ++c) {
            const std::uint64_t seed = base_seed + c;
            ChromaticOptions o;
            o.colouring = static_cast<ColouringChoice>(colouring);
            ChromaticSampler s(g, seed, LambdaRecord(lambda), start_for_chain(g, c, seed), o);
            s.advance(static_cast<std::uint64_t>(sweeps) * g.num_edges() + c % g.num_edges());
            QCOMPARE(s.dimers(), count_dimers(s.mate()));
            ++observed[index.at(mate_of(s))];
        }
        const auto r = testing::chi_square_test(observed, expected, kAlpha);
        QVERIFY2(r.passed, r.describe().c_str());
    }

    void trajectory_is_independent_of_thread_count_data() {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"torus:16x12", "grid:13x9", "hex:12x10", "complete:30", "gnp:80,0.1,seed=3"})
            QTest::newRow(s) << QString(s);
    }
    void trajectory_is_independent_of_thread_count() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const std::uint64_t updates = 7 * std::uint64_t{g.num_edges()} + 5;
        auto one = chromatic(g, 19, LambdaRecord(1.2), 1);
        one->advance(updates);
        for (unsigned threads : {2u, 3u, 5u}) {
            auto many = chromatic(g, 19, LambdaRecord(1.2), threads);
            QCOMPARE(many->threads(), threads);
            many->advance(updates);
            QCOMPARE(mate_of(*many), mate_of(*one));
            QCOMPARE(many->dimers(), one->dimers());
        }
    }

    // Whole sweeps at once, one update at a time, and odd chunks that stop inside classes: the same
    // trajectory, with the same time.
    void advance_may_stop_anywhere_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<unsigned>("threads");
        for (const char* s : {"grid:7x5", "petersen", "regular:30,5,seed=2"}) {
            QTest::addRow("%s 1 thread", s) << QString(s) << 1u;
            QTest::addRow("%s 3 threads", s) << QString(s) << 3u;
        }
    }
    void advance_may_stop_anywhere() {
        QFETCH(QString, spec);
        QFETCH(unsigned, threads);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const std::uint64_t m = g.num_edges(), total = 5 * m;
        auto whole = chromatic(g, 7, LambdaRecord(0.8), threads);
        for (int s = 0; s < 5; ++s) whole->advance(m);
        auto single = chromatic(g, 7, LambdaRecord(0.8), threads);
        for (std::uint64_t t = 0; t < total; ++t) single->advance(1);
        auto odd = chromatic(g, 7, LambdaRecord(0.8), threads);
        for (std::uint64_t step : {3u, 1u, 4u, 1u, 5u, 9u, 2u, 6u}) odd->advance(step);  // 31 updates
        odd->advance(0);
        odd->advance(total - 31);
        for (const auto* s : {single.get(), odd.get()}) {
            QCOMPARE(s->time(), total);
            QCOMPARE(mate_of(*s), mate_of(*whole));
            QCOMPARE(s->dimers(), whole->dimers());
        }
        // Stopping inside a class applies a prefix of it: the state differs from both ends of the
        // class unless those updates changed nothing (checked only for being a valid matching here).
        auto part = chromatic(g, 7, LambdaRecord(0.8), threads);
        part->advance(m + 2);
        QVERIFY(matching_error(g, part->mate()).empty());
    }

    // A λ change at an update inside a class: equal to running the two parts with the two λ.
    void lambda_change_inside_a_class() {
        const Graph g = make_graph("torus:10x8");
        const std::uint64_t m = g.num_edges(), at = 3 * m + 37;  // class 0 has 40 edges
        LambdaRecord rec(0.5);
        rec.change_at(at, 3.0);
        auto recorded = chromatic(g, 23, rec, 2);
        recorded->advance(6 * m);
        auto manual = chromatic(g, 23, LambdaRecord(0.5), 2);
        manual->advance(at);
        manual->set_lambda(3.0);
        manual->advance(6 * m - at);
        QCOMPARE(mate_of(*recorded), mate_of(*manual));
        auto unchanged = chromatic(g, 23, LambdaRecord(0.5), 2);
        unchanged->advance(6 * m);
        QVERIFY(mate_of(*unchanged) != mate_of(*recorded));
    }

    void factories_and_names() {
        const Graph g = make_graph("grid:6x6");
        auto cpu = make_cpu_sampler(g, Dynamics::chromatic, 3, LambdaRecord(1.0), MateArray(36, kNoMate));
        QCOMPARE(cpu->dynamics(), Dynamics::chromatic);
        QCOMPARE(QString::fromUtf8(cpu->backend_name().data()), QString("cpu"));
        QCOMPARE(QString::fromUtf8(dynamics_name(Dynamics::chromatic).data()), QString("chromatic"));
        auto par = make_cpu_parallel_sampler(g, Dynamics::chromatic, 3, LambdaRecord(1.0),
                                             MateArray(36, kNoMate), 1.0, 2);
        QCOMPARE(QString::fromUtf8(par->backend_name().data()), QString("cpu-parallel"));
        cpu->advance(1000);
        par->advance(1000);
        QCOMPARE(mate_of(*cpu), mate_of(*par));
        // A different chain from random-edge Glauber on the same seed.
        auto glauber = make_cpu_sampler(g, Dynamics::glauber, 3, LambdaRecord(1.0), MateArray(36, kNoMate));
        glauber->advance(1000);
        QVERIFY(mate_of(*glauber) != mate_of(*cpu));
    }
};

QTEST_APPLESS_MAIN(TestChromaticSampler)
#include "test_chromatic_sampler.moc"
