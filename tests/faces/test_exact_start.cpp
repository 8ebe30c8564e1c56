// The exact start state: a uniform perfect matching drawn from the seed's own stream. Over seeds
// it is uniform on all 64 tilings of aztec:3 (domino shuffling) and all 20 lozenge tilings of
// hexagon:2,2,2 (coupling from the past): χ², α = 10^-3 per graph, fixed seeds. It is a pure
// function of the seed, and graphs it cannot sample are refused by name.
#include <QtTest>

#include "graph/graph_spec.hpp"
#include "sampling/start_state.hpp"
#include "tilings/domino_shuffle.hpp"
#include "uniform_perfect_matchings.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

class TestExactStart : public QObject {
    Q_OBJECT
  private slots:
    void the_name_round_trips() {
        QCOMPARE(parse_start_kind("exact"), StartKind::exact);
        QCOMPARE(std::string(start_kind_name(StartKind::exact)), std::string("exact"));
    }

    void exact_starts_are_uniform_over_seeds_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("states");
        QTest::addColumn<int>("samples");
        QTest::addRow("aztec:3") << "aztec:3" << 64 << 6400;
        QTest::addRow("hexagon:2,2,2") << "hexagon:2,2,2" << 20 << 4000;
    }
    void exact_starts_are_uniform_over_seeds() {
        QFETCH(QString, spec);
        QFETCH(int, states);
        QFETCH(int, samples);
        const Graph g = make_graph(spec.toStdString());
        const auto check = testing::check_uniform_perfect(g, samples, 1e-3, [&](int i) {
            return make_start_state(g, StartKind::exact, std::uint64_t(1000 + i));
        });
        QVERIFY2(check.error.empty(), check.error.c_str());
        QCOMPARE(int(check.states), states);
        QVERIFY2(check.chi.passed, check.chi.describe().c_str());
    }

    void the_start_is_a_pure_function_of_the_seed() {
        for (const char* spec : {"aztec:12", "hexagon:4,3,5", "grid:8x6"}) {
            const Graph g = make_graph(spec);
            const MateArray a = make_start_state(g, StartKind::exact, 77);
            QVERIFY2(matching_error(g, a).empty(), spec);
            QCOMPARE(2 * std::size_t(count_dimers(a)), std::size_t(g.num_vertices()));
            QVERIFY2(make_start_state(g, StartKind::exact, 77) == a, spec);
            QVERIFY2(make_start_state(g, StartKind::exact, 78) != a, spec);
        }
        // Its own stream: not the tiling that --dynamics shuffle draws first from the same seed.
        QVERIFY(make_start_state(make_graph("aztec:12"), StartKind::exact, 77) !=
                shuffle_aztec_tiling(12, 77, 0));
    }

    void other_graphs_are_refused_by_name() {
        try {
            (void)make_start_state(make_graph("complete:6"), StartKind::exact, 1);
            QFAIL("complete graph accepted");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("aztec") != std::string::npos && what.find("hexagon") != std::string::npos,
                     e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, make_start_state(make_graph("torus:4x4"), StartKind::exact, 1));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError,
                                 make_start_state(make_graph("grid:3x3"), StartKind::exact, 1));
    }
};

QTEST_APPLESS_MAIN(TestExactStart)
#include "test_exact_start.moc"
