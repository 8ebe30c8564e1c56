// The three file readers on small inputs: what they accept, and every refusal with its line.
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <sstream>

#include "graph/graph_spec.hpp"
#include "graph/readers/dimacs_reader.hpp"
#include "graph/readers/edge_list_reader.hpp"
#include "graph/readers/matrix_market_reader.hpp"
#include "graph_test_helpers.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

Graph edge_list(const std::string& text) {
    std::istringstream in(text);
    return read_edge_list(in, "g.txt");
}
Graph matrix_market(const std::string& text) {
    std::istringstream in(text);
    return read_matrix_market(in, "g.mtx");
}
Graph dimacs(const std::string& text) {
    std::istringstream in(text);
    return read_dimacs(in, "g.col");
}

struct ErrorCase {
    std::string text;
    QStringList words;
};

template <class Reader>
void check_errors(Reader read, const std::vector<ErrorCase>& cases) {
    for (const ErrorCase& c : cases) {
        const QString msg = input_error_of([&] { read(c.text); });
        const QString missing = missing_words(msg, c.words);
        QVERIFY2(missing.isEmpty(), qPrintable(missing + "  input: " + QString::fromStdString(c.text)));
        QVERIFY2(!msg.contains('\n'), qPrintable(msg));
    }
}

}  // namespace

class TestGraphReaders : public QObject {
    Q_OBJECT

  private slots:
    void edge_list_reads_ids_skips_comments_and_ignores_weights() {
        const Graph g = edge_list("# a square\n% another comment\n0 1\n1 2 0.5\n\n  2\t3 7 1e-3\r\n3 0\n");
        QCOMPARE(g.num_vertices(), 4u);
        QCOMPARE(g.num_edges(), 4u);
        QVERIFY(g.find_edge(2, 3).has_value());
        QVERIFY(g.find_edge(0, 3).has_value());
        QVERIFY(g.is_bipartite());
    }

    void edge_list_vertex_count_is_largest_id_plus_one() {
        const Graph g = edge_list("5 9\n");
        QCOMPARE(g.num_vertices(), 10u);
        QCOMPARE(g.degree(0), 0u);
    }

    void edge_list_errors_name_the_line() {
        check_errors(
            edge_list,
            {
                {"0 1\n\n# c\n1 2\n3 4\n5 6\na b\n", {"g.txt:7:", "expected two vertex ids", "'a b'"}},
                {"0 1\n2\n", {"g.txt:2:", "expected two vertex ids", "'2'"}},
                {"0 -1\n", {"g.txt:1:", "expected two vertex ids"}},
                {"0 1 x\n", {"g.txt:1:", "numeric columns", "'0 1 x'"}},
                {"0 1\n0 4294967295\n", {"g.txt:2:", "4294967295 is too large", "4294967294"}},
                {"0 1\n0 99999999999999999999999\n", {"g.txt:2:", "expected two vertex ids"}},
                {"0 1\n2 2\n", {"g.txt:2:", "self-loop", "vertex 2"}},
                {"0 1\n1 2\n2 0\n1 0\n", {"g.txt:4:", "repeated edge", "first given on line 1"}},
                {"0 1\n3 4\n4 3\n1 0\n", {"g.txt:3:", "repeated edge 4 3", "line 2"}},
                {"", {"g.txt:", "no edges"}},
                {"# only comments\n", {"no edges"}},
                {"0 1\n\x01\x02 3\n", {"g.txt:2:", "'?? 3'"}},
            });
    }

    void edge_list_with_huge_id_is_refused_by_memory_limit() {
        std::istringstream in("0 4000000000\n");
        const QString msg = input_error_of([&] { read_edge_list(in, "big.txt", 16'000'000); });
        QVERIFY2(missing_words(msg, {"big.txt", "needs about", "16 MB"}).isEmpty(), qPrintable(msg));
    }

