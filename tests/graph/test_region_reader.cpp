// Typed regions (docs/regions.md): a region drawn as text is the same graph as the family that
// draws the same shape (perfect-matching counts by Kasteleyn's determinant against the grid and
// MacMahon's hexagon, faces against the families' own), and every refusal names its line and
// column.
#include <gmpxx.h>

#include <QTemporaryDir>
#include <QTest>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include "counting/kasteleyn/kasteleyn_count.hpp"
#include "faces/face_set.hpp"
#include "graph/graph_spec.hpp"
#include "graph/readers/region_reader.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

Graph region(const std::string& text) {
    std::istringstream in(text);
    return read_region(in, "r.region");
}

// The A,B,C hexagon of the hexagon family written as triangular-lattice text: strip y of the
// family (y up) is text row B+C-1-y, and the triangle whose left corner is at half-unit 2x+y
// (up) or 2x+y+1 (down) is column that plus a shift that makes up triangles fall on even r + c.
std::string hexagon_text(int a, int b, int c) {
    const int rows = b + c;
    const int shift = c + ((c + rows - 1) % 2 == 0 ? 0 : 1);
    std::vector<std::string> lines(static_cast<std::size_t>(rows),
                                   std::string(static_cast<std::size_t>(2 * (a + b + c) + 4), '.'));
    const auto inside = [&](int x, int y) {
        return y >= 0 && y <= rows && x >= -c && x <= a && x + y >= 0 && x + y <= a + b;
    };
    for (int y = 0; y < rows; ++y)
        for (int x = -c - 1; x <= a + 1; ++x) {
            const int r = rows - 1 - y;
            if (inside(x, y) && inside(x + 1, y) && inside(x, y + 1))
                lines[std::size_t(r)][std::size_t(2 * x + y + shift)] = '#';
            if (inside(x + 1, y) && inside(x, y + 1) && inside(x + 1, y + 1))
                lines[std::size_t(r)][std::size_t(2 * x + y + 1 + shift)] = '#';
        }
    std::string text = "%lattice triangular\n";
    for (const std::string& l : lines) text += l + "\n";
    return text;
}

