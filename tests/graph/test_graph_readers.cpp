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

// One fixture file per case, written byte for byte (BOMs, lone CRs) and read through the spec,
// as the CLI and the app read it.
class Fixtures {
  public:
    Fixtures() { QVERIFY(dir_.isValid()); }
    // Writes `bytes` to NAME and returns its path.
    std::string write(const std::string& name, const std::string& bytes) const {
        const std::string path = dir_.path().toStdString() + "/" + name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }
    Graph load(const std::string& name, const std::string& bytes, const std::string& options = "") const {
        return make_graph("file:" + write(name, bytes) + options, {.with_layout = false});
    }
    QString error(const std::string& name, const std::string& bytes, const std::string& options = "") const {
        return input_error_of([&] { load(name, bytes, options); });
    }

  private:
    QTemporaryDir dir_;
};

// The graph with these edges, in this order, for comparing content hashes.
std::uint64_t hash_of(std::uint32_t n, std::vector<Edge> edges) {
    return Graph(n, std::move(edges)).content_hash();
}

QStringList notices_of(const Graph& g) {
    QStringList out;
    for (const std::string& n : g.notices()) out << QString::fromStdString(n);
    return out;
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
                {"0 1\n\x01\x02 3\n", {"g.txt:2:", "'\\x01\\x02 3'"}},
            });
    }

    void edge_list_with_huge_id_is_refused_by_memory_limit() {
        std::istringstream in("0 1000000\n");  // 29 MB, under the sparse-id refusal
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
                                 {"p edge 3 2\ne 1 2\n", {"g.col:", "line 1 announces 2 edges, found 1"}},
                                 {"p edge 3 1\ne 1 2\ne 2 3\n", {"g.col: line 1 announces 1 edges, found 2"}},
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

    void dimacs_mirrored_edges_are_one_edge() {
        const Fixtures f;
        const std::string both = "c each edge in both directions\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n";
        // M may count the 'e' lines or the distinct edges.
        for (const std::string header : {"p edge 3 4\n", "p edge 3 2\n"}) {
            const Graph g = f.load("mirrored.col", header + both);
            QCOMPARE(g.num_vertices(), 3u);
            QCOMPARE(g.num_edges(), 2u);
            QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
            QCOMPARE(notices_of(g), QStringList());
        }
        const std::string path = f.write("mirrored.col", "p edge 3 3\n" + both);
        QCOMPARE(input_error_of([&] { make_graph("file:" + path); }),
                 QString::fromStdString(
                     path + ": line 1 announces 3 edges, found 4 edge lines and 2 distinct edges"));
    }

    void dimacs_repeated_edges_are_dropped_with_a_notice() {
        const Fixtures f;
        const std::string edges = "e 1 2\ne 2 3\ne 1 2\ne 2 1\ne 2 3\n";
        for (const std::string header : {"p edge 3 5\n", "p edge 3 2\n"}) {
            const std::string path = f.write("repeated.col", header + edges);
            const Graph g = make_graph("file:" + path, {.with_layout = false});
            QCOMPARE(g.num_vertices(), 3u);
            QCOMPARE(g.num_edges(), 2u);
            QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
            QCOMPARE(notices_of(g),
                     QStringList{QString::fromStdString(
                         path + ": dropped 2 repeated edge lines (the first, line 4, repeats line 2)")});
        }
        const std::string path = f.write("once.col", "p edge 3 3\ne 1 2\ne 2 3\ne 1 2\n");
        QCOMPARE(notices_of(make_graph("file:" + path, {.with_layout = false})),
                 QStringList{QString::fromStdString(
                     path + ": dropped 1 repeated edge line (line 4 repeats line 2)")});
    }

    void matrix_market_diagonal_is_dropped_with_a_notice() {
        const Fixtures f;
        const std::string sym =
            f.write("sym.mtx",
                    "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 5\n1 1\n2 1\n3 3\n3 2\n2 2\n");
        const Graph s = make_graph("file:" + sym, {.with_layout = false});
        QCOMPARE(s.num_vertices(), 3u);
        QCOMPARE(s.num_edges(), 2u);
        QCOMPARE(s.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
        QCOMPARE(notices_of(s), QStringList{QString::fromStdString(
                                    sym + ": dropped 3 diagonal entries (self-loops), the first on line 3")});
        // Stored values, explicit zeros and nan included, are not looked at without ,weighted; a
        // notice says they were ignored.
        const std::string gen =
            f.write("gen.mtx",
                    "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 2 1\n2 2 4.5\n2 1 0\n2 3 "
                    "nan\n3 2 -1\n");
        const Graph g = make_graph("file:" + gen, {.with_layout = false});
        QCOMPARE(g.num_vertices(), 3u);
        QCOMPARE(g.num_edges(), 2u);
        QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
        QCOMPARE(
            notices_of(g),
            (QStringList{QString::fromStdString(gen + ": dropped 1 diagonal entry (a self-loop), on line 4"),
                         QString::fromStdString(gen +
                                                ": the matrix's real values were ignored (every entry is an "
                                                "edge); use the spec file:" +
                                                gen + ",weighted to read them as edge weights")}));
    }

    void matrix_market_general_unsymmetric_is_symmetrised_with_a_notice() {
        const Fixtures f;
        const std::string path = f.write("unsym.mtx",
                                         "%%MatrixMarket matrix coordinate pattern general\n% a comment\n4 4 "
                                         "5\n1 2\n2 1\n3 2\n1 4\n4 3\n");
        const Graph g = make_graph("file:" + path, {.with_layout = false});
        QCOMPARE(g.num_vertices(), 4u);
        QCOMPARE(g.num_edges(), 4u);
        QCOMPARE(g.content_hash(), hash_of(4, {{0, 1}, {1, 2}, {0, 3}, {2, 3}}));
        QCOMPARE(notices_of(g),
                 QStringList{QString::fromStdString(
                     path + ": the general matrix is not symmetric: 3 of its 5 off-diagonal entries "
                            "(i,j) have no (j,i), the first on line 6; the graph has an edge for each")});
        const std::string one = f.write("one.mtx",
                                        "%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 2 1\n2 1 "
                                        "1\n3 1 7\n");
        QCOMPARE(
            notices_of(make_graph("file:" + one, {.with_layout = false})).first(),
            QString::fromStdString(one + ": the general matrix is not symmetric: 1 of its 3 off-diagonal "
                                         "entries (i,j) has no (j,i), on line 5; the graph has an edge for "
                                         "each"));
    }

    void byte_order_mark_is_skipped_in_every_format() {
        const Fixtures f;
        const std::string bom = "\xEF\xBB\xBF";
        const std::pair<std::string, std::string> files[] = {
            {"bom.col", bom + "p edge 3 2\ne 1 2\ne 2 3\n"},
            {"bom.dimacs", bom + "c comment first\np edge 3 2\ne 1 2\ne 2 3\n"},
            {"bom.mtx", bom + "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n"},
            {"bom.txt", bom + "0 1\n1 2\n"},
            {"bom-comment.edges", bom + "# comment first\n0 1\n1 2\n"},
        };
        for (const auto& [name, bytes] : files) {
            const Graph g = f.load(name, bytes);
            QCOMPARE(g.num_vertices(), 3u);
            QCOMPARE(g.num_edges(), 2u);
            QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
            QCOMPARE(notices_of(g), QStringList());
        }
    }

    void bytes_in_messages_are_escaped() {
        const Fixtures f;
        // A mark anywhere but at the very start is content, shown byte for byte.
        const std::string path = f.write("late.txt",
                                         "0 1\n\xEF\xBB\xBF"
                                         "1 2\n");
        QCOMPARE(input_error_of([&] { make_graph("file:" + path); }),
                 QString::fromStdString(path + ":2: expected two vertex ids, got '\\xEF\\xBB\\xBF1 2'"));
        const std::string mtx = f.write("utf16.mtx", std::string("\xFF\xFE%\x00%\x00", 6));
        QCOMPARE(input_error_of([&] { make_graph("file:" + mtx); }),
                 QString::fromStdString(
                     mtx + ":1: expected '%%MatrixMarket matrix coordinate <pattern|real|integer> "
                           "<general|symmetric>', got '\\xFF\\xFE%\\x00%\\x00'"));
        const std::string slash = f.write("slash.col", "p edge 2 1\ne 1 \\2\n");
        QCOMPARE(input_error_of([&] { make_graph("file:" + slash); }),
                 QString::fromStdString(slash + ":2: expected 'e u v' with two vertex ids, got 'e 1 \\\\2'"));
    }

    void cr_only_line_endings_are_lines() {
        const Fixtures f;
        const std::pair<std::string, std::string> files[] = {
            {"mac.txt", "# old Mac\r0 1\r1 2\r"},
            {"mixed.txt", "0 1\r\n\r1 2"},
            {"mac.col", "c old Mac\rp edge 3 2\re 1 2\re 2 3\r"},
            {"mac.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\r3 3 2\r2 1\r3 2\r"},
        };
        for (const auto& [name, bytes] : files) {
            const Graph g = f.load(name, bytes);
            QCOMPARE(g.num_vertices(), 3u);
            QCOMPARE(g.num_edges(), 2u);
            QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}}));
        }
        // Line numbers count CR-ended lines, and CRLF is one ending, not two.
        const std::string path = f.write("bad.txt", "0 1\r\n1 2\rx y\r");
        QCOMPARE(input_error_of([&] { make_graph("file:" + path); }),
                 QString::fromStdString(path + ":3: expected two vertex ids, got 'x y'"));
    }

    void one_based_edge_list_gets_a_notice_or_the_option() {
        const Fixtures f;
        const std::string path = f.write("one.txt", "1 2\n2 3\n3 1\n");
        const Graph plain = make_graph("file:" + path, {.with_layout = false});
        QCOMPARE(plain.num_vertices(), 4u);
        QCOMPARE(plain.num_edges(), 3u);
        QCOMPARE(plain.content_hash(), hash_of(4, {{1, 2}, {2, 3}, {3, 1}}));
        QCOMPARE(
            notices_of(plain),
            QStringList{QString::fromStdString(path +
                                               ": no edge uses id 0, so vertex 0 is isolated; if the ids "
                                               "start at 1, use the spec file:" +
                                               path + ",one-based")});
        for (const std::string option : {",one-based", ",relabel"}) {
            const Graph g = make_graph("file:" + path + option, {.with_layout = false});
            QCOMPARE(g.num_vertices(), 3u);
            QCOMPARE(g.num_edges(), 3u);
            QCOMPARE(g.content_hash(), hash_of(3, {{0, 1}, {1, 2}, {2, 0}}));
            QCOMPARE(notices_of(g), QStringList());
            QCOMPARE(g.spec(), "file:" + path + option);
        }
        const std::string zero = f.write("zero.txt", "1 2\n0 1\n");
        QCOMPARE(input_error_of([&] { make_graph("file:" + zero + ",one-based"); }),
                 QString::fromStdString(zero + ":2: vertex id 0 in a file read with one-based ids"));
    }

    void sparse_edge_list_ids_get_a_notice_a_refusal_or_relabel() {
        const Fixtures f;
        const std::string sparse = f.write("sparse.txt", "0 10\n10 20\n");
        const Graph g = make_graph("file:" + sparse, {.with_layout = false});
        QCOMPARE(g.num_vertices(), 21u);
        QCOMPARE(g.num_edges(), 2u);
        QCOMPARE(g.content_hash(), hash_of(21, {{0, 10}, {10, 20}}));
        QCOMPARE(notices_of(g), QStringList{QString::fromStdString(
                                    sparse +
                                    ": 18 of the 21 vertices (85.7%) are isolated, since n is the largest id "
                                    "plus one; use the spec file:" +
                                    sparse + ",relabel to number the ids in order of first appearance")});

        const std::string huge = f.write("huge.txt", "0 50000000\n");
        QCOMPARE(
            input_error_of([&] { make_graph("file:" + huge); }),
            QString::fromStdString(huge +
                                   ": the largest id, 50000000, makes 50000001 vertices, and 49999999 of "
                                   "them (99.9%) are in no edge; use the spec file:" +
                                   huge + ",relabel to number the ids in order of first appearance"));
        const Graph r = make_graph("file:" + huge + ",relabel", {.with_layout = false});
        QCOMPARE(r.num_vertices(), 2u);
        QCOMPARE(r.content_hash(), hash_of(2, {{0, 1}}));
        QCOMPARE(notices_of(r), QStringList());

        // Relabelling numbers ids in order of first appearance, whatever their size.
        const std::string ids = f.write("ids.edges", "7 18446744073709551615\n18446744073709551615 3\n3 7\n");
        const Graph i = make_graph("file:" + ids + ",relabel", {.with_layout = false});
        QCOMPARE(i.num_vertices(), 3u);
        QCOMPARE(i.content_hash(), hash_of(3, {{0, 1}, {1, 2}, {2, 0}}));
        // Errors still name the ids as the file wrote them.
        const std::string loop = f.write("loop.txt", "7 9\n9 9\n");
        QCOMPARE(input_error_of([&] { make_graph("file:" + loop + ",relabel"); }),
                 QString::fromStdString(loop + ":2: self-loop at vertex 9 (graphs must be simple)"));
        const std::string twice = f.write("twice.txt", "70 90\n90 70\n");
        QCOMPARE(input_error_of([&] { make_graph("file:" + twice + ",relabel"); }),
                 QString::fromStdString(
                     twice + ":2: repeated edge 90 70, first given on line 1 (graphs must be simple)"));
    }

    void file_options_in_the_spec() {
        QCOMPARE(parse_graph_spec("file:dir/g.txt,relabel").canonical(),
                 std::string("file:dir/g.txt,relabel"));
        QCOMPARE(parse_graph_spec("file:a,b.edges,one-based").path, std::string("a,b.edges"));
        QVERIFY(parse_graph_spec("file:a,b.edges,one-based").one_based);
        QCOMPARE(parse_graph_spec("file:g,relabel.txt").path, std::string("g,relabel.txt"));
        const std::pair<std::string, QString> refusals[] = {
            {"file:g.txt,relabl",
             "graph spec 'file:g.txt,relabl': unknown file option 'relabl'; expected relabel, one-based or "
             "weighted"},
            {"file:g.txt,relabel,relabel", "graph spec 'file:g.txt,relabel,relabel': relabel given twice"},
            {"file:g.txt,relabel,one-based",
             "graph spec 'file:g.txt,relabel,one-based': relabel and one-based exclude each other: relabel "
             "numbers the "
             "ids whatever they start at"},
            {"file:g.mtx,relabel",
             "graph spec 'file:g.mtx,relabel': relabel and one-based apply to edge lists (.txt, .edges) "
             "only; the other formats fix their own ids"},
        };
        for (const auto& [spec, message] : refusals)
            QCOMPARE(input_error_of([&] { parse_graph_spec(spec); }), message);
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
