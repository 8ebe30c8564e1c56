// hexagon:A,B,C: the honeycomb whose perfect matchings are the lozenge tilings of the A,B,C hexagon.
// Counts against MacMahon's formula (through the exact counter), sizes, true honeycomb geometry,
// and the spec grammar's messages.
#include <gmpxx.h>

#include <QtTest>
#include <array>
#include <cmath>
#include <string>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

// MacMahon: the number of lozenge tilings is ∏_{i<=A, j<=B, k<=C} (i+j+k-1)/(i+j+k-2), exactly.
mpz_class macmahon(unsigned a, unsigned b, unsigned c) {
    mpq_class p = 1;
    for (unsigned i = 1; i <= a; ++i)
        for (unsigned j = 1; j <= b; ++j)
            for (unsigned k = 1; k <= c; ++k) p *= mpq_class(i + j + k - 1, i + j + k - 2);
    p.canonicalize();
    return p.get_num();
}

std::string spec(unsigned a, unsigned b, unsigned c) {
    return "hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c);
}

}  // namespace

class TestHexagon : public QObject {
    Q_OBJECT
  private slots:
    void perfect_matchings_follow_macmahon() {
        QCOMPARE(macmahon(2, 2, 2).get_str(), std::string("20"));
        QCOMPARE(macmahon(3, 3, 3).get_str(), std::string("980"));
        for (unsigned a = 1; a <= 4; ++a)
            for (unsigned b = 1; b <= 4; ++b)
                for (unsigned c = 1; c <= 3; ++c) {
                    const Graph g = make_graph(spec(a, b, c));
                    const MatchingPolynomial p = exact_matching_polynomial(g);
                    QCOMPARE(p.coefficients.size(), std::size_t(g.num_vertices() / 2 + 1));
                    QVERIFY2(p.coefficients.back() == macmahon(a, b, c), spec(a, b, c).c_str());
                }
    }

    // 2T vertices (unit triangles), T = AB + BC + CA, and 3T - (A+B+C) edges; every edge joins the
    // centroids of two triangles, 1/√3 apart, and the graph is bipartite (up and down triangles).
    void sizes_and_true_honeycomb_geometry() {
        for (auto [a, b, c] : {std::array<unsigned, 3>{1, 1, 1}, {2, 3, 4}, {5, 1, 2}, {6, 6, 6}}) {
            const Graph g = make_graph(spec(a, b, c));
            const unsigned t = a * b + b * c + c * a;
            QCOMPARE(g.num_vertices(), 2 * t);
            QCOMPARE(g.num_edges(), 3 * t - (a + b + c));
            QVERIFY(g.is_bipartite());
            for (const Edge& e : g.edges()) {
                const Point2 p = g.layout()[e.u], q = g.layout()[e.v];
                QVERIFY(std::abs(std::hypot(p.x - q.x, p.y - q.y) - 1 / std::sqrt(3.0)) < 1e-9);
            }
        }
    }

    void spec_grammar_and_messages() {
        QCOMPARE(parse_graph_spec("hexagon:2,3,4").canonical(), std::string("hexagon:2,3,4"));
        auto message = [](const char* text) {
            try {
                parse_graph_spec(text);
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QVERIFY(message("hexagon:2,3").find("missing C; expected hexagon:A,B,C") != std::string::npos);
        QVERIFY(message("hexagon:2x3x4").find("expected ',' before B") != std::string::npos);
        QVERIFY(message("hexagon:0,1,1").find("sizes must be positive") != std::string::npos);
        QVERIFY(message("hexagon:1,1,1,1").find("unexpected ',1'") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestHexagon)
#include "test_hexagon.moc"