std::string error_of(const std::string& text) {
    try {
        region(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace

class TestRegionReader : public QObject {
    Q_OBJECT
  private slots:
    void a_typed_rectangle_is_the_grid() {
        const Graph r = region("% a 4 by 3 rectangle\n####\n####\n####\n");
        const Graph g = make_graph("grid:4x3");
        QCOMPARE(r.num_vertices(), g.num_vertices());
        QCOMPARE(r.num_edges(), g.num_edges());
        QCOMPARE(kasteleyn_count_exact(r).count, kasteleyn_count_exact(g).count);
        QCOMPARE(kasteleyn_count_exact(r).count, mpz_class(11));
        QCOMPARE(region_lattice(r), RegionLattice::square);
        // Cells one unit apart, rows going down the page.
        QCOMPARE(r.layout()[1].x - r.layout()[0].x, 1.0);
        QCOMPARE(r.layout()[4].y - r.layout()[0].y, -1.0);
    }

    void the_smallest_hexagon_is_a_six_cycle_with_two_tilings() {
        const Graph r = region("%lattice triangular\n###\n###\n");
        QCOMPARE(r.num_vertices(), 6u);
        QCOMPARE(r.num_edges(), 6u);
        QCOMPARE(region_lattice(r), RegionLattice::triangular);
        QCOMPARE(kasteleyn_count_exact(r).count, mpz_class(2));
        for (const Edge& e : r.edges()) {
            const Point2 a = r.layout()[e.u], b = r.layout()[e.v];
            QVERIFY(std::abs(std::hypot(a.x - b.x, a.y - b.y) - 1 / std::sqrt(3.0)) < 1e-12);
        }
    }

    // Typed as text, the hexagon family's regions give the family's graph: the same size, the
    // same number of hexagonal faces and MacMahon's count of tilings.
    void typed_hexagons_are_the_hexagon_family() {
        for (auto [a, b, c] : {std::array<int, 3>{1, 1, 1}, {2, 2, 2}, {3, 2, 4}, {2, 5, 1}}) {
            const Graph r = region(hexagon_text(a, b, c));
            const Graph h = make_graph("hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," +
                                       std::to_string(c));
            QCOMPARE(r.num_vertices(), h.num_vertices());
            QCOMPARE(r.num_edges(), h.num_edges());
            QCOMPARE(kasteleyn_count_exact(r).count, kasteleyn_count_exact(h).count);
        }
    }

    void faces_come_from_the_drawing() {
        QTemporaryDir dir;
        const std::string square = dir.path().toStdString() + "/ring.region";
        // A 6x6 square with a 2x2 hole: the 2x2 blocks of cells that lie wholly inside, 25 less
        // the 9 that meet the hole.
        std::ofstream(square) << "######\n######\n##..##\n##..##\n######\n######\n";
        const FaceSet ring = lattice_faces(make_graph("region:" + square));
        QCOMPARE(ring.face_size, 4u);
        QCOMPARE(ring.num_faces(), 16u);
        const std::string hex = dir.path().toStdString() + "/hex.region";
        std::ofstream(hex) << hexagon_text(2, 2, 2);
        const FaceSet hexagons = lattice_faces(make_graph("region:" + hex));
        QCOMPARE(hexagons.face_size, 6u);
        QCOMPARE(hexagons.num_faces(), lattice_faces(make_graph("hexagon:2,2,2")).num_faces());
    }

    void refusals_name_the_line_and_column() {
        QCOMPARE(error_of("##\n#x\n"),
                 std::string("r.region:2:2: unexpected character 'x'; a row has '#' for a cell in "
                             "the region and '.' or a space for one outside"));
        QVERIFY(error_of("#\n#\t#\n").starts_with("r.region:2:2: a tab"));
        QVERIFY(error_of("% nothing\n...\n").starts_with("r.region: the region has no cells"));
        QVERIFY(error_of("#\n%lattice triangular\n").starts_with("r.region:2:1: %lattice must come before"));
        QVERIFY(error_of("%lattice hexagonal\n#\n").starts_with("r.region:1:1: expected %lattice square or"));
        QVERIFY(error_of("%lattice square\n%lattice square\n#\n")
                    .starts_with("r.region:2:1: %lattice given twice"));
        // Windows line ends and a byte-order mark read as any other file's.
        QCOMPARE(region("\xEF\xBB\xBF##\r\n##\r\n").num_edges(), 4u);
    }

    // Boundary paths draw the same graphs as rows of cells: a rectangle, a square ring whose hole
    // is cut by a second path, and the A,B,C hexagon of triangles (MacMahon's count, and the
    // family's own graph size).
    void boundary_paths_enclose_the_cells_rows_would_list() {
        QCOMPARE(region("R4 D3 L4 U3\n").content_hash(), region("####\n####\n####\n").content_hash());
        QCOMPARE(region("r4d3l4u3").content_hash(), region("####\n####\n####\n").content_hash());
        QCOMPARE(region("% a ring\n\nR6 D6 L6 U6\n@R2 D2: R2 D2 L2 U2\n\n").content_hash(),
                 region("######\n######\n##..##\n##..##\n######\n######\n").content_hash());
        for (auto [a, b, c] : {std::array<int, 3>{1, 1, 1}, {2, 3, 4}, {4, 2, 3}}) {
            const Graph path =
                region("%lattice triangular\nR" + std::to_string(a) + " DR" + std::to_string(b) + " DL" +
                       std::to_string(c) + " L" + std::to_string(a) + " UL" + std::to_string(b) + " UR" +
                       std::to_string(c) + "\n");
            const std::string spec =
                "hexagon:" + std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c);
            const Graph h = make_graph(spec);
            QCOMPARE(path.num_vertices(), h.num_vertices());
            QCOMPARE(path.num_edges(), h.num_edges());
            QCOMPARE(kasteleyn_count_exact(path).count, kasteleyn_count_exact(h).count);
            QCOMPARE(region_lattice(path), RegionLattice::triangular);
        }
        // Up triangles fall on even row + column whichever way the path starts.
        QCOMPARE(region("%lattice triangular\nDR L UR\n").num_vertices(), 1u);
        QCOMPARE(region("%lattice triangular\nR UL DL\n").num_vertices(), 1u);
        const Graph lozenge = region("%lattice triangular\nR DR L UL\n");
        const Graph typed = region("%lattice triangular\n.##\n");
        QCOMPARE(lozenge.num_vertices(), 2u);
        for (VertexId v = 0; v < 2; ++v) {
            QCOMPARE(lozenge.layout()[v].x, typed.layout()[v].x);
            QCOMPARE(lozenge.layout()[v].y, typed.layout()[v].y);
        }
    }

    void boundary_refusals_name_the_line_and_column() {
        QCOMPARE(
            error_of("R2 D1 L2\n"),
            std::string("r.region:1:9: the path does not close: it ends 0 unit(s) right and 1 row(s) down "
                        "from where it started"));
        QVERIFY2(
            error_of("%lattice triangular\nR2 U2\n")
                .starts_with("r.region:2:4: expected a step R, L, UR, UL, DR or DL (triangular lattice)"),
            error_of("%lattice triangular\nR2 U2\n").c_str());
        QVERIFY(error_of("R1 X\n").starts_with("r.region:1:4: expected a step R, L, U or D"));
        QVERIFY(error_of("##\nR1D1L1U1\n")
                    .starts_with("r.region:2:1: a file has rows of cells or boundary paths"));
        QVERIFY(error_of("R1D1L1U1\n##\n")
                    .starts_with("r.region:2:1: a file has rows of cells or boundary paths"));
        QVERIFY(error_of("R0 D1\n").starts_with("r.region:1:1: a repeat count of 0"));
        QVERIFY(error_of("@R2 D2 R2\n").starts_with("r.region:1:1: '@' starts a move"));
        QVERIFY(error_of("R3000000 D1 L3000000 U1\n")
                    .starts_with("r.region:1:13: the boundaries take more than"));
        QVERIFY(error_of("R2 L2\n").starts_with("r.region: the boundary paths enclose no cells"));
    }

    void the_spec_reads_region_files_only() {
        QVERIFY_THROWS_EXCEPTION(InputError, parse_graph_spec("region:heart.txt"));
        QVERIFY_THROWS_EXCEPTION(InputError, parse_graph_spec("region:"));
        QCOMPARE(parse_graph_spec("region:a,b.region").path, std::string("a,b.region"));
        QCOMPARE(parse_graph_spec("region:a.region").canonical(), std::string("region:a.region"));
        try {
            make_graph("region:/nonexistent/heart.region");
            QFAIL("a missing file was read");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).starts_with("cannot open region file '/nonexistent/heart.region'"),
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestRegionReader)
#include "test_region_reader.moc"
