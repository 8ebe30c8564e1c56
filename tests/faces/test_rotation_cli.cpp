// dimerlab-cli with the face-rotation dynamics: sample runs and replays them, refuses graphs
// without faces (exit 2, one error line), and mix --exact analyses glauber+rotation with a
// stochastic, reversible matrix whose gap exceeds plain Glauber's (same graph and λ).
#include <QtTest>

#include "cli_runner.hpp"

class TestRotationCli : public QObject {
    Q_OBJECT
  private slots:
    void sample_runs_and_replays_rotation_dynamics() {
        for (const char* d : {"rotation", "glauber+rotation"}) {
            const QStringList args{"sample", "--graph", "grid:6x6", "--lambda", "8",  "--dynamics",
                                   d,        "--start", "maximum",  "--sweeps", "50", "--json"};
            const CliResult a = run_cli(args), b = run_cli(args);
            QCOMPARE(a.exit_code, 0);
            QCOMPARE(a.json()["dynamics"].toString(), QString(d));
            QCOMPARE(a.json()["final"].toObject()["state_hash"], b.json()["final"].toObject()["state_hash"]);
            if (QString(d) == "rotation") QCOMPARE(a.json()["final"].toObject()["monomers"].toInt(), 0);
        }
        const CliResult p =
            run_cli({"sample", "--graph", "hex:9x6", "--lambda", "1", "--dynamics", "rotation", "--backend",
                     "cpu-parallel", "--start", "maximum", "--sweeps", "20", "--json"});
        QCOMPARE(p.exit_code, 0);
        QCOMPARE(p.json()["backend"].toString(), QString("cpu-parallel"));
    }

    void graphs_without_faces_are_refused() {
        const CliResult r =
            run_cli({"sample", "--graph", "complete:5", "--lambda", "1", "--dynamics", "rotation", "--json"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error:") && r.err.contains("no faces") && r.err.count('\n') == 1, r.err);
        QVERIFY(r.out.isEmpty());
        const CliResult m = run_cli({"mix", "--graph", "grid:3x3", "--dynamics", "rotation", "--exact"});
        QCOMPARE(m.exit_code, 2);
        QVERIFY2(m.err.startsWith("error:") && m.err.contains("glauber+rotation"), m.err);
    }

    void cftp_samples_report_coalescence_and_respect_the_cap() {
        const QStringList args{"sample", "--graph", "aztec:6", "--dynamics", "cftp", "--seed", "3", "--json"};
        const CliResult a = run_cli(args), b = run_cli(args);
        QCOMPARE(a.exit_code, 0);
        const QJsonObject j = a.json();
        QCOMPARE(j["dynamics"].toString(), QString("cftp"));
        QCOMPARE(j["final"].toObject()["monomers"].toInt(), 0);
        QVERIFY(j["coalescence_updates"].toDouble() > 0);
        QCOMPARE(j["final"].toObject()["state_hash"], b.json()["final"].toObject()["state_hash"]);
        const CliResult capped =
            run_cli({"sample", "--graph", "aztec:6", "--dynamics", "cftp", "--max-sweeps", "1"});
        QCOMPARE(capped.exit_code, 3);
        QVERIFY2(capped.err.startsWith("error:") && capped.err.contains("--max-sweeps 1"), capped.err);
        const CliResult odd = run_cli({"sample", "--graph", "grid:3x3", "--dynamics", "cftp"});
        QCOMPARE(odd.exit_code, 3);
        QVERIFY2(odd.err.contains("no perfect matching"), odd.err);
    }

    // cftp goes through the Dynamics enum: lozenge regions work, λ defaults to ∞ and a finite one is
    // refused; --start exact gives rotation a uniform perfect matching to start from.
    void cftp_runs_on_hexagons_at_lambda_inf_only() {
        const CliResult h =
            run_cli({"sample", "--graph", "hexagon:4,3,5", "--dynamics", "cftp", "--seed", "2", "--json"});
        QCOMPARE(h.exit_code, 0);
        QVERIFY(h.json()["coalescence_sweeps"].toDouble() >= 1);
        QCOMPARE(h.json()["final"].toObject()["monomers"].toInt(), 0);
        const CliResult inf = run_cli({"sample", "--graph", "hexagon:4,3,5", "--dynamics", "cftp", "--seed",
                                       "2", "--lambda", "inf", "--json"});
        QCOMPARE(inf.json()["final"].toObject()["state_hash"], h.json()["final"].toObject()["state_hash"]);
        const CliResult finite =
            run_cli({"sample", "--graph", "aztec:4", "--dynamics", "cftp", "--lambda", "2"});
        QCOMPARE(finite.exit_code, 2);
        QVERIFY2(finite.err.startsWith("error:") && finite.err.contains("--lambda inf"), finite.err);
        const CliResult start =
            run_cli({"sample", "--graph", "hexagon:5,5,5", "--lambda", "inf", "--dynamics", "rotation",
                     "--start", "exact", "--sweeps", "5", "--json"});
        QCOMPARE(start.exit_code, 0);
        QCOMPARE(start.json()["final"].toObject()["monomers"].toInt(), 0);
        const CliResult bad = run_cli({"sample", "--graph", "complete:6", "--start", "exact"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("aztec") && bad.err.contains("hexagon"), bad.err);
    }

    void mix_exact_accepts_glauber_rotation() {
        double gaps[2] = {0, 0};
        int k = 0;
        for (const char* d : {"glauber", "glauber+rotation"}) {
            const CliResult r =
                run_cli({"mix", "--graph", "grid:2x3", "--lambda", "20", "--dynamics", d, "--exact",
                         "--chains", "4", "--sweeps", "100", "--coalescence", "0", "--json"});
            QCOMPARE(r.exit_code, 0);
            const QJsonObject j = r.json();
            QCOMPARE(j["dynamics"].toString(), QString(d));
            QCOMPARE(j["states"].toInt(), 22);  // matchings of the 2x3 grid
            const QJsonObject checks = j["exact_checks"].toObject();
            QVERIFY(checks["max_row_sum_error"].toDouble() < 1e-12);
            QVERIFY(checks["max_detailed_balance_error"].toDouble() < 1e-12);
            gaps[k++] = j["spectral_gap"].toDouble();
        }
        // Rotations add moves at constant |M|: at λ = 20 the gap grows several-fold (6.6x).
        QVERIFY2(gaps[1] > 3 * gaps[0], qPrintable(QString("%1 vs %2").arg(gaps[1]).arg(gaps[0])));
    }
};

QTEST_APPLESS_MAIN(TestRotationCli)
#include "test_rotation_cli.moc"