    void matrix_market_symmetric_pattern_gives_one_edge_per_entry() {
        const Graph g = matrix_market(
            "%%MatrixMarket matrix coordinate pattern symmetric\n% comment\n4 4 4\n2 1\n3 2\n4 3\n4 1\n");
        QCOMPARE(g.num_vertices(), 4u);
        QCOMPARE(g.num_edges(), 4u);
        QVERIFY(g.find_edge(0, 3).has_value());
        QVERIFY(all_of_degree_two(g));
    }

    void matrix_market_general_merges_mirrored_entries() {
        const Graph g = matrix_market(
            "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 2 1.0\n2 1 1.0\n2 3 -2\n3 2 -2\n1 3 "
            "0.5\n");
        QCOMPARE(g.num_vertices(), 3u);
        QCOMPARE(g.num_edges(), 3u);
        const Graph i = matrix_market("%%MatrixMarket matrix coordinate integer general\n5 5 1\n5 1 7\n");
        QCOMPARE(i.num_vertices(), 5u);
        QCOMPARE(i.num_edges(), 1u);
    }

    void matrix_market_errors_name_the_line() {
        const std::string sym = "%%MatrixMarket matrix coordinate pattern symmetric\n";
        const std::string gen = "%%MatrixMarket matrix coordinate real general\n";
        check_errors(
            matrix_market,
            {
                {"", {"g.mtx:", "empty file", "%%MatrixMarket"}},
                {"hello\n", {"g.mtx:1:", "%%MatrixMarket", "'hello'"}},
                {"%%MatrixMarket matrix array real general\n", {"g.mtx:1:", "coordinate"}},
                {"%%MatrixMarket matrix coordinate complex general\n",
                 {"g.mtx:1:", "pattern, real or integer"}},
                {"%%MatrixMarket matrix coordinate real hermitian\n", {"g.mtx:1:", "general or symmetric"}},
                {sym, {"g.mtx:", "no size line"}},
                {sym + "3 4 1\n1 2\n", {"g.mtx:2:", "3x4", "square"}},
                {sym + "3 3\n", {"g.mtx:2:", "size line"}},
                {sym + "0 0 0\n", {"g.mtx:2:", "no rows"}},
                {sym + "3 3 2\n2 1\n4 1\n", {"g.mtx:4:", "index 4", "1..3"}},
                {sym + "3 3 2\n2 1\n0 1\n", {"g.mtx:4:", "index 0"}},
                {sym + "3 3 2\n2 1\n2 1 5\n", {"g.mtx:4:", "expected an entry 'row column'"}},
                {gen + "3 3 2\n2 1\n", {"g.mtx:3:", "'row column value'"}},
                {gen + "3 3 1\n2 1 abc\n", {"g.mtx:3:", "'row column value'"}},
                {sym + "3 3 2\n2 2\n3 1\n", {"g.mtx:3:", "self-loop", "vertex 2"}},
                {gen + "3 3 3\n2 1 1\n1 2 1\n2 1 1\n",
                 {"g.mtx:5:", "repeated edge 2 1", "first given on line 3"}},
                {sym + "3 3 2\n2 1\n1 2\n", {"g.mtx:4:", "repeated edge", "line 3"}},
                {sym + "3 3 3\n2 1\n3 1\n", {"g.mtx:", "announces 3 entries, found 2"}},
                {sym + "3 3 1\n2 1\n3 1\n", {"g.mtx:4:", "more entries than the 1", "line 2"}},
                {sym + "5000000000 5000000000 0\n", {"g.mtx", "needs about"}},
            });
    }

    void dimacs_reads_p_edge_and_p_col() {
        const Graph g = dimacs("c triangle plus tail\np edge 4 4\ne 1 2\ne 2 3\ne 3 1\ne 3 4\n");
        QCOMPARE(g.num_vertices(), 4u);
        QCOMPARE(g.num_edges(), 4u);
        QVERIFY(!g.is_bipartite());
        QVERIFY(g.find_edge(2, 3).has_value());
        const Graph c = dimacs("p col 3 0\n");
        QCOMPARE(c.num_vertices(), 3u);
        QCOMPARE(c.num_edges(), 0u);
    }

