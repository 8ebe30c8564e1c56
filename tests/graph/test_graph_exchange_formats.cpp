// graph6, sparse6 and GraphML, the formats NetworkX, igraph and Gephi exchange: lines and files
// from the formats' own definitions and from an independent writer (NetworkX 3.0, strings copied
// into this file), round trips through write_graph6, and every refusal with its line.
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"
#include "graph/readers/graph6_reader.hpp"
#include "graph/readers/graph_file.hpp"
#include "graph/readers/graphml_reader.hpp"
#include "graph_test_helpers.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

using Pairs = std::vector<std::pair<VertexId, VertexId>>;

Graph graph6(const std::string& text) {
    std::istringstream in(text);
    return read_graph6(in, "g.g6");
}
Graph graphml(const std::string& text) {
    std::istringstream in(text);
    return read_graphml(in, "g.graphml");
}

// The edge set, each edge (min, max), sorted: what two numberings of the same edges share.
Pairs edge_set(const Graph& g) {
    Pairs out;
    for (const Edge& e : g.edges()) out.emplace_back(std::min(e.u, e.v), std::max(e.u, e.v));
    std::sort(out.begin(), out.end());
    return out;
}

QStringList notices_of(const Graph& g) {
    QStringList out;
    for (const std::string& n : g.notices()) out << QString::fromStdString(n);
    return out;
}

void expect_error(const QString& message, const QStringList& words) {
    QVERIFY2(missing_words(message, words).isEmpty(), qPrintable(missing_words(message, words)));
}

const char* const kNetworkxGraphml =
    "<?xml version='1.0' encoding='utf-8'?>\n"
    "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
    "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
    "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
    "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
    "  <key id=\"d1\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\" />\n"
    "  <key id=\"d0\" for=\"node\" attr.name=\"x\" attr.type=\"double\" />\n"
    "  <graph edgedefault=\"undirected\">\n"
    "    <node id=\"a\">\n"
    "      <data key=\"d0\">1.0</data>\n"
    "    </node>\n"
    "    <node id=\"b\" />\n"
    "    <node id=\"c\" />\n"
    "    <node id=\"d\" />\n"
    "    <edge source=\"a\" target=\"b\">\n"
    "      <data key=\"d1\">2.5</data>\n"
    "    </edge>\n"
    "    <edge source=\"b\" target=\"c\" />\n"
    "  </graph>\n"
    "</graphml>\n";

// A GraphML document around `body` (the children of <graph>), in the format's namespace.
std::string graphml_doc(const std::string& body, const std::string& edgedefault = "undirected") {
    return "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n<graph "
           "id=\"G\" "
           "edgedefault=\"" +
           edgedefault + "\">\n" + body + "</graph>\n</graphml>\n";
}

}  // namespace

class TestGraphExchangeFormats : public QObject {
    Q_OBJECT

  private slots:
    // The format definition's own examples, decoded by hand from its bit layout: graph6 "DQc" is
    // n = 5 with edges 0-2, 0-4, 1-3, 3-4; sparse6 ":Fa@x^" is n = 7 with 0-1, 0-2, 1-2, 5-6.
    void graph6_and_sparse6_read_the_definitions_examples() {
        const Graph g = graph6("DQc\n");
        QCOMPARE(g.num_vertices(), 5u);
        QCOMPARE(edge_set(g), (Pairs{{0, 2}, {0, 4}, {1, 3}, {3, 4}}));
        const Graph s = graph6(":Fa@x^\n");
        QCOMPARE(s.num_vertices(), 7u);
        QCOMPARE(edge_set(s), (Pairs{{0, 1}, {0, 2}, {1, 2}, {5, 6}}));
    }

