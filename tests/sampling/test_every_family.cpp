// Both production samplers keep a valid matching over millions of tape updates on every family of
// the graph-spec grammar (docs/architecture.md §6.1), built through make_graph exactly as users build them.
#include <QTemporaryDir>
#include <QtTest>

#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"

using namespace dimerlab;

class TestEveryFamily : public QObject {
    Q_OBJECT
  private slots:
    void samplers_keep_a_valid_matching_on_every_family_data() {
        QTest::addColumn<QString>("spec");
        QTemporaryDir dir;
        const QString edges = dir.filePath("g.edges");
        {
            QFile f(edges);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# a triangle with a tail\n0 1\n1 2\n0 2\n2 3\n3 4\n");
        }
        files_dir_ = dir.path();
        dir.setAutoRemove(false);
        for (const char* spec : {"grid:9x7", "torus:6x5", "hex:8x6", "tri:7x6", "aztec:5", "complete:12",
                                 "bipartite:5x7", "path:17", "cycle:13", "hypercube:5", "petersen",
                                 "regular:40,3,seed=7", "gnp:40,0.15,seed=1", "gnm:40,90,seed=1"}) {
            QTest::newRow(spec) << QString(spec);
        }
        QTest::newRow("file:edge-list") << ("file:" + edges);
    }
    void samplers_keep_a_valid_matching_on_every_family() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        QVERIFY(g.num_edges() > 0);
        for (Dynamics d : {Dynamics::glauber, Dynamics::jerrum_sinclair}) {
            for (StartKind start : {StartKind::empty, StartKind::greedy, StartKind::maximum}) {
                auto s = make_cpu_sampler(g, d, 97, LambdaRecord(0.7), make_start_state(g, start, 97));
                // 1.2 M updates per (dynamics, start), with λ moving across 1 so both acceptance
                // branches act; the whole matching is checked at 24 points.
                for (int block = 0; block < 24; ++block) {
                    if (block % 8 == 4) s->set_lambda(block < 12 ? 6.0 : 0.2);
                    s->advance(50'000);
                    const std::string err = matching_error(g, s->mate());
                    QVERIFY2(err.empty(), err.c_str());
                    QCOMPARE(s->dimers(), count_dimers(s->mate()));
                }
            }
        }
    }
    void cleanupTestCase() {
        if (!files_dir_.isEmpty()) QDir(files_dir_).removeRecursively();
    }

  private:
    QString files_dir_;
};

QTEST_GUILESS_MAIN(TestEveryFamily)
#include "test_every_family.moc"
