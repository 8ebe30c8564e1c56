// dimerlab-cli sweep and count --epsilon under mpirun: the table is the same for every number of ranks and
// without a launcher, a run killed by SIGKILL resumes from its checkpoint to the same table,
// damaged and foreign checkpoints are refused, bad input exits 2 with one error line for every
// rank count, and count --epsilon gives the same estimate, interval and replica values on any
// number of ranks; a rank that dies stops the job and the checkpoint resumes, and a refusal on one
// rank alone stops every rank with rank 0's one error line. Registered (label mpi) only when CMake found MPI;
// mpirun's path comes from DIMERLAB_MPIEXEC.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "cli_runner.hpp"

namespace {

// Root, several ranks on two cores and loopback only: the options CI needs, set here rather
// than by hand.
QStringList mpirun_options() {
    return QStringList{"--allow-run-as-root",
                       "--oversubscribe",
                       "--mca",
                       "btl",
                       "self,vader,tcp",
                       "--mca",
                       "btl_tcp_if_include",
                       "lo",
                       "--mca",
                       "oob_tcp_if_include",
                       "lo",
                       "--mca",
                       "btl_vader_single_copy_mechanism",
                       "none"};
}

// 0 means no launcher at all (the plain process); P >= 1 means `mpirun -np P`.
QStringList launch(int ranks, const QStringList& args, QString* program) {
    if (ranks == 0) {
        *program = qEnvironmentVariable("DIMERLAB_CLI");
        return args;
    }
    *program = qEnvironmentVariable("DIMERLAB_MPIEXEC");
    return mpirun_options() +
           QStringList{"-np", QString::number(ranks), qEnvironmentVariable("DIMERLAB_CLI")} + args;
}

CliResult run_ranks(int ranks, const QStringList& args) {
    QString program;
    const QStringList full = launch(ranks, args, &program);
    return run_process(program, full, 300000);
}

// The table without what may differ between runs: metadata lines (the command line names the
// output file) and the seconds and rank columns.
QStringList table_without_timing(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {"missing " + path};
    QStringList lines;
    QList<int> keep;
    bool header = true;
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.isEmpty() || line.startsWith('#')) continue;
        const QStringList cells = line.split(',');
        if (header) {
            for (int i = 0; i < cells.size(); ++i) {
                if (cells[i] != "seconds" && cells[i] != "rank") keep << i;
            }
            header = false;
        }
        QStringList kept;
        for (int i : keep) kept << cells.value(i);
        lines << kept.join(',');
    }
    return lines;
}

int error_lines(const QByteArray& err) {
    int n = 0;
    for (const QByteArray& line : err.split('\n')) n += line.startsWith("error:") ? 1 : 0;
    return n;
}