    // Lines NetworkX wrote (to_graph6_bytes, to_sparse6_bytes), against the edges it listed. cycle16
    // (n = 16 = 2^k) is sparse6's special padding case; path2 and star4 are the smallest.
    void graph6_and_sparse6_read_what_networkx_writes() {
        struct Case {
            const char* g6;
            const char* s6;
            std::uint32_t n;
            Pairs edges;
        };
        const Case cases[] = {
            {"IheA@GUAo",
             ":I`ES@obGkqegW~",
             10,
             {{0, 1},
              {0, 4},
              {0, 5},
              {1, 2},
              {1, 6},
              {2, 3},
              {2, 7},
              {3, 4},
              {3, 8},
              {4, 9},
              {5, 7},
              {5, 8},
              {6, 8},
              {6, 9},
              {7, 9}}},
            {"OhCGGC@?G?_@?@??_?K?@",
             ":O`ESyTl^E\\ZxuBn",
             16,
             {{0, 1},
              {0, 15},
              {1, 2},
              {2, 3},
              {3, 4},
              {4, 5},
              {5, 6},
              {6, 7},
              {7, 8},
              {8, 9},
              {9, 10},
              {10, 11},
              {11, 12},
              {12, 13},
              {13, 14},
              {14, 15}}},
            {"A_", ":An", 2, {{0, 1}}},
            {"Cs", ":Ccf", 4, {{0, 1}, {0, 2}, {0, 3}}},
            {"C~", ":CcKI", 4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}},
            {"Kh`HGcG@GC_H",
             ":K`ESGccUXiTPXLt^",
             12,
             {{0, 1},
              {0, 4},
              {1, 2},
              {1, 5},
              {2, 3},
              {2, 6},
              {3, 7},
              {4, 5},
              {4, 8},
              {5, 6},
              {5, 9},
              {6, 7},
              {6, 10},
              {7, 11},
              {8, 9},
              {9, 10},
              {10, 11}}},
        };
        for (const Case& c : cases) {
            for (const char* line : {c.g6, c.s6}) {
                const Graph g = graph6(std::string(line) + "\n");
                QCOMPARE(g.num_vertices(), c.n);
                QCOMPARE(edge_set(g), c.edges);
            }
            // The graph6 line is also what write_graph6 gives for the graph with those edges.
            std::vector<Edge> edges;
            for (const auto& [u, v] : c.edges) edges.push_back({u, v});
            QCOMPARE(QString::fromStdString(write_graph6(Graph(c.n, edges))), QString(c.g6));
        }
    }

    // Independent value: the Petersen graph's line and the built-in family have one matching
    // polynomial (an isomorphism invariant), computed from each graph separately.
    void petersen_line_has_the_familys_matching_polynomial() {
        const MatchingPolynomial from_line = exact_matching_polynomial(graph6("IheA@GUAo"));
        const MatchingPolynomial from_family =
            exact_matching_polynomial(make_graph("petersen", {.with_layout = false}));
        QCOMPARE(from_line.coefficients, from_family.coefficients);
        QCOMPARE(from_line.coefficients.back(), mpz_class(6));  // its 6 perfect matchings
    }

    void write_graph6_round_trips_every_family() {
        for (const char* spec :
             {"path:1", "path:2", "petersen", "grid:5x7", "complete:12", "hypercube:5", "torus:9x8",
              "aztec:4", "hexagon:2,3,2", "gnm:80,200,seed=3", "path:64", "cycle:300"}) {
            const Graph g = make_graph(spec, {.with_layout = false});
            const std::string line = write_graph6(g);
            const Graph back = graph6(">>graph6<<" + line + "\r\n");
            QCOMPARE(back.num_vertices(), g.num_vertices());
            QVERIFY2(edge_set(back) == edge_set(g), spec);
        }
        // N(n) in four bytes from 63 on: '~' then 18 bits.
        QVERIFY(write_graph6(make_graph("path:63", {.with_layout = false})).starts_with("~??~"));
        QVERIFY(write_graph6(make_graph("path:70", {.with_layout = false})).starts_with("~?@E"));
    }

    // N(n) in eight bytes: "~~" and 36 bits; 258048 = 63 · 2^12 is the first n that needs them.
    // sparse6 with no edge pairs is the empty graph on n vertices.
    void eight_byte_vertex_counts_read() {
        const Graph g = graph6(":~~???~??\n");
        QCOMPARE(g.num_vertices(), 258048u);
        QCOMPARE(g.num_edges(), 0u);
        expect_error(input_error_of([] { graph6(":~~???}~~\n"); }),
                     {"g.g6:1:", "vertex count 258047", "four suffice"});
        expect_error(input_error_of([] { graph6("~??A\n"); }), {"g.g6:1:", "vertex count 2", "one suffices"});
    }

    void a_file_of_several_graphs_gives_the_first_with_a_notice() {
        const Graph g = graph6("\nDQc\nA_\n:An\n");
        QCOMPARE(g.num_vertices(), 5u);
        const QStringList notices = notices_of(g);
        QCOMPARE(notices.size(), 1);
        expect_error(notices[0], {"g.g6", "holds 3 graphs", "read the first (line 2)"});
    }

    void graph6_refusals_name_line_and_column() {
        const std::pair<std::string, QStringList> cases[] = {
            {"", {"g.g6:", "no graph"}},
            {"\n\n", {"g.g6:", "no graph"}},
            {"D c\n", {"g.g6:1:", "' '", "column 2", "not a graph6 character"}},
            {"DQ\n", {"g.g6:1:", "5 vertices takes 2 bytes", "the line has 1"}},
            {"DQcc\n", {"g.g6:1:", "takes 2 bytes", "the line has 3"}},
            {"DQd\n", {"g.g6:1:", "padding bit", "column 3"}},
            {"?\n", {"g.g6:1:", "no vertices"}},
            {":Fa@x^\x7f\n", {"g.g6:1:", "column 7"}},
            {";Fa@x^\n", {"g.g6:1:", "incremental sparse6"}},
            {"&DQc\n", {"g.g6:1:", "digraph6", "directed"}},
            {">>sparse6<<DQc\n", {"g.g6:1:", "followed by ':'"}},
            // sparse6 (b, x) pairs with k = 3 on n = 7: (0,000) gives the loop 0-0.
            {":F??\n", {"g.g6:1:", "loop at vertex 0"}},
            // (1,000) (0,000), then the padding 1111: edge 0-1 twice.
            {":F_N\n", {"g.g6:1:", "repeated edge 0 1", "multigraph"}},
        };
        for (const auto& [text, words] : cases) expect_error(input_error_of([&] { graph6(text); }), words);
    }

    void graphml_reads_what_networkx_writes() {
        const Graph g = graphml(kNetworkxGraphml);
        QCOMPARE(g.num_vertices(), 4u);  // a, b, c and the isolated d, in order of appearance
        QCOMPARE(edge_set(g), (Pairs{{0, 1}, {1, 2}}));
        // Its weight key is not read without ,weighted, and the reader says so.
        QCOMPARE(g.notices().size(), std::size_t(1));
        QVERIFY(g.notices().front().find("file:g.graphml,weighted") != std::string::npos);
        QVERIFY(!g.weighted());
        // With weights asked for, the edge NetworkX wrote without one is refused, naming its line.
        std::istringstream in(kNetworkxGraphml);
        const QString msg = input_error_of([&] { read_graphml(in, "g.graphml", 0, true); });
        QVERIFY2(msg.contains("g.graphml:15:") && msg.contains("without a weight"), qPrintable(msg));
    }

    // The primer's shape, with the namespace prefixed, nodes after the edges that name them, data
    // of another namespace inside nodes, and no namespace at all (older writers).
    void graphml_accepts_the_specifications_shapes() {
        const std::string prefixed =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<g:graphml xmlns:g=\"http://graphml.graphdrawing.org/xmlns\" "
            "xmlns:y=\"http://www.yworks.com/xml/graphml\">\n"
            "  <g:key id=\"k\" for=\"node\" yfiles.type=\"nodegraphics\"/>\n"
            "  <g:graph id=\"G\" edgedefault=\"undirected\">\n"
            "    <g:edge id=\"e0\" source=\"n1\" target=\"n0\"/>\n"
            "    <g:node id=\"n0\"><g:data key=\"k\"><y:ShapeNode><y:Geometry x=\"1\" "
            "y=\"2\"/></y:ShapeNode></g:data></g:node>\n"
            "    <g:node id=\"n1\"/>\n"
            "    <g:node id=\"n2\"><g:port name=\"north\"/></g:node>\n"
            "    <g:edge source=\"n2\" target=\"n1\" sourceport=\"north\"/>\n"
            "  </g:graph>\n"
            "</g:graphml>\n";
        const Graph g = graphml(prefixed);
        QCOMPARE(g.num_vertices(), 3u);
        QCOMPARE(edge_set(g), (Pairs{{0, 1}, {1, 2}}));
        const Graph plain = graphml(
            "<graphml><graph edgedefault=\"undirected\"><node id=\"x\"/><node id=\"y\"/><edge source=\"x\" "
            "target=\"y\"/></graph></graphml>");
        QCOMPARE(edge_set(plain), (Pairs{{0, 1}}));
    }

    void graphml_directed_graphs_are_read_undirected_with_a_notice() {
        const Graph g = graphml(graphml_doc(
            "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>\n<edge source=\"a\" target=\"b\"/>\n<edge "
            "source=\"b\" target=\"a\"/>\n<edge source=\"c\" target=\"b\"/>\n",
            "directed"));
        QCOMPARE(edge_set(g), (Pairs{{0, 1}, {1, 2}}));
        const QStringList notices = notices_of(g);
        QCOMPARE(notices.size(), 1);
        expect_error(notices[0], {"directed", "read as undirected", "1 pair", "merged", "line 6"});
    }

    void graphml_second_graph_gives_a_notice() {
        const Graph g = graphml(
            "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n<graph "
            "edgedefault=\"undirected\"><node "
            "id=\"a\"/></graph>\n<graph edgedefault=\"undirected\"><node id=\"a\"/><node "
            "id=\"b\"/></graph>\n</graphml>");
        QCOMPARE(g.num_vertices(), 1u);
        expect_error(notices_of(g).join('\n'), {"holds 2 graphs", "read the first (line 2)"});
    }

    void graphml_refusals_name_the_element_and_line() {
        const std::pair<std::string, QStringList> cases[] = {
            {"", {"g.graphml", "empty file"}},
            {"<graphml><graph><node id=\"a\"></graph></graphml>", {"g.graphml:1:", "not well-formed XML"}},
            {"<?xml version=\"1.0\"?>\n<gexf/>\n", {"g.graphml:2:", "<graphml>", "<gexf>"}},
            {"<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"/>", {"g.graphml", "no <graph>"}},
            {graphml_doc(""), {"g.graphml:3:", "no <node>"}},
            {graphml_doc("<node id=\"a\"/>\n<node/>\n"), {"g.graphml:5:", "<node> without the 'id'"}},
            {graphml_doc("<node id=\"a\"/>\n<node id=\"a\"/>\n"),
             {"g.graphml:5:", "node 'a' declared again", "line 4"}},
            {graphml_doc("<node id=\"a\"/>\n<edge source=\"a\" target=\"zz\"/>\n"),
             {"g.graphml:5:", "'zz'", "does not declare"}},
            {graphml_doc("<node id=\"a\"/>\n<edge target=\"a\"/>\n"), {"g.graphml:5:", "'source'"}},
            {graphml_doc("<node id=\"a\"/>\n<edge source=\"a\" target=\"a\"/>\n"),
             {"g.graphml:5:", "self-loop", "'a'"}},
            {graphml_doc(
                 "<node id=\"a\"/><node id=\"b\"/>\n<edge source=\"a\" target=\"b\"/>\n<edge source=\"b\" "
                 "target=\"a\"/>\n"),
             {"g.graphml:6:", "repeated edge", "first given on line 5"}},
            {graphml_doc(
                 "<node id=\"a\"/><node id=\"b\"/>\n<edge source=\"a\" target=\"b\"/>\n<edge source=\"a\" "
                 "target=\"b\"/>\n",
                 "directed"),
             {"g.graphml:6:", "repeated edge", "line 5"}},
            {graphml_doc("<node id=\"a\"><graph edgedefault=\"undirected\"/></node>\n"),
             {"g.graphml:4:", "nested <graph>"}},
            {graphml_doc("<node id=\"a\"/>\n<hyperedge><endpoint node=\"a\"/></hyperedge>\n"),
             {"g.graphml:5:", "<hyperedge>"}},
            {graphml_doc("<node id=\"a\"/>\n", "mixed"), {"g.graphml:3:", "edgedefault='mixed'"}},
            // Entities are never fetched nor expanded from outside the file.
            {"<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
             "<graphml><graph edgedefault=\"undirected\"><node id=\"&x;\"/></graph></graphml>\n",
             {"g.graphml:3:", "not well-formed XML"}},
        };
        for (const auto& [text, words] : cases) expect_error(input_error_of([&] { graphml(text); }), words);
    }

    // Through the spec, as the CLI and the app read files: the extensions pick the reader, and
    // the message for an unknown one lists every format.
    void graph_files_are_read_by_extension() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const std::string& name, const std::string& bytes) {
            const std::string path = dir.path().toStdString() + "/" + name;
            std::ofstream(path, std::ios::binary) << bytes;
            return path;
        };
        const Graph g6 = make_graph("file:" + write("p.g6", "IheA@GUAo\n"), {.with_layout = false});
        const Graph s6 = make_graph("file:" + write("p.S6", ":I`ES@obGkqegW~\n"), {.with_layout = false});
        const Graph ml = make_graph("file:" + write("n.graphml", kNetworkxGraphml), {.with_layout = false});
        QCOMPARE(edge_set(g6), edge_set(s6));
        QCOMPARE(g6.num_edges(), 15u);
        QCOMPARE(ml.num_vertices(), 4u);
        expect_error(
            input_error_of([] { parse_graph_spec("file:g.gexf"); }),
            {"unknown file extension", ".g6 or .s6 (graph6 or sparse6)", ".graphml (GraphML)", ".mtx"});
        QCOMPARE(
            QString::fromStdString(graph_file_extensions_text()),
            QString(".txt or .edges (edge list), .mtx (Matrix Market), .col or .dimacs (DIMACS), .g6 or .s6 "
                    "(graph6 or sparse6), .graphml (GraphML)"));
    }
};

QTEST_GUILESS_MAIN(TestGraphExchangeFormats)
#include "test_graph_exchange_formats.moc"
