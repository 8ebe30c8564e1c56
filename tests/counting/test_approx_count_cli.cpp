// dimerlab-cli count --epsilon: fields, the interval against the exact value, exit codes.
#include <QJsonArray>
#include <QTest>
#include <cmath>

#include "cli_runner.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "graph/graph_spec.hpp"

using namespace dimerlab;

class TestApproxCountCli : public QObject {
    Q_OBJECT
  private slots:
    // One run, seed fixed: an honest 95% interval misses with probability 0.05 (this seed passes).
    void epsilon_json_has_every_field_and_covers_the_exact_grid_12x12_value() {
        const double exact =
            exact_matching_polynomial(make_graph("grid:12x12", BuildOptions{.with_layout = false}))
                .log_z(1.0);
        const CliResult r = run_cli(
            {"count", "--graph", "grid:12x12", "--lambda", "1", "--epsilon", "0.1", "--seed", "3", "--json"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());  // no progress lines unless asked for
        const QJsonObject o = r.json();
        QCOMPARE(o["graph"].toString(), QString("grid:12x12"));
        QCOMPARE(o["lambda"].toDouble(), 1.0);
        QCOMPARE(o["method"].toString(), QString("ti-control-variate"));
        QCOMPARE(o["estimator"].toString(), QString("gauss-legendre-node-means"));
        QCOMPARE(o["confidence"].toDouble(), 0.95);
        // The half-width is the Stein interval's plus the two bounds of the path, each reported.
        const double parts = o["statistical_half_width"].toDouble() + o["quadrature_bound"].toDouble() +
                             o["bottom"].toObject()["half_width"].toDouble();
        QVERIFY(std::abs(parts - o["half_width"].toDouble()) < 1e-12);
        QVERIFY(o["quadrature_bound"].toDouble() <= 0.1 / 100 &&
                o["bottom"].toObject()["half_width"].toDouble() <= 0.1 / 100);
        const QJsonObject nodes = o["nodes"].toObject();
        for (const char* key : {"lambda", "weight", "mixing", "mean_dimers"})
            QCOMPARE(nodes[key].toArray().size(), o["stages"].toInt());
        QCOMPARE(o["first_stage_replicas"].toInt(), 8);
        QCOMPARE(o["stopping_rule"].toString(), QString("stein-two-stage"));
        QCOMPARE(o["backend"].toString(), QString("cpu-threads"));
        QVERIFY(o["replicas"].toInt() >= 2 && o["first_stage_sd"].toDouble() > 0 && o.contains("replica_sd"));
        const QJsonArray ci = o["ci"].toArray();
        QCOMPARE(ci.size(), 2);
        const double lo = ci[0].toDouble();
        const double hi = ci[1].toDouble();
        const double log_z = o["log_z"].toDouble();
        QVERIFY(lo < log_z && log_z < hi);
        QVERIFY(std::abs((hi - lo) / 2 - o["half_width"].toDouble()) < 1e-9);
        QVERIFY(o["half_width"].toDouble() <= 0.1);
        QVERIFY(std::abs(o["log_z_per_vertex"].toDouble() - log_z / 144) < 1e-12);
        QVERIFY(o["updates"].toDouble() > 0 && o.contains("seconds"));
        QVERIFY2(lo <= exact && exact <= hi,
                 qPrintable(QString("[%1, %2] vs %3").arg(lo).arg(hi).arg(exact)));
    }

    // δ per vertex is a half-width of δ n on ln Z; both half-widths are reported. Giving both
    // targets, or a δ that is no estimate, is one error line and exit 2.
    void epsilon_per_vertex_sets_the_half_width_on_log_z_per_vertex() {
        const CliResult r = run_cli({"count", "--graph", "grid:12x12", "--lambda", "1",
                                     "--epsilon-per-vertex", "0.001", "--seed", "2", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QVERIFY(std::abs(o["epsilon"].toDouble() - 0.144) < 1e-12);
        QVERIFY(std::abs(o["epsilon_per_vertex"].toDouble() - 0.001) < 1e-15);
        QVERIFY(o["half_width"].toDouble() <= 0.144);
        QVERIFY(std::abs(o["half_width_per_vertex"].toDouble() - o["half_width"].toDouble() / 144) < 1e-15);
        for (const QStringList& bad : {QStringList{"--epsilon", "0.1", "--epsilon-per-vertex", "0.001"},
                                       QStringList{"--epsilon-per-vertex", "0.5"}}) {
            const CliResult e = run_cli(QStringList{"count", "--graph", "grid:4x4"} + bad);
            QCOMPARE(e.exit_code, 2);
            QVERIFY2(e.err.startsWith("error: ") && e.err.count('\n') == 1, e.err.constData());
        }
    }

    void vertex_method_and_confidence_are_honoured() {
        const CliResult r = run_cli({"count", "--graph", "cycle:8", "--lambda", "2", "--epsilon", "0.2",
                                     "--confidence", "0.9", "--method", "vertex-rao-blackwell", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["method"].toString(), QString("vertex-rao-blackwell"));
        QCOMPARE(o["confidence"].toDouble(), 0.9);
        QVERIFY(o["half_width"].toDouble() <= 0.2);
    }

    // Every backend runs replica k on the same tape, so the estimate is the same bit for bit, for
    // both estimators an ensemble runs (TI counts F on the ensemble's backend); cuda without a
    // device is an error, auto falls back to cpu with one notice line.
    void backends_give_the_same_estimate_data() {
        QTest::addColumn<QString>("method");
        QTest::newRow("ti-control-variate") << "ti-control-variate";
        QTest::newRow("tpa-paired-product") << "tpa-paired-product";
    }
    void backends_give_the_same_estimate() {
        QFETCH(QString, method);
        const QStringList args{"count",  "--graph", "grid:5x5", "--epsilon", "0.2",
                               "--seed", "5",       "--json",   "--method",  method};
        const CliResult cpu = run_cli(args + QStringList{"--backend", "cpu"});
        QCOMPARE(cpu.exit_code, 0);
        QVERIFY2(cpu.err.isEmpty(), cpu.err.constData());
        QCOMPARE(cpu.json()["method"].toString(), method);
        const CliResult aut = run_cli(args + QStringList{"--backend", "auto"});
        QCOMPARE(aut.exit_code, 0);
        const CliResult cuda = run_cli(args + QStringList{"--backend", "cuda"});
        if (aut.json()["backend"].toString() == "cpu-threads") {
            QVERIFY2(aut.err.startsWith("notice: no CUDA device") && aut.err.count('\n') == 1,
                     aut.err.constData());
            QCOMPARE(cuda.exit_code, 2);
            QVERIFY2(cuda.err.startsWith("error: backend 'cuda' requested"), cuda.err.constData());
        } else {
            QCOMPARE(aut.json()["backend"].toString(), QString("ensemble-cuda"));
            QCOMPARE(cuda.exit_code, 0);
            QCOMPARE(cuda.json()["log_z"], cpu.json()["log_z"]);
        }
        for (const char* key : {"log_z", "ci", "replicas", "first_stage_sd", "updates"})
            QVERIFY2(aut.json()[key] == cpu.json()[key], key);
    }

    // The vertex estimator has no ensemble form: asking for a device is refused, with the methods
    // that have one named.
    void vertex_method_refuses_a_device_backend() {
        const CliResult r = run_cli({"count", "--graph", "grid:5x5", "--epsilon", "0.2", "--method",
                                     "vertex-rao-blackwell", "--backend", "cuda", "--json"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("runs the ti-control-variate and paired-product estimators"),
                 r.err.constData());
    }

    void progress_flag_writes_progress_lines_to_stderr() {
        const CliResult r = run_cli(
            {"count", "--graph", "cycle:8", "--lambda", "1", "--epsilon", "0.3", "--progress", "--json"});
        QCOMPARE(r.exit_code, 0);
        // Without a terminal: the projection first, then a few progress lines with the share of the
        // projected work done and the time left.
        QVERIFY2(r.err.startsWith("projected: about "), r.err.constData());
        QVERIFY2(r.err.contains("\nprogress: ") && r.err.contains("half-width"), r.err.constData());
        QVERIFY2(r.err.contains("% of the projected work"), r.err.constData());
        QVERIFY(r.json().contains("log_z"));
    }

    void bad_epsilon_or_confidence_exits_two_with_one_error_line() {
        const QList<QStringList> bad = {{"--epsilon", "0"},
                                        {"--epsilon", "-0.1"},
                                        {"--epsilon", "abc"},
                                        {"--epsilon", "10"},
                                        {"--epsilon", "nan"},
                                        {"--epsilon", "0.1", "--confidence", "1"},
                                        {"--epsilon", "0.1", "--confidence", "0"},
                                        {"--epsilon", "0.1", "--confidence", "x"},
                                        {"--epsilon", "0.1", "--method", "magic"},
                                        {"--epsilon", "0.1", "--backend", "gpu"},
                                        {"--epsilon", "0.1", "--backend", "cuda", "--method", "vertex"},
                                        {"--epsilon", "0.1", "--lambda", "-2"}};
        for (const QStringList& extra : bad) {
            const CliResult r = run_cli(QStringList{"count", "--graph", "cycle:5", "--json"} + extra);
            QVERIFY2(r.exit_code == 2, qPrintable(extra.join(' ')));
            QVERIFY2(r.err.startsWith("error:") && r.err.count('\n') == 1, r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestApproxCountCli)
#include "test_approx_count_cli.moc"
