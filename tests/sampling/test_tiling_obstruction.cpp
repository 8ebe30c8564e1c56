// Why a region has no tiling: the obstruction's verdict against the matching polynomial on random
// regions of both lattices, and its witness checked from the graph itself (Hall's condition).
#include <QtTest>
#include <algorithm>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/readers/region_reader.hpp"
#include "sampling/perfect_matching.hpp"
#include "sampling/tiling_obstruction.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

Graph region_from(const std::string& text) {
    std::istringstream in(text);
    return read_region(in, "drawn");
}

bool has_perfect_matching(const Graph& g) {
    const MatchingPolynomial p = exact_matching_polynomial(g);
    const std::size_t half = g.num_vertices() / 2;
    return g.num_vertices() % 2 == 0 && half < p.coefficients.size() && p.coefficients[half] != 0;
}

std::set<VertexId> neighbourhood(const Graph& g, const std::vector<VertexId>& cells) {
    std::set<VertexId> out;
    for (const VertexId v : cells)
        for (const VertexId w : g.neighbors(v)) out.insert(w);
    return out;
}

std::string random_region(std::mt19937_64& rng, bool triangular, int rows, int columns) {
    std::bernoulli_distribution in(0.75);
    std::string text = triangular ? "%lattice triangular\n" : "";
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) text += in(rng) ? '#' : '.';
        text += '\n';
    }
    return text;
}

}  // namespace

class TestTilingObstruction : public QObject {
    Q_OBJECT
  private slots:
    void an_odd_region_is_a_colour_imbalance_with_its_uncovered_cell() {
        const TilingObstruction why = tiling_obstruction(region_from("###\n###\n###\n"));
        QVERIFY(!why.tileable);
        QVERIFY2(why.reason.find("colour imbalance: the region has 5 cells of one colour and 4") == 0,
                 why.reason.c_str());
        QCOMPARE(why.cells.size(), std::size_t(1));
        QCOMPARE(why.maximum_matching, 4u);
    }

    // Two cells hanging from one cell of the other colour: balanced, yet they cannot both be covered.
    void two_leaves_on_one_cell_are_a_hall_violator() {
        const Graph g = region_from(".#.\n##.\n.##\n.#.\n");
        const TilingObstruction why = tiling_obstruction(g);
        QVERIFY(!why.tileable);
        QVERIFY2(why.reason.find("Hall violator") == 0, why.reason.c_str());
        QVERIFY(why.neighbours.size() < why.cells.size());
        const std::set<VertexId> n = neighbourhood(g, why.cells);
        QCOMPARE(std::vector<VertexId>(n.begin(), n.end()), why.neighbours);
    }

    // 1200 seeded random regions: the verdict agrees with the matching polynomial's top coefficient, an
    // imbalance names uncovered cells, and a violator S satisfies |N(S)| < |S| with N(S) the
    // graph's own neighbourhood and S independent (one colour).
    void verdicts_and_witnesses_hold_on_random_regions() {
        std::mt19937_64 rng(20261206);
        int tileable = 0, violators = 0, imbalances = 0;
        for (int i = 0; i < 1200; ++i) {
            const bool triangular = i % 2 == 1;
            const std::string text = random_region(rng, triangular, 4, triangular ? 7 : 5);
            if (text.find('#') == std::string::npos) continue;
            const Graph g = region_from(text);
            const TilingObstruction why = tiling_obstruction(g);
            QVERIFY2(why.tileable == has_perfect_matching(g), text.c_str());
            if (why.tileable) {
                QVERIFY(why.reason.empty() && why.cells.empty());
                ++tileable;
                continue;
            }
            QVERIFY2(!why.cells.empty(), text.c_str());
            if (why.reason.find("Hall violator") == 0) {
                ++violators;
                const std::set<VertexId> n = neighbourhood(g, why.cells);
                QVERIFY2(n.size() < why.cells.size(), text.c_str());
                QCOMPARE(std::vector<VertexId>(n.begin(), n.end()), why.neighbours);
                for (const VertexId v : why.cells) QVERIFY(!n.count(v));
            } else {
                QVERIFY2(why.reason.find("colour imbalance") == 0, why.reason.c_str());
                ++imbalances;
            }
        }
        // The sample must exercise all three verdicts, or the test checks less than it says.
        QVERIFY2(tileable >= 20 && violators >= 20 && imbalances >= 20,
                 qPrintable(QString("%1 tileable, %2 violators, %3 imbalances")
                                .arg(tileable)
                                .arg(violators)
                                .arg(imbalances)));
    }

    // The λ = ∞ refusal names the witness cells by row and column, as a person finds them in the file.
    void the_refusal_names_cells_by_row_and_column() {
        Graph g = region_from(".#.\n##.\n.##\n.#.\n");
        g.set_spec("region:drawn.region");
        try {
            require_perfect_matching(g);
            QFAIL("expected InfeasibleError");
        } catch (const InfeasibleError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("Hall violator") != std::string::npos, e.what());
            QVERIFY2(what.find("(cells by row,column from 1: 1,2 2,1)") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestTilingObstruction)
#include "test_tiling_obstruction.moc"
