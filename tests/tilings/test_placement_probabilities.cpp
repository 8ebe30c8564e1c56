// Placement probabilities at λ = ∞ (tilings/placement_probabilities.hpp) on regions and lattice
// families that are not Aztec diamonds: exact Kasteleyn ratios and, on lozenge regions, K⁻¹ through
// the path reduction, against brute-force enumeration and against banded ratios past it,
// a region with a hole among them, and with weights (P(uv) = w_uv Z(G - u - v) / Z(G)) against
// the weighted enumeration; the file they are written to; and the refusals.
#include <gmpxx.h>

#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "graph/graph_spec.hpp"
#include "induced_subgraph.hpp"
#include "source_tree.hpp"
#include "tilings/placement_probabilities.hpp"
#include "util/errors.hpp"
#include "weighted_perfect_matchings.hpp"

using namespace dimerlab;

using testing::induced_subgraph;

class TestPlacementProbabilities : public QObject {
    Q_OBJECT
  private slots:
    // Every probability equal to the enumeration's to 1e-15 (both are exact ratios, rounded once).
    void kasteleyn_ratios_equal_brute_force() {
        const std::string regions = (testing::source_dir() / "resources" / "regions").string();
        QTemporaryDir dir;
        const std::string ring = dir.filePath("ring.region").toStdString();
        std::ofstream(ring) << "######\n######\n##..##\n##..##\n######\n######\n";
        const std::string notched = dir.filePath("notched.region").toStdString();
        std::ofstream(notched) << "..####\n.#####\n######\n#####.\n####..\n";
        for (const std::string& spec : std::vector<std::string>{
                 "grid:4x5", "hexagon:2,3,2", "region:" + regions + "/heart.region",
                 "region:" + regions + "/hexagon-2-2-2.region", "region:" + ring, "region:" + notched}) {
            const Graph g = make_graph(spec);
            // Both methods: K⁻¹ through the path reduction (every region here has a reference
            // direction) and one Kasteleyn ratio per edge.
            const auto brute =
                testing::enumerate_weighted_perfect_matchings(g, std::vector<double>(g.num_edges(), 1.0));
            QVERIFY2(brute.count > 1, spec.c_str());
            for (const bool ratios : {false, true}) {
                const PlacementProbabilities p =
                    placement_probabilities(g, kMaxPlacementRatioOperations, {}, ratios);
                QCOMPARE(p.method, std::string(ratios ? "kasteleyn-ratios" : "kasteleyn-inverse-crt"));
                QVERIFY(std::abs(p.log_perfect_matchings - std::log(double(brute.count))) <= 1e-12);
                for (EdgeId e = 0; e < g.num_edges(); ++e)
                    QVERIFY2(std::abs(p.edge[e] - brute.probability(e)) <= 1e-15,
                             qPrintable(QString("%1 edge %2: %3 vs %4")
                                            .arg(spec.c_str())
                                            .arg(e)
                                            .arg(p.edge[e])
                                            .arg(brute.probability(e))));
                QVERIFY(p.max_square_sum_error <= 1e-14);
            }
        }
    }

    // Weighted: periodic grid and hex weights, q^volume on a hexagon, and a weighted region whose
    // G - u - v keeps only weight-1 edges for some pairs (the count is then an integer).
    void weighted_kasteleyn_ratios_equal_the_weighted_enumeration() {
        for (const char* spec : {"grid:4x5,h=3:1/2,v=0.7", "hexagon:2,3,2,q=2/5", "grid:4x4,h=1:1:1;1:1:5"}) {
            const Graph g = make_graph(spec);
            QVERIFY(g.weighted());
            const PlacementProbabilities p = placement_probabilities(g);
            QCOMPARE(p.method, std::string("kasteleyn-inverse-crt"));
            std::vector<double> w(g.num_edges());
            for (EdgeId e = 0; e < g.num_edges(); ++e) w[e] = g.weight(e);
            const auto brute = testing::enumerate_weighted_perfect_matchings(g, w);
            QVERIFY(std::abs(p.log_perfect_matchings - std::log(double(brute.z))) <= 1e-12);
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                QVERIFY2(std::abs(p.edge[e] - brute.probability(e)) <= 1e-14,
                         qPrintable(QString("%1 edge %2: %3 vs %4")
                                        .arg(spec)
                                        .arg(e)
                                        .arg(p.edge[e])
                                        .arg(brute.probability(e))));
            QVERIFY(p.max_square_sum_error <= 1e-14);
        }
    }

