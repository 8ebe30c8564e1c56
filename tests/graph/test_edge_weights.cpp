// Edge weights: exact rationals from their text, the classes a graph keeps, the content hash, and
// the three readers that take weights (edge lists, Matrix Market, GraphML) with every refusal.
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <sstream>

#include "graph/exact_weight.hpp"
#include "graph/graph_spec.hpp"
#include "graph/readers/edge_list_reader.hpp"
#include "graph/readers/graphml_reader.hpp"
#include "graph/readers/matrix_market_reader.hpp"
#include "graph_test_helpers.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

namespace {

Graph weighted_edge_list(const std::string& text) {
    std::istringstream in(text);
    return read_edge_list(in, "w.txt", 0, {}, true);
}
Graph weighted_matrix_market(const std::string& text) {
    std::istringstream in(text);
    return read_matrix_market(in, "w.mtx", 0, true);
}
Graph weighted_graphml(const std::string& text) {
    std::istringstream in(text);
    return read_graphml(in, "w.graphml", 0, true);
}

QString weight_error(std::string_view text) {
    std::string why;
    const auto w = parse_exact_weight(text, &why);
    return w ? QStringLiteral("<accepted as %1>").arg(QString::fromStdString(w->exact))
             : QString::fromStdString(why);
}

// The exact weight text of the edge joining u and v.
QString weight_of(const Graph& g, VertexId u, VertexId v) {
    const auto e = g.find_edge(u, v);
    return e ? QString::fromStdString(g.weights().exact(*e)) : QStringLiteral("<no edge>");
}

template <class Reader>
void check_errors(Reader read, const std::vector<std::pair<std::string, QStringList>>& cases) {
    for (const auto& [text, words] : cases) {
        const QString msg = input_error_of([&] { read(text); });
        const QString missing = missing_words(msg, words);
        QVERIFY2(missing.isEmpty(), qPrintable(missing + "  input: " + QString::fromStdString(text)));
        QVERIFY2(!msg.contains('\n'), qPrintable(msg));
    }
}

const char* const kGraphmlHead =
    "<?xml version='1.0'?>\n"
    "<graphml xmlns='http://graphml.graphdrawing.org/xmlns'>\n"
    "<key id='d0' for='edge' attr.name='weight' attr.type='double'/>\n";

}  // namespace

class TestEdgeWeights : public QObject {
    Q_OBJECT

  private slots:
    void decimals_are_exact_rationals() {
        const std::pair<const char*, const char*> cases[] = {
            {"0.1", "1/10"}, {"2.50", "5/2"}, {"1e-3", "1/1000"}, {"2.5E+2", "250"}, {"3/6", "1/2"},
            {"+4", "4"},     {".5", "1/2"},   {"2.", "2"},        {"007", "7"},      {"1.000", "1"},
        };
        for (const auto& [text, exact] : cases)
            QCOMPARE(weight_error(text), QStringLiteral("<accepted as %1>").arg(exact));
        std::string why;
        QCOMPARE(parse_exact_weight("0.1", &why)->value, 0.1);
        QCOMPARE(parse_exact_weight("1/3", &why)->value, 1.0 / 3.0);
    }

    void bad_weights_say_why() {
        QVERIFY(weight_error("0").contains("positive"));
        QVERIFY(weight_error("-1.5").contains("positive"));
        QVERIFY(weight_error("0.000").contains("positive"));
        QVERIFY(weight_error("nan").contains("not a number"));
        QVERIFY(weight_error("-inf").contains("finite"));
        QVERIFY(weight_error("abc").contains("expected a number"));
        QVERIFY(weight_error("1/0").contains("denominator"));
        QVERIFY(weight_error("1/-2").contains("fraction"));
        QVERIFY(weight_error("").contains("expected a number"));
        QVERIFY(weight_error("1e999").contains("range of a double"));
        QVERIFY(weight_error("1e9999999").contains("expected a number"));
        QVERIFY(weight_error("1.2.3").contains("expected a number"));
    }

