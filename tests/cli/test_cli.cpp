// dimerlab-cli against the command-line contract (docs/architecture.md §7): fields, exit statuses,
// determinism, atomic CSV output, and the square-lattice density at λ=1.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"

class TestCli : public QObject {
    Q_OBJECT
  private:
    static void verify_one_error_line(const CliResult& r, int expected_exit) {
        QCOMPARE(r.exit_code, expected_exit);
        QVERIFY2(r.err.startsWith("error: "), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }

    // Whether `--backend auto` finds a device, asked of the CLI itself (the notice says no).
    static bool have_cuda_device() {
        static const bool present = [] {
            const CliResult r = run_cli({"sample", "--graph", "grid:2x2", "--sweeps", "1", "--json"});
            return r.exit_code == 0 && !r.err.contains("no CUDA device");
        }();
        return present;
    }

  private slots:
    void graph_beyond_memory_is_refused_before_allocating_with_exit_3() {
        // Each projects far past any machine's memory; the refusal must come at once (the 60 s
        // limit would catch an attempt to allocate), as one error line naming the bytes.
        for (const char* spec : {"hexagon:100000,100000,100000", "grid:100000x100000", "complete:3000000"}) {
            const CliResult r = run_cli({"graph", "--graph", spec, "--json"}, 60000);
            QCOMPARE(r.exit_code, 3);
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(
                r.err.startsWith("error: ") && r.err.contains("needs about") && r.err.contains("B of memory"),
                r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
    }

    void count_progress_names_an_unmeasured_half_width_in_words() {
        // The first progress line comes before any interval exists: it must say so, not print nan,
        // and the progress stays on stderr so that stdout is one JSON line.
        const CliResult r = run_cli(
            {"count", "--graph", "grid:4x4", "--epsilon", "0.3", "--seed", "3", "--progress", "--json"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.err.contains("progress: "), r.err.constData());
        QVERIFY2(r.err.contains("half-width not measured yet"), r.err.constData());
        QVERIFY2(!r.err.toLower().contains("nan"), r.err.constData());
        QCOMPARE(r.out.count('\n'), 1);
        QVERIFY(r.json().contains("log_z"));
    }

    void graph_json_has_contract_fields_and_grid_sizes() {
        const CliResult r = run_cli({"graph", "--graph", "grid:3x4", "--json"});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.out.count('\n'), 1);
        const QJsonObject o = r.json();
        QCOMPARE(o["spec"].toString(), QString("grid:3x4"));
        QCOMPARE(o["n"].toInt(), 12);
        QCOMPARE(o["m"].toInt(), 3 * (4 - 1) + 4 * (3 - 1));  // vertical + horizontal edges
        QCOMPARE(o["max_degree"].toInt(), 4);
        QCOMPARE(o["bipartite"].toBool(), true);
        QCOMPARE(o["hash"].toString().size(), 16);
        QCOMPARE(run_cli({"graph", "--graph", "complete:5", "--json"}).json()["bipartite"].toBool(), false);
    }

    void bad_input_gives_one_error_line_and_exit_2() {
        verify_one_error_line(run_cli({"graph", "--graph", "nosuchfamily:3"}), 2);
        verify_one_error_line(run_cli({"graph", "--graph", "grid:0x5"}), 2);
        verify_one_error_line(run_cli({"graph", "--graph", "file:/nonexistent/g.txt"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--lambda", "-1"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--lambda", "abc"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--dynamics", "metropolis"}), 2);
        if (!have_cuda_device()) {
            verify_one_error_line(
                run_cli({"sample", "--graph", "grid:4x4", "--dynamics", "chromatic", "--backend", "cuda"}),
                2);
        }
        verify_one_error_line(
            run_cli({"sample", "--graph", "grid:4x4", "--dynamics", "jerrum-sinclair", "--backend", "cuda"}),
            2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--start", "full"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--backend", "tpu"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "path:1"}), 2);  // no edges
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--lambda-change", "10"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--sweeps", "-5"}), 2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--seed", "-1"}), 2);
        verify_one_error_line(run_cli({"sample", "--no-such-option"}), 2);
        verify_one_error_line(run_cli({"frobnicate"}), 2);
    }

    void cuda_backend_without_support_exits_2_with_reason() {
        if (have_cuda_device()) QSKIP("a CUDA device is present");
        const CliResult r = run_cli({"sample", "--graph", "grid:4x4", "--backend", "cuda"});
        verify_one_error_line(r, 2);
        QVERIFY(r.err.contains("cuda"));
    }

    void auto_backend_falls_back_to_cpu_with_one_notice_line() {
        const QStringList args = {"sample", "--graph", "grid:12x10", "--lambda", "2",
                                  "--seed", "9",       "--sweeps",   "20",       "--json"};
        const CliResult cpu = run_cli(args + QStringList{"--backend", "cpu"});
        QCOMPARE(cpu.exit_code, 0);
        QVERIFY(cpu.err.isEmpty());
        const CliResult r = run_cli(args + QStringList{"--backend", "auto"});
        QCOMPARE(r.exit_code, 0);
        // Exact backends agree bit for bit, so the hash is the same whichever was picked.
        QCOMPARE(r.json()["final"].toObject()["state_hash"].toString(),
                 cpu.json()["final"].toObject()["state_hash"].toString());
        if (have_cuda_device()) {
            QCOMPARE(r.json()["backend"].toString(), QString("cuda"));
            return;
        }
        QCOMPARE(r.json()["backend"].toString(), QString("cpu"));
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.startsWith("notice: no CUDA device ("), r.err.constData());
        QVERIFY2(r.err.endsWith("); using cpu\n"), r.err.constData());
        // Dynamics without a CUDA version never probe, so they print nothing.
        const CliResult js = run_cli(
            {"sample", "--graph", "grid:4x4", "--dynamics", "jerrum-sinclair", "--sweeps", "2", "--json"});
        QCOMPARE(js.exit_code, 0);
        QVERIFY(js.err.isEmpty());
    }

    void sample_json_has_contract_fields() {
        const CliResult r = run_cli(
            {"sample", "--graph", "grid:8x8", "--lambda", "2", "--seed", "5", "--sweeps", "30", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        for (const char* key : {"graph", "lambda", "seed", "dynamics", "backend", "updates", "final",
                                "observables", "seconds"}) {
            QVERIFY2(o.contains(key), key);
        }
        QCOMPARE(o["dynamics"].toString(), QString("glauber"));
        QCOMPARE(o["backend"].toString(), QString(have_cuda_device() ? "cuda" : "cpu"));  // default: auto
        const int m = 2 * 8 * 7;
        QCOMPARE(o["updates"].toInteger(), qint64(m) * (30 + 3));  // default burn-in: a tenth of the sweeps
        const QJsonObject fin = o["final"].toObject();
        QCOMPARE(fin["monomers"].toInt(), 64 - 2 * fin["dimers"].toInt());
        QCOMPARE(fin["state_hash"].toString().size(), 16);
        const QJsonObject obs = o["observables"].toObject();
        QCOMPARE(obs["samples"].toInt(), 30);
        QVERIFY(obs["dimers_mean"].toDouble() > 0 && obs["dimers_mean"].toDouble() <= 32);
        QVERIFY(obs["dimers_var"].toDouble() >= 0);
        QVERIFY(!obs["imbalance_mean"].isNull());  // grid is a lattice family
        const QJsonObject k = run_cli({"sample", "--graph", "complete:6", "--sweeps", "3", "--json"}).json();
        QVERIFY(k["observables"].toObject()["imbalance_mean"].isNull());
    }

    // sample's parallel_depth comes from the sampler's own block totals; mix measures the same
    // blocks (empty start, one sweep each, same seed and λ) through measure_parallel_depth. The two
    // code paths must agree exactly; backends without rounds report null.
    void sample_reports_jacobi_rounds_as_mix_does() {
        const QJsonObject s =
            run_cli({"sample", "--graph", "grid:10x10", "--lambda", "2", "--seed", "4", "--backend",
                     "cpu-parallel", "--sweeps", "6", "--burn-in", "0", "--json"})
                .json();
        const QJsonObject depth = s["parallel_depth"].toObject();
        QCOMPARE(depth["blocks"].toInteger(), qint64(6));
        QCOMPARE(depth["block_updates"].toInteger(), qint64(180));
        const QJsonObject mix = run_cli({"mix", "--graph", "grid:10x10", "--lambda", "2", "--seed", "4",
                                         "--depth-blocks", "6", "--chains", "2", "--sweeps", "20", "--json"})
                                    .json()["parallel_depth"]
                                    .toObject();
        for (const char* key : {"rounds_mean", "rounds_max", "work_per_update", "bound", "max_degree"})
            QVERIFY2(depth[key].toDouble() == mix[key].toDouble() && depth[key].toDouble() > 0, key);
        QVERIFY(depth["rounds_max"].toDouble() >= depth["rounds_mean"].toDouble());
        const QJsonObject seq =
            run_cli({"sample", "--graph", "grid:10x10", "--backend", "cpu", "--sweeps", "2", "--json"})
                .json();
        QVERIFY(seq.contains("parallel_depth") && seq["parallel_depth"].isNull());
    }

    void same_seed_same_state_hash_and_other_seed_differs() {
        const QStringList base{"sample", "--graph",  "torus:16x16", "--lambda",
                               "1.5",    "--sweeps", "20",          "--json"};
        const QString h1 =
            run_cli(base + QStringList{"--seed", "11"}).json()["final"].toObject()["state_hash"].toString();
        const QString h2 =
            run_cli(base + QStringList{"--seed", "11"}).json()["final"].toObject()["state_hash"].toString();
        const QString h3 =
            run_cli(base + QStringList{"--seed", "12"}).json()["final"].toObject()["state_hash"].toString();
        QCOMPARE(h1.size(), 16);
        QCOMPARE(h1, h2);
        QVERIFY(h1 != h3);
        const QString js = run_cli(base + QStringList{"--seed", "11", "--dynamics", "jerrum-sinclair"})
                               .json()["final"]
                               .toObject()["state_hash"]
                               .toString();
        QVERIFY(js != h1);
    }

    void cpu_parallel_gives_the_same_state_hash_as_cpu() {
        const QStringList base{"sample", "--graph", "torus:16x16", "--lambda", "1.5",
                               "--seed", "11",      "--sweeps",    "20",       "--lambda-change",
                               "1000:4", "--start", "greedy",      "--json"};
        const QJsonObject cpu = run_cli(base + QStringList{"--backend", "cpu"}).json();
        QCOMPARE(cpu["final"].toObject()["state_hash"].toString().size(), 16);
        for (const char* block : {"1", "0.3", "2.5"}) {
            const CliResult par =
                run_cli(base + QStringList{"--backend", "cpu-parallel", "--block-sweeps", block});
            QCOMPARE(par.exit_code, 0);
            const QJsonObject o = par.json();
            QCOMPARE(o["backend"].toString(), QString("cpu-parallel"));
            QCOMPARE(o["final"].toObject()["state_hash"], cpu["final"].toObject()["state_hash"]);
            QCOMPARE(o["observables"].toObject()["dimers_mean"],
                     cpu["observables"].toObject()["dimers_mean"]);
        }
        verify_one_error_line(
            run_cli({"sample", "--graph", "grid:4x4", "--backend", "cpu-parallel", "--block-sweeps", "0"}),
            2);
        verify_one_error_line(run_cli({"sample", "--graph", "grid:4x4", "--backend", "cpu-parallel",
                                       "--dynamics", "jerrum-sinclair"}),
                              2);
    }

    void lambda_change_is_recorded_and_replays() {
        const QStringList base{"sample",   "--graph", "grid:10x10", "--lambda", "4",
                               "--sweeps", "40",      "--burn-in",  "0",        "--json"};
        const QStringList change{"--lambda-change", "3000:0.2"};
        const CliResult a = run_cli(base + change), b = run_cli(base + change), c = run_cli(base);
        QCOMPARE(a.exit_code, 0);
        QCOMPARE(a.json()["final"].toObject()["state_hash"], b.json()["final"].toObject()["state_hash"]);
        QVERIFY(a.json()["final"].toObject()["state_hash"] != c.json()["final"].toObject()["state_hash"]);
        const QJsonArray rec = a.json()["lambda_record"].toArray();
        QCOMPARE(rec.size(), 2);
        QCOMPARE(rec[1].toArray()[0].toInteger(), 3000);
        QCOMPARE(rec[1].toArray()[1].toDouble(), 0.2);
        // Fewer dimers at λ=0.2 than at λ=4 once the change has acted for most of the run.
        QVERIFY(a.json()["observables"].toObject()["dimers_mean"].toDouble() <
                c.json()["observables"].toObject()["dimers_mean"].toDouble());
    }

    void csv_has_header_and_one_row_per_sweep() {
        QTemporaryDir dir;
        const QString path = dir.filePath("series.csv");
        const CliResult r = run_cli(
            {"sample", "--graph", "grid:6x6", "--sweeps", "25", "--burn-in", "5", "--csv", path, "--json"});
        QCOMPARE(r.exit_code, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 30);
        QCOMPARE(lines[0], QByteArray("sweep,updates,lambda,dimers,monomers,covered_fraction,imbalance"));
        QCOMPARE(lines[30].split(',').size(), 7);
        QCOMPARE(lines[30].split(',')[1].toLongLong(), 30LL * 60);
        // The last row's dimers equal the final state's.
        QCOMPARE(lines[30].split(',')[3].toInt(), r.json()["final"].toObject()["dimers"].toInt());
    }

    void unwritable_csv_exits_2_and_leaves_nothing() {
        QTemporaryDir dir;
        const QString missing_dir = dir.filePath("no/such/dir/series.csv");
        verify_one_error_line(
            run_cli({"sample", "--graph", "grid:4x4", "--sweeps", "2", "--csv", missing_dir}), 2);
        QVERIFY(!QFile::exists(missing_dir));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
                 0);
    }

    // docs/algorithms.md §7.3: covered fraction 0.6381231 at λ=1 on Z^2 (Kong). A torus has no boundary, so
    // finite-size corrections at L=64 are far below the tolerance. Tolerance 0.003 is about 7
    // standard errors of a 2000-sweep mean (per-sweep sd ~0.009, τ_int of |M| ~1.4 sweeps).
    void torus_covered_fraction_matches_square_lattice_constant() {
        const CliResult r =
            run_cli({"sample", "--graph", "torus:64x64", "--lambda", "1", "--sweeps", "2000", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject obs = r.json()["observables"].toObject();
        const double covered = 2.0 * obs["dimers_mean"].toDouble() / (64 * 64);
        QVERIFY2(std::abs(covered - 0.6381231) < 0.003, qPrintable(QString::number(covered, 'f', 6)));
        QVERIFY(std::abs(obs["covered_fraction_mean"].toDouble() - covered) < 1e-12);
    }

    void bench_reports_ratio_and_agreeing_loops() {
        const CliResult r = run_cli({"bench", "--graph", "torus:16x16", "--sweeps", "20", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject run = r.json()["runs"].toArray()[0].toObject();
        QCOMPARE(run["same_final_state"].toBool(), true);
        QVERIFY(run["ratio"].toDouble() > 0);
    }

    // A graph file the reader accepts with a change: one notice line on stderr, the JSON intact.
    void graph_file_notice_goes_to_stderr() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("repeat.col");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\xEF\xBB\xBFp edge 3 4\re 1 2\re 2 3\re 2 1\re 1 2\r");  // BOM, old-Mac line ends
        f.close();
        const QByteArray notice =
            ("notice: " + path + ": dropped 1 repeated edge line (line 5 repeats line 2)\n").toUtf8();
        const CliResult g = run_cli({"graph", "--graph", "file:" + path, "--json"});
        QCOMPARE(g.exit_code, 0);
        QCOMPARE(g.err, notice);
        QCOMPARE(g.out.count('\n'), 1);
        QCOMPARE(g.json()["n"].toInt(), 3);
        QCOMPARE(g.json()["m"].toInt(), 2);
        const CliResult s = run_cli({"sample", "--graph", "file:" + path, "--sweeps", "1", "--json"});
        QCOMPARE(s.exit_code, 0);
        QVERIFY2(s.err.startsWith(notice), s.err.constData());
        QCOMPARE(s.out.count('\n'), 1);
    }

    void sparse_edge_list_is_refused_and_relabel_reads_it() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("sparse.txt");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 50000000\n");
        f.close();
        const CliResult refused = run_cli({"graph", "--graph", "file:" + path, "--json"});
        verify_one_error_line(refused, 2);
        QCOMPARE(refused.err,
                 ("error: " + path + ": the largest id, 50000000, makes 50000001 vertices, and 49999999 of " +
                  "them (99.9%) are in no edge; use the spec file:" + path +
                  ",relabel to number the ids in order of first appearance\n")
                     .toUtf8());
        const CliResult relabelled = run_cli({"graph", "--graph", "file:" + path + ",relabel", "--json"});
        QCOMPARE(relabelled.exit_code, 0);
        QVERIFY(relabelled.err.isEmpty());
        QCOMPARE(relabelled.json()["spec"].toString(), "file:" + path + ",relabel");
        QCOMPARE(relabelled.json()["n"].toInt(), 2);
        QCOMPARE(relabelled.json()["m"].toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