    // Past enumeration: K⁻¹ on the path route against ratios of two banded Kasteleyn counts,
    // #PM(G − u − v) / #PM(G) (weighted: times w_uv), on a sample of edges of a hexagon, a q-hexagon
    // and a hexagon with a hole; every vertex's probabilities sum to 1.
    void the_inverse_route_equals_banded_ratios() {
        // hexagon:5,5,5 less the six triangles nearest its centre: a hole.
        const Graph hexagon = make_graph("hexagon:5,5,5");
        std::vector<std::pair<double, VertexId>> by_distance;
        double cx = 0, cy = 0;
        for (const Point2& q : hexagon.layout()) {
            cx += q.x / hexagon.num_vertices();
            cy += q.y / hexagon.num_vertices();
        }
        for (VertexId v = 0; v < hexagon.num_vertices(); ++v)
            by_distance.push_back({std::hypot(hexagon.layout()[v].x - cx, hexagon.layout()[v].y - cy), v});
        std::sort(by_distance.begin(), by_distance.end());
        std::vector<char> hole(hexagon.num_vertices(), 1);
        for (int i = 0; i < 6; ++i) hole[by_distance[i].second] = 0;
        const std::vector<std::pair<const char*, Graph>> graphs = {
            {"hexagon:7,6,5", make_graph("hexagon:7,6,5")},
            {"hexagon:5,6,4,q=3/5", make_graph("hexagon:5,6,4,q=3/5")},
            {"hexagon:5,5,5 with a hole", induced_subgraph(hexagon, hole)}};
        for (const auto& [spec, g] : graphs) {
            const PlacementProbabilities p = placement_probabilities(g);
            QCOMPARE(p.method, std::string("kasteleyn-inverse-crt"));
            QVERIFY(p.max_square_sum_error <= 1e-14);
            const KasteleynCount whole = kasteleyn_count_exact(g, 1e12, KasteleynRoute::banded);
            const auto sum = [](const KasteleynCount& k) {
                return k.weighted ? k.weight_sum : mpq_class(k.count);
            };
            int checked = 0;
            for (EdgeId e = 0; e < g.num_edges(); e += 5) {
                const Edge ed = g.edge(e);
                std::vector<char> keep(g.num_vertices(), 1);
                keep[ed.u] = keep[ed.v] = 0;
                const KasteleynCount rest =
                    kasteleyn_count_exact(induced_subgraph(g, keep), 1e12, KasteleynRoute::banded);
                mpq_class w(g.weighted() ? g.weights().exact(e) : std::string("1"), 10);
                w.canonicalize();
                const double expected = mpq_class(w * sum(rest) / sum(whole)).get_d();
                QVERIFY2(std::abs(p.edge[e] - expected) <= 1e-15,
                         qPrintable(
                             QString("%1 edge %2: %3 vs %4").arg(spec).arg(e).arg(p.edge[e]).arg(expected)));
                ++checked;
            }
            QVERIFY(checked >= 20);
        }
    }

    // The file: a header, then "u v p" for every edge in edge order, read back to the same values.
    void written_file_reads_back() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.txt").toStdString();
        const Graph g = make_graph("aztec:5");
        const PlacementProbabilities p = placement_probabilities(g);
        QCOMPARE(p.method, std::string("urban-renewal"));
        write_placement_probabilities(path, g, p);
        std::ifstream in(path);
        std::string line;
        EdgeId e = 0;
        while (std::getline(in, line)) {
            if (line.starts_with("#")) continue;
            std::istringstream fields(line);
            VertexId u = 0, v = 0;
            double pe = -1;
            QVERIFY(fields >> u >> v >> pe);
            QVERIFY(e < g.num_edges());
            QCOMPARE(u, g.edge(e).u);
            QCOMPARE(v, g.edge(e).v);
            QCOMPARE(pe, p.edge[e]);
            ++e;
        }
        QCOMPARE(e, g.num_edges());
    }

    void refusals_name_the_reason() {
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 placement_probabilities(make_graph("complete:4")));  // odd cycles
        QVERIFY_THROWS_EXCEPTION(InfeasibleError,
                                 placement_probabilities(make_graph("grid:3x3")));  // no tiling
        // Past K⁻¹'s 10¹² multiply-adds (about 3.5·10¹² here), and past the ratios' 3·10¹⁰ when forced
        // (80,000 counts of about 10⁸ each).
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, placement_probabilities(make_graph("grid:400x400")));
        QVERIFY_THROWS_EXCEPTION(
            InfeasibleError,
            placement_probabilities(make_graph("grid:200x200"), kMaxPlacementRatioOperations, {}, true));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, placement_probabilities(make_graph("aztec:401")));
    }
};

QTEST_GUILESS_MAIN(TestPlacementProbabilities)
#include "test_placement_probabilities.moc"