    void dimacs_errors_name_the_line() {
        check_errors(dimacs, {
                                 {"", {"g.col:", "no 'p edge N M' line"}},
                                 {"e 1 2\n", {"g.col:1:", "before the 'p edge N M' line"}},
                                 {"p edge 3\n", {"g.col:1:", "expected 'p edge N M'"}},
                                 {"p graph 3 1\n", {"g.col:1:", "expected 'p edge N M'"}},
                                 {"p edge 0 0\n", {"g.col:1:", "no vertices"}},
                                 {"p edge 3 1\np edge 3 1\n", {"g.col:2:", "second 'p' line", "line 1"}},
                                 {"p edge 3 2\ne 1 2\ne 2 4\n", {"g.col:3:", "vertex 4", "1..3"}},
                                 {"p edge 3 2\ne 1 2\ne 0 2\n", {"g.col:3:", "vertex 0"}},
                                 {"p edge 3 2\ne 1 x\n", {"g.col:2:", "expected 'e u v'", "'e 1 x'"}},
                                 {"p edge 3 2\ne 1 2\ne 3 3\n", {"g.col:3:", "self-loop", "vertex 3"}},
                                 {"c\np edge 3 2\ne 1 2\ne 2 1\n",
                                  {"g.col:4:", "repeated edge 2 1", "first given on line 3"}},
                                 {"p edge 3 2\ne 1 2\n", {"g.col:", "line 1 announces 2 edges, found 1"}},
                                 {"p edge 3 1\ne 1 2\ne 2 3\n", {"g.col:3:", "more edges than the 1"}},
                                 {"p edge 3 1\nn 1 5\n", {"g.col:2:", "expected a 'c', 'p' or 'e' line"}},
                                 {"p edge 5000000000 1\n", {"g.col", "needs about"}},
                                 {"p edge 3 3000000000\n", {"g.col"}},
                             });
    }

    void files_on_disk_build_through_the_spec_with_layout() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string base = dir.path().toStdString();
        const std::pair<std::string, std::string> files[] = {
            {"square.txt", "0 1\n1 2\n2 3\n3 0\n"},
            {"square.EDGES", "0 1\n1 2\n2 3\n3 0\n"},
            {"square.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 4\n2 1\n3 2\n4 3\n4 1\n"},
            {"square.col", "p edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n"},
            {"square.dimacs", "p col 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n"},
        };
        std::uint64_t hash = 0;
        for (const auto& [name, text] : files) {
            const std::string path = base + "/" + name;
            std::ofstream(path) << text;
            const Graph g = make_graph("file:" + path);
            QCOMPARE(g.num_vertices(), 4u);
            QCOMPARE(g.num_edges(), 4u);
            QCOMPARE(g.spec(), "file:" + path);
            QCOMPARE(g.layout().size(), std::size_t(4));
            for (const Point2& p : g.layout()) QVERIFY(std::isfinite(p.x) && std::isfinite(p.y));
            QVERIFY(g.edge_axes().empty());
            if (hash != 0 && name != "square.mtx") QCOMPARE(g.content_hash(), hash);
            hash = g.content_hash();
        }
        QVERIFY(make_graph("file:" + base + "/square.txt", {.with_layout = false}).layout().empty());
    }

    void file_errors_carry_the_path_and_line() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/bad.txt";
        std::ofstream(path) << "0 1\n1 2\nx y\n";
        const QString msg = input_error_of([&] { make_graph("file:" + path); });
        QVERIFY2(msg.contains(QString::fromStdString(path + ":3: expected two vertex ids, got 'x y'")),
                 qPrintable(msg));
        const std::string sub = dir.path().toStdString() + "/sub.mtx";
        QVERIFY(QDir().mkdir(QString::fromStdString(sub)));
        const QString isdir = input_error_of([&] { make_graph("file:" + sub); });
        QVERIFY2(isdir.contains("is a directory"), qPrintable(isdir));
    }

  private:
    static bool all_of_degree_two(const Graph& g) {
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            if (g.degree(v) != 2) return false;
        }
        return true;
    }
};

QTEST_GUILESS_MAIN(TestGraphReaders)
#include "test_graph_readers.moc"