    void unit_weights_are_the_unweighted_graph() {
        const std::vector<Edge> edges{{0, 1}, {1, 2}, {2, 0}};
        const Graph plain(3, edges);
        Graph ones(3, edges);
        const std::vector<ExactWeight> all_one(3, ExactWeight{"1", 1.0});
        ones.set_weights(EdgeWeights(all_one));
        QVERIFY(!ones.weighted());
        QCOMPARE(ones.content_hash(), plain.content_hash());

        Graph a(3, edges), b(3, edges), c(3, edges);
        a.set_weights(EdgeWeights(std::vector<ExactWeight>{{"1", 1}, {"2", 2}, {"1", 1}}));
        b.set_weights(EdgeWeights(std::vector<ExactWeight>{{"1", 1}, {"1", 1}, {"2", 2}}));
        c.set_weights(EdgeWeights(std::vector<ExactWeight>{{"1", 1}, {"2", 2}, {"1", 1}}));
        QVERIFY(a.weighted());
        QVERIFY(a.content_hash() != plain.content_hash());
        QVERIFY(a.content_hash() != b.content_hash());  // the same weights on other edges
        QCOMPARE(a.content_hash(), c.content_hash());
        QCOMPARE(a.weights().classes().size(), std::size_t(2));
        QCOMPARE(a.weight(1), 2.0);
        QCOMPARE(a.weights().min_value(), 1.0);
        QCOMPARE(a.weights().max_value(), 2.0);
    }

    void edge_list_reads_the_third_column() {
        const Graph g = weighted_edge_list("# weighted\n0 1 0.5\n1 2 3/2 9\n2 3 2\n3 0 0.5\n");
        QCOMPARE(g.num_edges(), 4u);
        QCOMPARE(weight_of(g, 0, 1), QStringLiteral("1/2"));
        QCOMPARE(weight_of(g, 1, 2), QStringLiteral("3/2"));
        QCOMPARE(weight_of(g, 2, 3), QStringLiteral("2"));
        QCOMPARE(g.weights().classes().size(), std::size_t(3));
    }

    void edge_list_weight_errors_name_the_line() {
        check_errors(weighted_edge_list, {
                                             {"0 1 1\n1 2\n", {"w.txt:2:", "a weight", ",weighted", "'1 2'"}},
                                             {"0 1 1\n1 2 0\n", {"w.txt:2:", "weight '0'", "positive"}},
                                             {"0 1 -2\n", {"w.txt:1:", "weight '-2'", "positive"}},
                                             {"0 1 nan\n", {"w.txt:1:", "weight 'nan'", "not a number"}},
                                             {"0 1 inf\n", {"w.txt:1:", "finite"}},
                                             {"0 1 x\n", {"w.txt:1:", "weight 'x'", "expected a number"}},
                                             {"0 1 2 x\n", {"w.txt:1:", "numeric columns"}},
                                         });
    }

    void weights_ignored_without_the_option_give_a_notice() {
        std::istringstream in("0 1 0.5\n1 2 2\n");
        const Graph g = read_edge_list(in, "w.txt");
        QVERIFY(!g.weighted());
        bool noticed = false;
        for (const std::string& n : g.notices())
            noticed = noticed || (n.find("ignored") != std::string::npos &&
                                  n.find("file:w.txt,weighted") != std::string::npos);
        QVERIFY(noticed);
        std::istringstream plain("0 1\n1 2\n");
        QVERIFY(read_edge_list(plain, "p.txt").notices().empty());
    }

    void matrix_market_values_are_weights() {
        const Graph g = weighted_matrix_market(
            "%%MatrixMarket matrix coordinate real general\n3 3 4\n1 2 0.25\n2 1 0.25\n2 3 4\n1 1 9\n");
        QCOMPARE(g.num_edges(), 2u);
        QCOMPARE(weight_of(g, 0, 1), QStringLiteral("1/4"));
        QCOMPARE(weight_of(g, 1, 2), QStringLiteral("4"));
        check_errors(weighted_matrix_market,
                     {
                         {"%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 0.5\n2 1 0.75\n",
                          {"w.mtx:4:", "differs", "line 3"}},
                         {"%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n1 2\n",
                          {"w.mtx:1:", "pattern", "real or integer"}},
                         {"%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 -1\n",
                          {"w.mtx:3:", "positive"}},
                     });
        std::istringstream in("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 3\n");
        const Graph unweighted = read_matrix_market(in, "u.mtx");
        QVERIFY(!unweighted.weighted());
        QVERIFY(!unweighted.notices().empty() &&
                unweighted.notices().back().find(",weighted") != std::string::npos);
    }

