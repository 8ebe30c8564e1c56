// GraphML export of a graph and its matching: read back by the project's reader (the same graph,
// bit for bit) and by igraph's own GraphML reader, an independent parser (the same edges, the
// dimer flags and the layout), and written by `dimerlab-cli export --graphml`.
#include <igraph/igraph.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli_runner.hpp"
#include "export/graphml_writer.hpp"
#include "graph/graph_spec.hpp"
#include "graph/readers/graphml_reader.hpp"
#include "model/matching.hpp"
#include "model/matching_constants.hpp"
#include "sampling/sampler_factory.hpp"

using namespace dimerlab;

namespace {

// A matching after a short Glauber run, so that some edges are dimers and some are not.
std::vector<std::uint32_t> sampled_matching(const Graph& g, double lambda, std::uint64_t seed) {
    auto s = make_cpu_sampler(g, Dynamics::glauber, seed, LambdaRecord(lambda),
                              MateArray(g.num_vertices(), kNoMate));
    s->advance(20 * std::uint64_t(g.num_edges()));
    return std::vector<std::uint32_t>(s->mate().begin(), s->mate().end());
}

ExportMetadata metadata_for(const Graph& g, double lambda) {
    ExportMetadata meta;
    meta.graph_spec = g.spec();
    meta.seed = 7;
    meta.lambda_record = {LambdaChange{0, lambda}};
    meta.dynamics = "glauber";
    return meta;
}

std::uint32_t dimers_in(const Graph& g, const std::vector<std::uint32_t>& mate) {
    std::uint32_t count = 0;
    for (const Edge& e : g.edges()) count += mate[e.u] == e.v ? 1 : 0;
    return count;
}

}  // namespace

class TestExportGraphml : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { igraph_set_attribute_table(&igraph_cattribute_table); }

    void our_reader_gives_back_the_same_graph() {
        for (const char* spec : {"grid:6x6", "petersen", "hexagon:2,2,3", "gnm:40,70,seed=2"}) {
            const Graph g = make_graph(spec, {.with_layout = true});
            const std::vector<std::uint32_t> mate = sampled_matching(g, 2, 11);
            std::istringstream in(state_graphml(g, mate, metadata_for(g, 2)));
            const Graph back = read_graphml(in, "state.graphml");
            QCOMPARE(back.num_vertices(), g.num_vertices());
            QVERIFY2(back.content_hash() == g.content_hash(), spec);  // same edges in the same order
            QVERIFY(back.notices().empty());
        }
    }

    // A weighted graph's export carries each weight as a double ("weight", for other tools) and as
    // the exact rational ("weight_exact"), which file:PATH,weighted reads back: the same weights and
    // hash. Read without weights, the graph is the unweighted one, with a notice.
    void weights_come_back_exactly() {
        for (const char* spec : {"aztec:3,a=1/3,b=2", "hexagon:2,2,2,q=0.7"}) {
            const Graph g = make_graph(spec, {.with_layout = true});
            QVERIFY(g.weighted());
            const std::string text = state_graphml(g, sampled_matching(g, 2, 11), metadata_for(g, 2));
            std::istringstream in(text);
            const Graph back = read_graphml(in, "state.graphml", 0, true);
            QVERIFY2(back.content_hash() == g.content_hash(), spec);
            for (EdgeId e = 0; e < g.num_edges(); ++e)
                QCOMPARE(back.weights().exact(e), g.weights().exact(e));
            std::istringstream plain_in(text);
            const Graph plain = read_graphml(plain_in, "state.graphml");
            QVERIFY(!plain.weighted());
            QCOMPARE(plain.notices().size(), std::size_t(1));
        }
    }

    // igraph's GraphML reader is a second, independent parser: every edge with its ends, its
    // "dimer" flag equal to the matching, and every vertex's x and y equal to the layout.
    void igraph_reads_the_edges_flags_and_layout() {
        const Graph g = make_graph("grid:7x5", {.with_layout = true});
        const std::vector<std::uint32_t> mate = sampled_matching(g, 3, 5);
        QVERIFY(dimers_in(g, mate) > 0);
        QVERIFY(dimers_in(g, mate) < g.num_edges());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.path().toStdString() + "/state.graphml";
        std::ofstream(path, std::ios::binary) << state_graphml(g, mate, metadata_for(g, 3));
        FILE* f = std::fopen(path.c_str(), "r");
        QVERIFY(f != nullptr);
        igraph_t ig;
        const igraph_error_t rc = igraph_read_graph_graphml(&ig, f, 0);
        std::fclose(f);
        QCOMPARE(int(rc), int(IGRAPH_SUCCESS));
        QCOMPARE(igraph_vcount(&ig), igraph_integer_t(g.num_vertices()));
        QCOMPARE(igraph_ecount(&ig), igraph_integer_t(g.num_edges()));
        QVERIFY(!igraph_is_directed(&ig));
        for (EdgeId e = 0; e < g.num_edges(); ++e) {
            // igraph stores an undirected edge with its ends in its own order.
            const igraph_integer_t a = IGRAPH_FROM(&ig, e), b = IGRAPH_TO(&ig, e);
            QCOMPARE(std::min(a, b), igraph_integer_t(g.edge(e).u));
            QCOMPARE(std::max(a, b), igraph_integer_t(g.edge(e).v));
            QCOMPARE(bool(EAB(&ig, "dimer", e)), mate[g.edge(e).u] == g.edge(e).v);
        }
        for (VertexId v = 0; v < g.num_vertices(); ++v) {
            QCOMPARE(VAN(&ig, "x", v), g.layout()[v].x);
            QCOMPARE(VAN(&ig, "y", v), g.layout()[v].y);
        }
        QCOMPARE(QString(GAS(&ig, "spec")), QString::fromStdString(g.spec()));
        QCOMPARE(QString(GAS(&ig, "lambda")), QString("3@0"));
        igraph_destroy(&ig);
    }

    void cli_export_writes_graphml_with_the_final_matching() {
        QTemporaryDir dir;
        const QString d = dir.path();
        const CliResult r =
            run_cli({"export", "--graph", "grid:8x8", "--lambda", "2", "--seed", "4", "--sweeps", "10",
                     "--json-out", d + "/t.json", "--graphml", d + "/s.graphml"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile json(d + "/t.json");
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray dimers =
            QJsonDocument::fromJson(json.readAll()).object()["series"].toObject()["dimers"].toArray();
        QFile graphml(d + "/s.graphml");
        QVERIFY(graphml.open(QIODevice::ReadOnly));
        const QByteArray text = graphml.readAll();
        QCOMPARE(text.count("<data key=\"dimer\">true</data>"), qsizetype(dimers.last().toInt()));
        QCOMPARE(text.count("<edge "), qsizetype(112));  // grid:8x8 has 2·8·7 edges
        QVERIFY(text.contains("<data key=\"spec\">grid:8x8</data>"));

        const CliResult wrong = run_cli({"export", "--graph", "grid:4x4", "--graphml", d + "/s.xml"});
        QCOMPARE(wrong.exit_code, 2);
        QVERIFY(wrong.err.contains("--graphml"));
        QVERIFY(!QFile::exists(d + "/s.xml"));
    }
};

QTEST_GUILESS_MAIN(TestExportGraphml)
#include "test_export_graphml.moc"
