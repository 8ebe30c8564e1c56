// Placement probabilities at λ = ∞ (tilings/placement_probabilities.hpp) on regions and lattice
// families that are not Aztec diamonds: exact Kasteleyn ratios against brute-force enumeration,
// a region with a hole among them, and with weights (P(uv) = w_uv Z(G - u - v) / Z(G)) against
// the weighted enumeration; the file they are written to; and the refusals.
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "graph/graph_spec.hpp"
#include "source_tree.hpp"
#include "tilings/placement_probabilities.hpp"
#include "util/errors.hpp"
#include "weighted_perfect_matchings.hpp"

using namespace dimerlab;

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
            const PlacementProbabilities p = placement_probabilities(g);
            QCOMPARE(p.method, std::string("kasteleyn-ratios"));
            const auto brute =
                testing::enumerate_weighted_perfect_matchings(g, std::vector<double>(g.num_edges(), 1.0));
            QVERIFY2(brute.count > 1, spec.c_str());
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

    // Weighted: periodic grid and hex weights, q^volume on a hexagon, and a weighted region whose
    // G - u - v keeps only weight-1 edges for some pairs (the count is then an integer).
    void weighted_kasteleyn_ratios_equal_the_weighted_enumeration() {
        for (const char* spec : {"grid:4x5,h=3:1/2,v=0.7", "hexagon:2,3,2,q=2/5", "grid:4x4,h=1:1:1;1:1:5"}) {
            const Graph g = make_graph(spec);
            QVERIFY(g.weighted());
            const PlacementProbabilities p = placement_probabilities(g);
            QCOMPARE(p.method, std::string("kasteleyn-ratios"));
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
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, placement_probabilities(make_graph("grid:60x60")));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, placement_probabilities(make_graph("aztec:401")));
    }
};

QTEST_GUILESS_MAIN(TestPlacementProbabilities)
#include "test_placement_probabilities.moc"