const QStringList small_sweep{"sweep",    "--graph", "grid:4x4", "--graph",   "cycle:7",
                              "--lambda", "0.5,1,2", "--seeds",  "2",         "--sweeps",
                              "300",      "--seed",  "11",       "--measure", "density,imbalance,tau,exact"};

}  // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
  private slots:
    void sweep_table_is_the_same_for_every_rank_count() {
        QTemporaryDir dir;
        const QString reference = dir.filePath("solo.csv");
        const CliResult solo = run_ranks(0, small_sweep + QStringList{"--out", reference});
        QVERIFY2(solo.exit_code == 0, solo.err.constData());
        const QStringList expected = table_without_timing(reference);
        QCOMPARE(expected.size(), 1 + 2 * 3 * 2);  // header + graphs x lambdas x seeds
        for (int ranks : {1, 2, 3}) {
            const QString out = dir.filePath(QString("p%1.csv").arg(ranks));
            const CliResult r = run_ranks(ranks, small_sweep + QStringList{"--out", out});
            QVERIFY2(r.exit_code == 0, r.err.constData());
            QCOMPARE(table_without_timing(out), expected);
        }
    }

    // Without a terminal, --progress prints the first job and the last, with the time left in
    // between, on stderr only: stdout keeps just the sweep's own lines.
    void sweep_progress_names_the_time_left() {
        QTemporaryDir dir;
        const CliResult r =
            run_ranks(0, small_sweep + QStringList{"--out", dir.filePath("t.csv"), "--progress"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(r.err.startsWith("progress: 1/12 jobs, about "), r.err.constData());
        QVERIFY2(r.err.contains(" left\n"), r.err.constData());
        QVERIFY2(r.err.contains("progress: 12/12 jobs\n"), r.err.constData());
        QVERIFY2(!r.out.contains("progress"), r.out.constData());
    }

    // The estimate against the exact value of the same small graphs: every row within 6 of its
    // own error bars (τ-corrected standard errors, 12 rows: a false alarm about 1e-8 per run).
    void sweep_json_rows_agree_with_exact_density() {
        QTemporaryDir dir;
        const QString out = dir.filePath("t.json");
        const CliResult r = run_ranks(2, small_sweep + QStringList{"--out", out});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["ranks"].toInt(), 2);
        QVERIFY(doc["command_line"].toArray().size() > 3);
        QVERIFY(!doc["version"].toString().isEmpty());
        const QJsonArray rows = doc["rows"].toArray();
        QCOMPARE(rows.size(), 12);
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows[i].toObject();
            QCOMPARE(row["job"].toInt(), i);
            const double d = row["covered_fraction"].toDouble(), err = row["covered_fraction_err"].toDouble();
            const double exact = row["exact_covered_fraction"].toDouble();
            QVERIFY(err > 0);
            QVERIFY2(
                std::abs(d - exact) < 6 * err,
                qPrintable(QString("row %1: %2 vs exact %3 (err %4)").arg(i).arg(d).arg(exact).arg(err)));
            QVERIFY(row["rank"].toInt() >= 0 && row["rank"].toInt() < 2);
            QVERIFY(row["seconds"].toDouble() >= 0);
        }
    }

    // Weighted specs carry their weights into every job: the chains' densities against the exact
    // weighted polynomial's, each within 6 of its error bar (8 rows: a false alarm about 1e-8).
    void weighted_sweep_agrees_with_the_exact_weighted_density() {
        QTemporaryDir dir;
        const QString out = dir.filePath("w.json");
        const CliResult r =
            run_ranks(0, {"sweep", "--graph", "grid:4x5,h=3:1/3", "--graph", "aztec:3,a=1/2,b=2", "--lambda",
                          "0.5,2", "--seeds", "2", "--sweeps", "400", "--seed", "3", "--measure",
                          "density,exact", "--out", out});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(f.readAll()).object()["rows"].toArray();
        QCOMPARE(rows.size(), 8);
        for (const QJsonValue& v : rows) {
            const QJsonObject row = v.toObject();
            QVERIFY(row["graph"].toString().contains("="));  // the weights are in the spec
            QVERIFY(row["exact_covered_fraction"].isDouble());
            const double d = row["covered_fraction"].toDouble(), err = row["covered_fraction_err"].toDouble();
            QVERIFY2(std::abs(d - row["exact_covered_fraction"].toDouble()) < 6 * err,
                     qPrintable(QJsonDocument(row).toJson(QJsonDocument::Compact)));
        }
    }

    // Killed with SIGKILL once a few jobs are in the checkpoint, then rerun unchanged (on two
    // ranks): the finished jobs are skipped and the table equals an uninterrupted run's.
    void resume_after_sigkill_gives_the_same_table() {
        QTemporaryDir dir;
        const QStringList sweep{"sweep",   "--graph",   "grid:12x12", "--lambda", "0.5:2:0.5",
                                "--seeds", "4",         "--sweeps",   "6000",     "--seed",
                                "5",       "--measure", "density,tau"};
        const QString reference = dir.filePath("reference.csv");
        const CliResult full = run_ranks(0, sweep + QStringList{"--out", reference});
        QVERIFY2(full.exit_code == 0, full.err.constData());

        const QString checkpoint = dir.filePath("run.checkpoint");
        const QString out = dir.filePath("resumed.csv");
        const QStringList args = sweep + QStringList{"--out", out, "--checkpoint", checkpoint};
        QProcess victim;
        victim.start(qEnvironmentVariable("DIMERLAB_CLI"), args);
        QVERIFY(victim.waitForStarted());
        int finished_rows = 0;
        while (victim.state() == QProcess::Running && finished_rows < 3) {
            QThread::msleep(10);
            QFile f(checkpoint);
            if (f.open(QIODevice::ReadOnly))
                finished_rows = QJsonDocument::fromJson(f.readAll()).object()["rows"].toArray().size();
        }
        QVERIFY2(victim.state() == QProcess::Running, "the run ended before it could be killed midway");
        victim.kill();  // SIGKILL
        victim.waitForFinished();
        QVERIFY(!QFile::exists(out));

        const CliResult resumed = run_ranks(2, args);
        QVERIFY2(resumed.exit_code == 0, resumed.err.constData());
        QVERIFY2(!resumed.out.contains("(0 from the checkpoint)"), resumed.out.constData());
        QCOMPARE(table_without_timing(out), table_without_timing(reference));
    }

    // A rank that dies midway (rank 1 kills itself with SIGKILL when handed its second job,
    // through the test-only hook): mpirun stops the whole job, no table is written, and the same
    // command rerun without the hook resumes from the checkpoint to an uninterrupted run's table.
    void a_rank_that_dies_stops_the_job_and_the_checkpoint_resumes() {
        QTemporaryDir dir;
        const QStringList sweep{"sweep",   "--graph",   "grid:10x10", "--lambda", "0.5:3:0.5",
                                "--seeds", "4",         "--sweeps",   "3000",     "--seed",
                                "9",       "--measure", "density,tau"};
        const QString reference = dir.filePath("reference.csv");
        const CliResult full = run_ranks(0, sweep + QStringList{"--out", reference});
        QVERIFY2(full.exit_code == 0, full.err.constData());

        const QString checkpoint = dir.filePath("run.checkpoint");
        const QString out = dir.filePath("resumed.csv");
        const QStringList args = sweep + QStringList{"--out", out, "--checkpoint", checkpoint};
        qputenv("DIMERLAB_TEST_ONLY_KILL_RANK", "1");
        const CliResult killed = run_process(qEnvironmentVariable("DIMERLAB_MPIEXEC"),
                                             mpirun_options() +
                                                 QStringList{"-x", "DIMERLAB_TEST_ONLY_KILL_RANK", "-np", "2",
                                                             qEnvironmentVariable("DIMERLAB_CLI")} +
                                                 args,
                                             300000);
        qunsetenv("DIMERLAB_TEST_ONLY_KILL_RANK");
        QVERIFY2(killed.exit_code != 0, killed.out.constData());
        QVERIFY2(!killed.out.contains("sweep: "), killed.out.constData());  // rank 0 never finished
        QVERIFY(!QFile::exists(out));

        const CliResult resumed = run_ranks(2, args);
        QVERIFY2(resumed.exit_code == 0, resumed.err.constData());
        QCOMPARE(table_without_timing(out), table_without_timing(reference));
    }

    // A rank that alone fails validation: under one mpirun, rank 0 starts in a folder with the
    // graph file and rank 1 in one without it, so `file:graph.txt` reads on rank 0 only. Every
    // rank stops before any work; rank 0 prints one error line naming rank 1; exit 2; no table.
    void a_refusal_on_another_rank_stops_every_rank_with_one_error_line() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("lead") && QDir(dir.path()).mkpath("worker"));
        QFile graph(dir.filePath("lead/graph.txt"));
        QVERIFY(graph.open(QIODevice::WriteOnly));
        graph.write("0 1\n1 2\n2 3\n3 0\n");
        graph.close();
        const QString out = dir.filePath("never.csv");
        const QStringList sweep{"sweep",    "--graph", "file:graph.txt", "--lambda", "1",
                                "--sweeps", "50",      "--out",          out};
        const QString cli = qEnvironmentVariable("DIMERLAB_CLI");
        // The lead alone reads the file: the sweep runs (the control for the case below).
        const CliResult alone = run_process(
            qEnvironmentVariable("DIMERLAB_MPIEXEC"),
            mpirun_options() + QStringList{"-np", "1", "-wdir", dir.filePath("lead"), cli} + sweep, 300000);
        QVERIFY2(alone.exit_code == 0, alone.err.constData());
        QVERIFY(QFile::remove(out));
        // The same for count --epsilon, whose ranks share every stage's replicas.
        const QStringList count{"count", "--graph", "file:graph.txt", "--epsilon", "1", "--json"};
        for (const QStringList& args : {sweep, count}) {
            const CliResult r = run_process(
                qEnvironmentVariable("DIMERLAB_MPIEXEC"),
                mpirun_options() + QStringList{"-np", "1", "-wdir", dir.filePath("lead"), cli} + args +
                    QStringList{":", "-np", "1", "-wdir", dir.filePath("worker"), cli} + args,
                300000);
            QVERIFY2(r.exit_code == 2, r.err.constData());
            QVERIFY2(error_lines(r.err) == 1, r.err.constData());
            QVERIFY2(r.err.contains("error: rank 1: "), r.err.constData());
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            QVERIFY(!QFile::exists(out));
        }
    }

    void damaged_and_foreign_checkpoints_are_refused() {
        QTemporaryDir dir;
        const QString checkpoint = dir.filePath("c.json");
        const QStringList args = small_sweep + QStringList{"--checkpoint", checkpoint};
        QCOMPARE(run_ranks(0, args + QStringList{"--out", dir.filePath("first.csv")}).exit_code, 0);

        QFile f(checkpoint);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray good = f.readAll();
        f.close();
        auto refused = [&](const QByteArray& contents, const QStringList& run_args, const char* why) {
            QFile w(checkpoint);
            QVERIFY(w.open(QIODevice::WriteOnly | QIODevice::Truncate));
            w.write(contents);
            w.close();
            for (int ranks : {0, 2}) {
                const QString out = dir.filePath("refused.csv");
                const CliResult r = run_ranks(ranks, run_args + QStringList{"--out", out});
                QCOMPARE(r.exit_code, 2);
                QCOMPARE(error_lines(r.err), 1);
                QVERIFY2(r.err.contains(why), r.err.constData());
                QVERIFY(!QFile::exists(out));
            }
        };
        // One digit of a recorded covered fraction changed: still JSON, but the checksum no longer holds.
        QByteArray altered = good;
        const int at = altered.indexOf("\"covered_fraction\":0.") + 21;
        altered[at] = altered[at] == '1' ? '2' : '1';
        refused(altered, args, "damaged");
        refused(good.left(good.size() / 2), args, "damaged");
        refused("not a checkpoint", args, "damaged");
        QStringList other = args;
        other[other.indexOf("--seeds") + 1] = "3";
        refused(good, other, "other inputs");
    }

    // Stein's stages split their replicas over the ranks: the estimate, the interval and every
    // replica value equal the one-process run's bit for bit (JSON doubles round-trip exactly).
    void count_estimate_is_the_same_for_every_rank_count() {
        const QStringList count{"count",     "--graph", "grid:4x4", "--lambda", "1.5",
                                "--epsilon", "0.15",    "--seed",   "3",        "--json"};
        auto comparable = [](const CliResult& r) {
            QJsonObject o = r.json();
            o.remove("seconds");
            o.remove("ranks");
            return o;
        };
        const CliResult solo = run_ranks(0, count);
        QVERIFY2(solo.exit_code == 0, solo.err.constData());
        const QJsonObject expected = comparable(solo);
        QVERIFY(expected["replica_log_z"].toArray().size() >= 2);
        QCOMPARE(expected["replica_log_z"].toArray().size(), expected["replicas"].toInt());
        for (int ranks : {1, 2, 3}) {
            const CliResult r = run_ranks(ranks, count);
            QVERIFY2(r.exit_code == 0, r.err.constData());
            QCOMPARE(r.out.count('\n'), 1);  // rank 0 alone prints
            QCOMPARE(r.json()["ranks"].toInt(), ranks);
            QCOMPARE(comparable(r), expected);
        }
    }

    // Ranges are exact rationals: 0.25·2^i up to 16 inclusive, 0.5 + 0.5·i up to 4 inclusive.
    void lambda_ranges_expand_exactly() {
        QTemporaryDir dir;
        auto lambdas = [&](const QString& text) {
            const QString out = dir.filePath("l.json");
            const CliResult r = run_ranks(0, {"sweep", "--graph", "path:3", "--lambda", text, "--sweeps", "2",
                                              "--measure", "density", "--out", out});
            if (r.exit_code != 0) return QJsonArray{QString(r.err)};
            QFile f(out);
            if (!f.open(QIODevice::ReadOnly)) return QJsonArray{};
            return QJsonDocument::fromJson(f.readAll()).object()["inputs"].toObject()["lambdas"].toArray();
        };
        QCOMPARE(lambdas("0.25:16:x2"), (QJsonArray{0.25, 0.5, 1, 2, 4, 8, 16}));
        QCOMPARE(lambdas("0.5:4:0.5"), (QJsonArray{0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4}));
        QCOMPARE(lambdas("1/3:1:1/3"), (QJsonArray{1.0 / 3, 2.0 / 3, 1}));
        QCOMPARE(lambdas("2,0.5,1"), (QJsonArray{2, 0.5, 1}));
    }

    // ln Z per job from the estimator of count --epsilon, against the exact value of the same
    // small graph (its interval at 95%: 4 rows miss all together with probability below 1e-5),
    // and the plots of every measured quantity.
    void sweep_logz_and_plots() {
        QTemporaryDir dir;
        const QString prefix = dir.filePath("plot-");
        const QString out = dir.filePath("z.json");
        const CliResult r = run_ranks(2, {"sweep", "--graph", "grid:3x3", "--lambda", "0.5,2", "--seeds", "2",
                                          "--sweeps", "200", "--measure", "density,tau,exact,logz",
                                          "--epsilon", "0.3", "--out", out, "--plot-svg", prefix});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(f.readAll()).object()["rows"].toArray();
        QCOMPARE(rows.size(), 4);
        int covered = 0;
        for (const QJsonValue& v : rows) {
            const QJsonObject row = v.toObject();
            const double exact = row["exact_log_z"].toDouble();
            QVERIFY(row["log_z_lo"].toDouble() < row["log_z_hi"].toDouble());
            QVERIFY(row["log_z_hi"].toDouble() - row["log_z_lo"].toDouble() <= 2 * 0.3 + 1e-12);
            covered += row["log_z_lo"].toDouble() <= exact && exact <= row["log_z_hi"].toDouble() ? 1 : 0;
        }
        QVERIFY2(covered >= 1, "no interval covers the exact ln Z");
        for (const char* name : {"density", "tau", "logz"}) {
            QFile svg(prefix + name + ".svg");
            QVERIFY2(svg.open(QIODevice::ReadOnly), name);
            QVERIFY(svg.readAll().contains("<polyline"));
        }
    }

    void bad_input_exits_2_with_one_error_line_for_every_rank_count() {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.csv");
        const QList<QStringList> bad{
            {"sweep", "--graph", "grid:4x4", "--lambda", "0.5:abc:x2", "--out", out},
            {"sweep", "--graph", "grid:4x4", "--lambda", "2:1:0.5", "--out", out},
            {"sweep", "--graph", "nosuchfamily:3", "--out", out},
            {"sweep", "--graph", "grid:4x4", "--measure", "density,colour", "--out", out},
            {"sweep", "--graph", "grid:4x4", "--out", dir.filePath("table.txt")},
            {"sweep", "--graph", "grid:4x4", "--out", dir.filePath("no/such/folder.csv")},
            {"sweep", "--graph", "grid:4x4", "--seeds", "-1", "--out", out},
            {"sweep", "--graph", "grid:4x4"},
            {"count", "--graph", "grid:4x4", "--epsilon", "20"},
        };
        for (int ranks : {0, 1, 2, 3}) {
            // Without a launcher every case; under mpirun (each failing run costs mpirun about 2 s)
            // a bad option value, a bad graph, an unwritable output and a bad count.
            for (const QStringList& args :
                 ranks == 0 ? bad : QList<QStringList>{bad[0], bad[2], bad[5], bad[8]}) {
                const CliResult r = run_ranks(ranks, args);
                QVERIFY2(r.exit_code == 2, qPrintable(args.join(' ') + ": " + r.err));
                QVERIFY2(error_lines(r.err) == 1, qPrintable(args.join(' ') + ": " + r.err));
                QVERIFY(!QFile::exists(out));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