    void graphml_weight_key_with_default() {
        const std::string text =
            std::string(kGraphmlHead) +
            "<key id='d1' for='edge' attr.name='colour'/>\n"
            "<graph edgedefault='undirected'>\n"
            "<node id='a'/><node id='b'/><node id='c'/>\n"
            "<edge source='a' target='b'><data key='d1'>red</data><data key='d0'>0.2</data></edge>\n"
            "<edge source='b' target='c'><data key='d0'>3</data></edge>\n"
            "</graph></graphml>\n";
        const Graph g = weighted_graphml(text);
        QCOMPARE(weight_of(g, 0, 1), QStringLiteral("1/5"));
        QCOMPARE(weight_of(g, 1, 2), QStringLiteral("3"));
        std::istringstream in(text);
        const Graph plain = read_graphml(in, "w.graphml");
        QVERIFY(!plain.weighted());
        QVERIFY(!plain.notices().empty() && plain.notices().front().find(",weighted") != std::string::npos);

        const std::string with_default =
            "<?xml version='1.0'?>\n<graphml xmlns='http://graphml.graphdrawing.org/xmlns'>\n"
            "<key id='w' for='edge' attr.name='weight'><default>1.5</default></key>\n"
            "<graph edgedefault='undirected'><node id='a'/><node id='b'/><node id='c'/>\n"
            "<edge source='a' target='b'/>\n<edge source='b' target='c'><data key='w'>2</data></edge>\n"
            "</graph></graphml>\n";
        const Graph d = weighted_graphml(with_default);
        QCOMPARE(weight_of(d, 0, 1), QStringLiteral("3/2"));
        QCOMPARE(weight_of(d, 1, 2), QStringLiteral("2"));
    }

    void graphml_weight_errors_name_the_line() {
        const std::string nodes =
            "<graph edgedefault='undirected'>\n<node id='a'/><node id='b'/><node id='c'/>\n";
        check_errors(
            weighted_graphml,
            {
                {std::string(kGraphmlHead) + nodes + "<edge source='a' target='b'/>\n</graph></graphml>\n",
                 {"w.graphml:6:", "without a weight", "no <default>"}},
                {std::string(kGraphmlHead) + nodes +
                     "<edge source='a' target='b'>\n<data key='d0'>-3</data></edge>\n</graph></graphml>\n",
                 {"w.graphml:7:", "weight '-3'", "positive"}},
                {"<?xml version='1.0'?>\n<graphml xmlns='http://graphml.graphdrawing.org/xmlns'>\n" + nodes +
                     "<edge source='a' target='b'/>\n</graph></graphml>\n",
                 {"w.graphml", "no edge weight key"}},
            });
        // A directed pair merged into one edge must agree on its weight.
        const std::string directed =
            std::string(kGraphmlHead) +
            "<graph edgedefault='directed'>\n<node id='a'/><node id='b'/>\n"
            "<edge source='a' target='b'><data key='d0'>1</data></edge>\n"
            "<edge source='b' target='a'><data key='d0'>2</data></edge>\n</graph></graphml>\n";
        const QString msg = input_error_of([&] { weighted_graphml(directed); });
        QVERIFY2(msg.contains("w.graphml:7:") && msg.contains("differs"), qPrintable(msg));
    }

    void spec_option_weighted() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.path().toStdString() + "/g.txt";
        std::ofstream(path) << "0 1 2\n1 2 1/3\n";
        const Graph g = make_graph("file:" + path + ",weighted", {.with_layout = false});
        QVERIFY(g.weighted());
        QCOMPARE(QString::fromStdString(g.spec()), QString::fromStdString("file:" + path + ",weighted"));
        QCOMPARE(parse_graph_spec("file:g.txt,relabel,weighted").canonical(),
                 std::string("file:g.txt,relabel,weighted"));
        QCOMPARE(parse_graph_spec("file:g.mtx,weighted").canonical(), std::string("file:g.mtx,weighted"));
        const QString refused = input_error_of([] { parse_graph_spec("file:g.col,weighted"); });
        QVERIFY2(refused.contains("carries no weights"), qPrintable(refused));
        const QString twice = input_error_of([] { parse_graph_spec("file:g.txt,weighted,weighted"); });
        QVERIFY2(twice.contains("given twice"), qPrintable(twice));
        const Graph plain = make_graph("file:" + path, {.with_layout = false});
        QVERIFY(!plain.weighted());
        QVERIFY(plain.content_hash() != g.content_hash());
    }
};

QTEST_GUILESS_MAIN(TestEdgeWeights)
#include "test_edge_weights.moc"
