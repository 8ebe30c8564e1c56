// Every family's builder and every file reader, at shapes that stress their workspace (long and
// thin, ≥ 10^5 vertices), stays within the memory the size check projects for it. The size check
// refuses a graph before building it from that projection, so the projection must bound the real
// peak: the peak is counted by wrapping malloc (counting_malloc.hpp), which sees igraph's
// allocations as well as operator new, and gives the same figure on every machine.
#include <QTemporaryDir>
#include <QTest>
#include <fstream>

#include "counting_malloc.hpp"
#include "faces/face_set.hpp"
#include "graph/families/families.hpp"
#include "graph/graph_limits.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

struct Measured {
    std::size_t peak = 0;
    std::uint64_t n = 0, m = 0;
};

Measured build_measured(const std::string& spec) {
    reset_allocation_peak();
    Measured out;
    {
        const Graph g = make_graph(spec);
        out.n = g.num_vertices();
        out.m = g.num_edges();
    }
    out.peak = allocation_peak();
    return out;
}

long double projected_bytes(const std::string& spec, const Measured& r) {
    const GraphSpec s = parse_graph_spec(spec);
    return graph_memory_estimate(static_cast<long double>(r.n), static_cast<long double>(r.m)) +
           families::family_size(s).extra_bytes;
}

// Logs the measurement and says what is wrong with it, or nothing when the peak is within the
// projection.
QString beyond_projection(const QString& what, const Measured& r, long double projected) {
    qInfo("%s: n %llu, m %llu, peak %zu bytes (%.1f per vertex+edge), projected %.0Lf", qPrintable(what),
          static_cast<unsigned long long>(r.n), static_cast<unsigned long long>(r.m), r.peak,
          double(r.peak) / double(r.n + r.m), projected);
    if (static_cast<long double>(r.peak) <= projected) return {};
    return QStringLiteral("peak %1 bytes beyond the projected %2")
        .arg(r.peak)
        .arg(double(projected), 0, 'f', 0);
}

}  // namespace

class TestBuilderMemory : public QObject {
    Q_OBJECT

  private slots:
    void families_stay_within_the_projected_memory_data() {
        QTest::addColumn<QString>("spec");
        for (const char* spec : {"grid:1x100000",
                                 "grid:100000x1",
                                 "grid:300x400",
                                 "torus:3x40000",
                                 "hex:2x60000",
                                 "hex:60000x2",
                                 "tri:2x60000",
                                 "tri:60000x2",
                                 "aztec:224",
                                 "hexagon:5,1,15111",
                                 "hexagon:15111,1,5",
                                 "hexagon:1,50000,1",
                                 "hexagon:130,130,130",
                                 "complete:450",
                                 "bipartite:1x100000",
                                 "bipartite:300x400",
                                 "path:100000",
                                 "cycle:100000",
                                 "hypercube:17",
                                 "regular:100000,3,seed=1",
                                 "gnm:100000,100000,seed=1",
                                 "gnp:100000,0.00002,seed=1"}) {
            QTest::newRow(spec) << QString::fromLatin1(spec);
        }
    }
    void families_stay_within_the_projected_memory() {
        QFETCH(QString, spec);
        const Measured r = build_measured(spec.toStdString());
        QVERIFY(r.n >= 100000 || r.m >= 100000);
        const long double projected = projected_bytes(spec.toStdString(), r);
        const QString problem = beyond_projection(spec, r, projected);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void readers_stay_within_the_projected_memory_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("edge_format");
        QTest::newRow("edge list") << "path.txt"
                                   << ""
                                   << "%1 %2\n";
        QTest::newRow("edge list, relabelled") << "path-relabel.txt"
                                               << ""
                                               << "%1 %2\n";
        QTest::newRow("matrix market") << "path.mtx"
                                       << "%%MatrixMarket matrix coordinate pattern symmetric\n"
                                       << "%2 %1\n";
        QTest::newRow("dimacs") << "path.col"
                                << ""
                                << "e %1 %2\n";
    }
    void readers_stay_within_the_projected_memory() {
        QFETCH(QString, name);
        QFETCH(QString, header);
        QFETCH(QString, edge_format);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const int n = 100000;
        const bool one_based = !name.endsWith(".txt");
        const std::string path = dir.filePath(name).toStdString();
        {
            std::ofstream out(path);
            out << header.toStdString();
            if (name.endsWith(".mtx")) out << n << ' ' << n << ' ' << n - 1 << '\n';
            if (name.endsWith(".col")) out << "p edge " << n << ' ' << n - 1 << '\n';
            const int offset = one_based ? 1 : 0;
            for (int i = 0; i + 1 < n; ++i)
                out << edge_format.arg(i + offset).arg(i + 1 + offset).toStdString();
        }
        const std::string spec = "file:" + path + (name.contains("relabel") ? ",relabel" : "");
        reset_allocation_peak();
        Measured r;
        {
            const Graph g = make_graph(spec, BuildOptions{.with_layout = false});
            r.n = g.num_vertices();
            r.m = g.num_edges();
        }
        r.peak = allocation_peak();
        QCOMPARE(r.n, std::uint64_t(n));
        // A relabelled edge list keeps the file's id of each vertex (8 bytes) beside the graph,
        // and the reader adds that to its size check.
        const long double projected =
            graph_memory_estimate(static_cast<long double>(r.n), static_cast<long double>(r.m)) +
            (name.contains("relabel") ? 8.0L * 131072 : 0.0L);
        const QString problem = beyond_projection(name, r, projected);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void face_sets_stay_in_proportion_to_their_graph_data() {
        QTest::addColumn<QString>("spec");
        for (const char* spec :
             {"grid:2x60000", "torus:3x40000", "hex:3x60000", "aztec:224", "hexagon:5,1,15111"})
            QTest::newRow(spec) << QString::fromLatin1(spec);
    }
    void face_sets_stay_in_proportion_to_their_graph() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString());
        reset_allocation_peak();
        std::size_t faces = 0;
        {
            const FaceSet f = lattice_faces(g);
            faces = f.num_faces();
        }
        const std::size_t peak = allocation_peak();
        const double per = double(peak) / double(g.num_vertices() + g.num_edges());
        qInfo("%s: %zu faces, peak %zu bytes (%.1f per vertex+edge)", qPrintable(spec), faces, peak, per);
        QVERIFY(faces > 0);
        // The traced faces of a drawing (hexagon) need per directed edge a set node and per vertex
        // its sorted ring: 160 bytes per vertex+edge bounds both with room for allocator rounding.
        QVERIFY2(per <= 160, qPrintable(QStringLiteral("%1 bytes per vertex+edge").arg(per)));
    }
};

QTEST_GUILESS_MAIN(TestBuilderMemory)
#include "test_builder_memory.moc"
