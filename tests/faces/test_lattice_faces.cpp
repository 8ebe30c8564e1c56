// The faces of the lattice families against an independent brute-force search: on these graphs
// (subgraphs of the square lattice, the honeycomb, and tori at least 5 wide) every 4-cycle
// (6-cycle on the honeycomb) bounds a face, so the face list must be exactly the set of k-cycles.
#include <QtTest>
#include <algorithm>
#include <functional>
#include <set>
#include <vector>

#include "faces/face_set.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

using VertexSet = std::vector<VertexId>;  // sorted

// All simple cycles of length k, as sorted vertex sets, by depth-first search from each vertex as
// the smallest vertex of its cycle.
std::set<VertexSet> cycles_of_length(const Graph& g, std::uint32_t k) {
    std::set<VertexSet> out;
    std::vector<VertexId> path;
    std::vector<char> on_path(g.num_vertices(), 0);
    std::function<void(VertexId)> extend = [&](VertexId v) {
        for (VertexId w : g.neighbors(v)) {
            if (w == path.front() && path.size() == k) {
                VertexSet s(path.begin(), path.end());
                std::sort(s.begin(), s.end());
                out.insert(s);
            }
            if (w <= path.front() || on_path[w] || path.size() == k) continue;
            path.push_back(w);
            on_path[w] = 1;
            extend(w);
            on_path[w] = 0;
            path.pop_back();
        }
    };
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        path = {s};
        on_path[s] = 1;
        extend(s);
        on_path[s] = 0;
    }
    return out;
}

}  // namespace

class TestLatticeFaces : public QObject {
    Q_OBJECT
  private slots:
    void faces_are_exactly_the_short_cycles_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("face_size");
        QTest::addColumn<int>("expected_faces");
        QTest::addRow("grid:4x5") << "grid:4x5" << 4 << 12;
        QTest::addRow("grid:2x2") << "grid:2x2" << 4 << 1;
        QTest::addRow("torus:5x6") << "torus:5x6" << 4 << 30;
        QTest::addRow("aztec:1") << "aztec:1" << 4 << 1;
        QTest::addRow("aztec:3") << "aztec:3" << 4 << 13;  // 2N^2 - 2N + 1
        QTest::addRow("aztec:4") << "aztec:4" << 4 << 25;
        QTest::addRow("hex:7x6") << "hex:7x6" << 6 << 12;
        QTest::addRow("hex:6x5") << "hex:6x5" << 6 << 8;
        // Hexagon regions: one face per interior point of the triangulated A,B,C hexagon,
        // AB + BC + CA − (A + B + C) + 1 of them; traced from the drawing.
        QTest::addRow("hexagon:1,1,1") << "hexagon:1,1,1" << 6 << 1;
        QTest::addRow("hexagon:2,2,2") << "hexagon:2,2,2" << 6 << 7;
        QTest::addRow("hexagon:3,2,1") << "hexagon:3,2,1" << 6 << 6;
    }
    void faces_are_exactly_the_short_cycles() {
        QFETCH(QString, spec);
        QFETCH(int, face_size);
        QFETCH(int, expected_faces);
        const Graph g = make_graph(spec.toStdString());
        const FaceSet faces = lattice_faces(g);
        QVERIFY(has_lattice_faces(g));
        QCOMPARE(int(faces.face_size), face_size);
        QCOMPARE(int(faces.num_faces()), expected_faces);
        std::set<VertexSet> listed;
        for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
            VertexSet s(faces.face(f).begin(), faces.face(f).end());
            std::sort(s.begin(), s.end());
            QVERIFY2(std::adjacent_find(s.begin(), s.end()) == s.end(), "a face repeats a vertex");
            // Consecutive vertices are joined by edges (lattice_faces checks this too).
            for (int i = 0; i < face_size; ++i)
                QVERIFY(g.find_edge(faces.face(f)[i], faces.face(f)[(i + 1) % face_size]).has_value());
            listed.insert(s);
        }
        QCOMPARE(int(listed.size()), expected_faces);
        QVERIFY(listed == cycles_of_length(g, std::uint32_t(face_size)));
    }

    void graphs_without_faces_are_refused_with_a_message() {
        for (const char* spec : {"complete:5", "tri:4x4", "cycle:6", "path:5", "petersen"}) {
            const Graph g = make_graph(spec);
            QVERIFY(!has_lattice_faces(g));
            try {
                (void)lattice_faces(g);
                QFAIL(spec);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("has no faces to rotate") != std::string::npos, e.what());
            }
        }
        QVERIFY(!has_lattice_faces(Graph(2, {{0, 1}})));
        QVERIFY_THROWS_EXCEPTION(InputError, lattice_faces(make_graph("grid:1x5")));
    }
};

QTEST_APPLESS_MAIN(TestLatticeFaces)
#include "test_lattice_faces.moc"
