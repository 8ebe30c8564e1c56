// Edge colourings: proper on every family of the spec grammar, within each method's stated
// colour bound, the closed forms used exactly where they apply, and a validator that rejects
// every kind of broken colouring with std::logic_error.
#include <QtTest>
#include <stdexcept>

#include "chromatic/edge_colouring.hpp"
#include "graph/graph_spec.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

// Independent of validate_colouring: classes are matchings and cover each edge exactly once.
bool proper_by_brute_force(const Graph& g, const EdgeColouring& c) {
    std::vector<int> times(g.num_edges(), 0);
    for (std::uint32_t k = 0; k < c.num_colours(); ++k) {
        for (std::uint32_t i = c.offsets[k]; i < c.offsets[k + 1]; ++i) {
            ++times[c.order[i]];
            for (std::uint32_t j = c.offsets[k]; j < i; ++j) {
                const Edge a = g.edge(c.order[i]), b = g.edge(c.order[j]);
                if (a.u == b.u || a.u == b.v || a.v == b.u || a.v == b.v) return false;
            }
        }
    }
    return std::all_of(times.begin(), times.end(), [](int t) { return t == 1; });
}

}  // namespace

class TestEdgeColouring : public QObject {
    Q_OBJECT
  private slots:
    void colourings_are_proper_and_within_bound_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("auto_method");
        const char* rows[][2] = {{"grid:9x7", "lattice"},
                                 {"grid:1x6", "lattice"},
                                 {"torus:6x4", "lattice"},
                                 {"torus:6x5", "misra-gries"},
                                 {"torus:5x5", "misra-gries"},
                                 {"hex:8x6", "misra-gries"},
                                 {"tri:7x6", "misra-gries"},
                                 {"aztec:5", "misra-gries"},
                                 {"complete:12", "complete"},
                                 {"complete:13", "complete"},
                                 {"complete:2", "complete"},
                                 {"bipartite:5x7", "misra-gries"},
                                 {"path:17", "misra-gries"},
                                 {"cycle:13", "misra-gries"},
                                 {"hypercube:5", "misra-gries"},
                                 {"petersen", "misra-gries"},
                                 {"regular:40,3,seed=7", "misra-gries"},
                                 {"regular:60,7,seed=3", "misra-gries"},
                                 {"gnp:40,0.15,seed=1", "misra-gries"},
                                 {"gnp:120,0.3,seed=2", "misra-gries"},
                                 {"gnm:40,90,seed=1", "misra-gries"}};
        for (const auto& r : rows) QTest::newRow(r[0]) << QString(r[0]) << QString(r[1]);
    }
    void colourings_are_proper_and_within_bound() {
        QFETCH(QString, spec);
        QFETCH(QString, auto_method);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const std::uint32_t delta = g.max_degree();
        for (ColouringChoice choice :
             {ColouringChoice::automatic, ColouringChoice::misra_gries, ColouringChoice::greedy}) {
            const EdgeColouring c = colour_edges(g, choice);
            QVERIFY(proper_by_brute_force(g, c));
            QVERIFY2(c.num_colours() <= c.bound(g),
                     qPrintable(QString("%1 colours, bound %2").arg(c.num_colours()).arg(c.bound(g))));
            QVERIFY(c.num_colours() >= delta);  // no proper colouring has fewer than Δ classes
            if (choice == ColouringChoice::automatic)
                QCOMPARE(QString::fromUtf8(colouring_method_name(c.method).data()), auto_method);
        }
        const EdgeColouring mg = colour_edges(g, ColouringChoice::misra_gries);
        QCOMPARE(mg.method, ColouringMethod::misra_gries);
        QVERIFY(mg.num_colours() <= delta + 1);
        const EdgeColouring gr = colour_edges(g, ColouringChoice::greedy);
        QCOMPARE(gr.method, ColouringMethod::greedy);
        QVERIFY(gr.num_colours() <= 2 * delta - 1);
    }

    // The closed forms hit their optimum: 4 on lattices (Δ = 4 inside), Δ or Δ+1 on K_n.
    void closed_forms_use_the_expected_number_of_colours() {
        QCOMPARE(colour_edges(make_graph("grid:9x7")).num_colours(), 4u);
        QCOMPARE(colour_edges(make_graph("torus:64x64")).num_colours(), 4u);
        QCOMPARE(colour_edges(make_graph("complete:12")).num_colours(), 11u);
        QCOMPARE(colour_edges(make_graph("complete:13")).num_colours(), 13u);
        // A hand-built grid carries no spec: the general colourer takes over, still proper.
        Graph hand = testing::grid_graph(5, 4);
        hand.set_spec("");
        QCOMPARE(colour_edges(hand).method, ColouringMethod::misra_gries);
        // A spec that does not describe the graph is not trusted.
        Graph liar = testing::cycle_graph(12);
        liar.set_spec("grid:3x4");
        const EdgeColouring c = colour_edges(liar);
        QCOMPARE(c.method, ColouringMethod::misra_gries);
        QVERIFY(proper_by_brute_force(liar, c));
    }

    void validator_rejects_broken_colourings() {
        const Graph g = testing::cycle_graph(6);  // edges 0..5 around the cycle
        EdgeColouring good = colour_edges(g);
        validate_colouring(g, good);

        EdgeColouring adjacent = colouring_from_colours({0, 0, 1, 0, 1, 1}, ColouringMethod::greedy);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, adjacent));

        EdgeColouring repeated = good;
        repeated.order[1] = repeated.order[0];
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, repeated));

        EdgeColouring out_of_range = good;
        out_of_range.order[0] = 6;
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, out_of_range));

        EdgeColouring short_order = good;
        short_order.order.pop_back();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, short_order));

        EdgeColouring bad_offsets = good;
        bad_offsets.offsets.back() = 5;
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, bad_offsets));

        EdgeColouring empty_class = good;
        empty_class.offsets.insert(empty_class.offsets.begin() + 1, 0);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, empty_class));
    }

    void colouring_from_colours_groups_by_class_and_drops_unused_colours() {
        const EdgeColouring c = colouring_from_colours({3, 0, 3, 0, 5}, ColouringMethod::greedy);
        QCOMPARE(c.num_colours(), 3u);
        QCOMPARE(c.offsets, (std::vector<std::uint32_t>{0, 2, 4, 5}));
        QCOMPARE(c.order, (std::vector<std::uint32_t>{1, 3, 0, 2, 4}));
    }
};

QTEST_APPLESS_MAIN(TestEdgeColouring)
#include "test_edge_colouring.moc"
