// Every family against counts and degrees computed here from the definitions, plus layout and
// hash properties. Expected values never come from the builders themselves.
#include <QTest>
#include <bit>
#include <cmath>
#include <map>
#include <set>

#include "graph/graph_spec.hpp"
#include "graph_test_helpers.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

std::map<std::uint32_t, std::uint32_t> degree_histogram(const Graph& g) {
    std::map<std::uint32_t, std::uint32_t> h;
    for (VertexId v = 0; v < g.num_vertices(); ++v) ++h[g.degree(v)];
    return h;
}

bool all_degrees(const Graph& g, std::uint32_t d) {
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        if (g.degree(v) != d) return false;
    }
    return true;
}

QString layout_problem(const Graph& g, bool distinct) {
    if (g.layout().size() != g.num_vertices())
        return QStringLiteral("layout has %1 points").arg(g.layout().size());
    std::set<std::pair<long long, long long>> seen;
    for (const Point2& p : g.layout()) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) return QStringLiteral("non-finite point");
        if (distinct && !seen.insert({std::llround(p.x * 1e6), std::llround(p.y * 1e6)}).second) {
            return QStringLiteral("two vertices at (%1,%2)").arg(p.x).arg(p.y);
        }
    }
    return {};
}

// The graph's edges as sorted pairs, to compare with an independently derived edge set.
std::vector<std::pair<VertexId, VertexId>> sorted_edges(const Graph& g) {
    std::vector<std::pair<VertexId, VertexId>> out;
    for (const Edge& e : g.edges()) out.emplace_back(std::min(e.u, e.v), std::max(e.u, e.v));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

class TestGraphFamilies : public QObject {
    Q_OBJECT

  private slots:
    void grid_has_formula_counts_degrees_and_row_major_layout() {
        for (auto [w, h] : {std::pair{1u, 1u}, {1u, 5u}, {4u, 3u}, {7u, 7u}, {10u, 2u}}) {
            const Graph g = make_graph("grid:" + std::to_string(w) + "x" + std::to_string(h));
            QCOMPARE(g.num_vertices(), w * h);
            QCOMPARE(g.num_edges(), w * (h - 1) + h * (w - 1));
            QVERIFY(g.is_bipartite());
            for (std::uint32_t y = 0; y < h; ++y) {
                for (std::uint32_t x = 0; x < w; ++x) {
                    const VertexId v = y * w + x;
                    const std::uint32_t expect = (x > 0) + (x + 1 < w) + (y > 0) + (y + 1 < h);
                    QCOMPARE(g.degree(v), expect);
                    QCOMPARE(g.layout()[v].x, double(x));
                    QCOMPARE(g.layout()[v].y, double(y));
                }
            }
            QCOMPARE(sorted_edges(g), unit_distance_pairs(g.layout()));
            QVERIFY(layout_problem(g, true).isEmpty());
        }
    }

    void grid_axes_split_rows_from_columns() {
        const Graph g = make_graph("grid:5x4");
        QCOMPARE(g.edge_axes().size(), std::size_t(g.num_edges()));
        std::uint32_t horizontal = 0, vertical = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            const bool same_row = g.edge(e).u / 5 == g.edge(e).v / 5;
            QCOMPARE(g.edge_axes()[e], same_row ? EdgeAxis::horizontal : EdgeAxis::vertical);
            (same_row ? horizontal : vertical)++;
        }
        QCOMPARE(horizontal, 4u * 4u);
        QCOMPARE(vertical, 5u * 3u);
    }

    void torus_is_four_regular_and_bipartite_iff_both_sizes_even() {
        for (auto [w, h] : {std::pair{3u, 3u}, {4u, 4u}, {4u, 5u}, {6u, 8u}}) {
            const Graph g = make_graph("torus:" + std::to_string(w) + "x" + std::to_string(h));
            QCOMPARE(g.num_vertices(), w * h);
            QCOMPARE(g.num_edges(), 2 * w * h);
            QVERIFY(all_degrees(g, 4));
            QCOMPARE(g.is_bipartite(), w % 2 == 0 && h % 2 == 0);
            QVERIFY(layout_problem(g, true).isEmpty());
        }
    }

    void torus_wrap_edges_keep_their_lattice_axis() {
        const std::uint32_t w = 5, h = 3;
        const Graph g = make_graph("torus:5x3");
        std::uint32_t horizontal = 0;
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            // Same row means a horizontal step, including the wrap from x = W-1 back to 0.
            const bool same_row = g.edge(e).u / w == g.edge(e).v / w;
            QCOMPARE(g.edge_axes()[e], same_row ? EdgeAxis::horizontal : EdgeAxis::vertical);
            horizontal += same_row;
        }
        QCOMPARE(horizontal, w * h);
    }

    void hex_is_the_unit_distance_graph_of_its_honeycomb_points() {
        for (auto [w, h] : {std::pair{1u, 1u}, {4u, 4u}, {5u, 3u}, {8u, 6u}, {2u, 7u}}) {
            const Graph g = make_graph("hex:" + std::to_string(w) + "x" + std::to_string(h));
            QCOMPARE(g.num_vertices(), w * h);
            QVERIFY(g.is_bipartite());
            QVERIFY(g.max_degree() <= 3);
            for (EdgeId e = 0; e < g.num_edges(); ++e) QVERIFY(std::abs(edge_length(g, e) - 1.0) < 1e-12);
            QCOMPARE(sorted_edges(g), unit_distance_pairs(g.layout()));
            QVERIFY(layout_problem(g, true).isEmpty());
        }
        // Hand count for hex:4x4: 4 rows of 3 edges plus 2 rungs between each pair of rows.
        QCOMPARE(make_graph("hex:4x4").num_edges(), 18u);
        // Even W: each of the H-1 gaps between rows holds W/2 rungs.
        const Graph big = make_graph("hex:40x30");
        QCOMPARE(big.num_edges(), 30u * 39u + 29u * 20u);
        // Degree 3 = two row neighbours plus one rung: every inner vertex of the 28 middle rows,
        // and the 19 inner vertices of each end row whose rung points into the patch.
        QCOMPARE(degree_histogram(big)[3], 28u * 38u + 19u + 19u);
    }

    void tri_has_formula_counts_unit_edges_and_is_not_bipartite() {
        for (auto [w, h] : {std::pair{2u, 2u}, {3u, 3u}, {6u, 5u}, {7u, 8u}}) {
            const Graph g = make_graph("tri:" + std::to_string(w) + "x" + std::to_string(h));
            QCOMPARE(g.num_vertices(), w * h);
            QCOMPARE(g.num_edges(), 3 * w * h - 2 * w - 2 * h + 1);
            QVERIFY(!g.is_bipartite());
            for (EdgeId e = 0; e < g.num_edges(); ++e) QVERIFY(std::abs(edge_length(g, e) - 1.0) < 1e-12);
            QCOMPARE(sorted_edges(g), unit_distance_pairs(g.layout()));
            QVERIFY(layout_problem(g, true).isEmpty());
            if (w >= 3 && h >= 3) QCOMPARE(g.max_degree(), 6u);
        }
    }

    void aztec_has_2n_n_plus_1_squares_and_4n_squared_edges() {
        for (std::uint32_t n : {1u, 2u, 3u, 5u, 12u}) {
            const Graph g = make_graph("aztec:" + std::to_string(n));
            QCOMPARE(g.num_vertices(), 2 * n * (n + 1));
            QCOMPARE(g.num_edges(), 4 * n * n);
            QVERIFY(g.is_bipartite());
            for (const Point2& p : g.layout()) {
                QVERIFY(std::abs(p.x) + std::abs(p.y) <= n + 1e-9);
                QCOMPARE(std::abs(std::fmod(p.x, 1.0)), 0.5);
            }
            QCOMPARE(sorted_edges(g), unit_distance_pairs(g.layout()));
            QVERIFY(layout_problem(g, true).isEmpty());
        }
        // Order 1 is a 2x2 block: a 4-cycle.
        QVERIFY(all_degrees(make_graph("aztec:1"), 2));
    }

    void complete_graph_has_every_pair_once() {
        for (std::uint32_t n : {1u, 2u, 3u, 9u}) {
            const Graph g = make_graph("complete:" + std::to_string(n));
            QCOMPARE(g.num_edges(), n * (n - 1) / 2);
            QVERIFY(all_degrees(g, n - 1));
            QCOMPARE(g.is_bipartite(), n <= 2);
            QVERIFY(layout_problem(g, true).isEmpty());
        }
    }

    void bipartite_family_is_complete_bipartite() {
        const Graph g = make_graph("bipartite:3x5");
        QCOMPARE(g.num_vertices(), 8u);
        QCOMPARE(g.num_edges(), 15u);
        QVERIFY(g.is_bipartite());
        const auto h = degree_histogram(g);
        QCOMPARE(h.at(5), 3u);
        QCOMPARE(h.at(3), 5u);
        QVERIFY(layout_problem(g, true).isEmpty());
    }

    void path_and_cycle_have_n_minus_1_and_n_edges() {
        const Graph p = make_graph("path:7");
        QCOMPARE(p.num_edges(), 6u);
        QCOMPARE(degree_histogram(p).at(1), 2u);
        QVERIFY(p.is_bipartite());
        QVERIFY(layout_problem(p, true).isEmpty());
        QVERIFY(make_graph("path:1").num_edges() == 0);
        for (std::uint32_t n : {3u, 4u, 11u, 12u}) {
            const Graph c = make_graph("cycle:" + std::to_string(n));
            QCOMPARE(c.num_edges(), n);
            QVERIFY(all_degrees(c, 2));
            QCOMPARE(c.is_bipartite(), n % 2 == 0);
            QVERIFY(layout_problem(c, true).isEmpty());
        }
    }

    void hypercube_has_d_2_to_d_minus_1_edges_between_ids_one_bit_apart() {
        for (std::uint32_t d : {1u, 2u, 5u, 10u}) {
            const Graph g = make_graph("hypercube:" + std::to_string(d));
            QCOMPARE(g.num_vertices(), 1u << d);
            QCOMPARE(g.num_edges(), d * (1u << d) / 2);
            QVERIFY(all_degrees(g, d));
            QVERIFY(g.is_bipartite());
            for (const Edge& e : g.edges()) QCOMPARE(std::popcount(e.u ^ e.v), 1);
            QVERIFY(layout_problem(g, true).isEmpty());
        }
    }

    void petersen_is_cubic_with_girth_five() {
        const Graph g = make_graph("petersen");
        QCOMPARE(g.num_vertices(), 10u);
        QCOMPARE(g.num_edges(), 15u);
        QVERIFY(all_degrees(g, 3));
        QVERIFY(!g.is_bipartite());
        // No triangles or 4-cycles: any two vertices share at most one neighbour, adjacent none.
        for (VertexId u = 0; u < 10; ++u) {
            for (VertexId v = u + 1; v < 10; ++v) {
                int common = 0;
                for (VertexId x : g.neighbors(u)) common += g.find_edge(x, v).has_value();
                QVERIFY(common <= (g.find_edge(u, v) ? 0 : 1));
            }
        }
        QVERIFY(layout_problem(g, true).isEmpty());
    }

    void regular_graphs_have_every_degree_d() {
        for (auto [n, d] : {std::pair{10u, 3u}, {50u, 4u}, {7u, 6u}, {40u, 31u}, {2u, 1u}, {200u, 3u}}) {
            const Graph g = make_graph("regular:" + std::to_string(n) + "," + std::to_string(d) + ",seed=3",
                                       {.with_layout = false});
            QCOMPARE(g.num_vertices(), n);
            QCOMPARE(g.num_edges(), n * d / 2);
            QVERIFY(all_degrees(g, d));
            QVERIFY(g.layout().empty());
            QVERIFY(g.edge_axes().empty());
        }
    }

    void gnm_has_exactly_m_edges() {
        for (auto [n, m] : {std::pair{20u, 0u}, {20u, 30u}, {20u, 190u}, {500u, 2000u}}) {
            const Graph g =
                make_graph("gnm:" + std::to_string(n) + "," + std::to_string(m), {.with_layout = false});
            QCOMPARE(g.num_vertices(), n);
            QCOMPARE(g.num_edges(), m);
        }
    }

    void gnp_edge_count_is_near_its_mean_and_exact_at_zero_and_one() {
        QCOMPARE(make_graph("gnp:30,0", {.with_layout = false}).num_edges(), 0u);
        QCOMPARE(make_graph("gnp:30,1", {.with_layout = false}).num_edges(), 435u);
        // Binomial(499500, 0.01): mean 4995, sd 70; six sd is a 1e-9 false alarm rate.
        const Graph g = make_graph("gnp:1000,0.01,seed=5", {.with_layout = false});
        QVERIFY2(std::abs(double(g.num_edges()) - 4995.0) < 6 * 70.3,
                 qPrintable(QString::number(g.num_edges())));
    }

    void random_and_file_layouts_are_finite_when_requested() {
        for (const char* spec : {"regular:60,3", "gnp:80,0.05", "gnm:70,100,seed=2"}) {
            const Graph g = make_graph(spec);
            QVERIFY2(layout_problem(g, false).isEmpty(), spec);
        }
    }

    void same_spec_gives_same_hash_and_seed_changes_it() {
        for (const std::string base : {"regular:100,3", "gnp:100,0.1", "gnm:100,300"}) {
            const BuildOptions o{.with_layout = false};
            const Graph a = make_graph(base + ",seed=11", o), b = make_graph(base + ",seed=11", o);
            const Graph c = make_graph(base + ",seed=12", o);
            QCOMPARE(a.content_hash(), b.content_hash());
            QVERIFY2(a.content_hash() != c.content_hash(), base.c_str());
        }
        QCOMPARE(make_graph("hex:9x7").content_hash(), make_graph("hex:9x7").content_hash());
        QVERIFY(make_graph("grid:3x4").content_hash() != make_graph("grid:4x3").content_hash());
    }

    void random_layout_is_reproducible() {
        const Graph a = make_graph("regular:40,3,seed=9"), b = make_graph("regular:40,3,seed=9");
        for (VertexId v = 0; v < 40; ++v) {
            QCOMPARE(a.layout()[v].x, b.layout()[v].x);
            QCOMPARE(a.layout()[v].y, b.layout()[v].y);
        }
    }

    void built_graph_records_canonical_spec_and_only_lattices_have_axes() {
        QCOMPARE(make_graph("regular:10,3", {.with_layout = false}).spec(),
                 std::string("regular:10,3,seed=1"));
        QCOMPARE(make_graph("grid:0003x2").spec(), std::string("grid:3x2"));
        for (const char* lattice : {"grid:3x3", "torus:3x4", "hex:4x4", "tri:3x3", "aztec:3"}) {
            const Graph g = make_graph(lattice);
            QCOMPARE(g.edge_axes().size(), std::size_t(g.num_edges()));
            QVERIFY(std::none_of(g.edge_axes().begin(), g.edge_axes().end(),
                                 [](EdgeAxis a) { return a == EdgeAxis::other; }));
        }
        for (const char* other :
             {"complete:5", "bipartite:2x2", "path:3", "cycle:4", "hypercube:3", "petersen"}) {
            QVERIFY2(make_graph(other).edge_axes().empty(), other);
        }
    }
};

QTEST_GUILESS_MAIN(TestGraphFamilies)
#include "test_graph_families.moc"
