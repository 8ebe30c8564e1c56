// dimerlab-cli mix against its contract (docs/architecture.md §7): fields, exact values on tiny graphs,
// exit 3 with the state count when --exact is too large, exit 2 on bad input.
#include <QJsonArray>
#include <QtTest>
#include <cmath>

#include "cli_runner.hpp"

class TestMixCli : public QObject {
    Q_OBJECT
  private:
    static void verify_one_error_line(const CliResult& r, int expected_exit) {
        QCOMPARE(r.exit_code, expected_exit);
        QVERIFY2(r.err.startsWith("error: "), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }

  private slots:
    void lattice_run_has_contract_fields() {
        const CliResult r = run_cli({"mix", "--graph", "grid:8x8", "--lambda", "0.5", "--sweeps", "400",
                                     "--seed", "3", "--coalescence", "10", "--json"});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.out.count('\n'), 1);
        const QJsonObject o = r.json();
        const QJsonObject tau = o["tau_int"].toObject();
        for (const char* obs : {"dimers", "monomers", "imbalance"}) {
            const QJsonObject t = tau[obs].toObject();
            QVERIFY2(t["value"].toDouble() > 0.3 && t["value"].toDouble() < 50, obs);
            QVERIFY2(t["stderr"].toDouble() > 0, obs);
            const QJsonObject e = o["ess"].toObject()[obs].toObject();
            QVERIFY2(e["sokal"].toDouble() > 0 && e["bulk"].toDouble() > 0 && e["tail"].toDouble() > 0, obs);
        }
        // K N / τ: ESS is counted over all four chains.
        QVERIFY(std::abs(o["ess"].toObject()["dimers"].toObject()["sokal"].toDouble() *
                             tau["dimers"].toObject()["value"].toDouble() -
                         4 * 400) < 1e-6);
        const QJsonObject rhat = o["rhat"].toObject();
        QVERIFY(rhat["bulk"].toDouble() > 0.98 && rhat["bulk"].toDouble() < 1.05);
        QVERIFY(rhat["folded"].toDouble() > 0.98 && rhat["folded"].toDouble() < 1.05);
        const QJsonObject co = o["coalescence"].toObject();
        QCOMPARE(co["runs"].toInt(), 10);
        QCOMPARE(co["completed"].toInt() + co["not_coalesced"].toInt(), 10);
        QVERIFY(co["median"].toDouble() > 0);
        QVERIFY(co.contains("q90"));
        QVERIFY(co["note"].toString().contains("NOT a bound"));
        QCOMPARE(o["starts"].toArray().size(), 4);
        QVERIFY(!o.contains("states"));  // only with --exact
    }

    void exact_c4_matches_closed_form_and_table() {
        const CliResult r = run_cli({"mix", "--graph", "cycle:4", "--exact", "--sweeps", "100", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["states"].toInt(), 7);
        QVERIFY(std::abs(o["spectral_gap"].toDouble() - (2 - std::sqrt(2.0)) / 8) < 1e-12);
        QVERIFY(std::abs(o["relaxation_time"].toDouble() * o["spectral_gap"].toDouble() - 1) < 1e-12);
        QCOMPARE(o["tmix_quarter"].toInt(), 12);
        const QJsonArray curve = o["tv_curve"].toArray();
        QVERIFY(curve.size() > 12);
        QCOMPARE(curve[0].toArray()[0].toInt(), 0);
        QVERIFY(std::abs(curve[0].toArray()[1].toDouble() - (1 - 1.0 / 7)) < 1e-12);  // π uniform at λ = 1
        QVERIFY(curve[12].toArray()[1].toDouble() <= 0.25);
        QVERIFY(curve[11].toArray()[1].toDouble() > 0.25);
        QVERIFY(!o.contains("imbalance") && !o["tau_int"].toObject().contains("imbalance"));
    }

    void exact_jerrum_sinclair_k4() {
        const CliResult r = run_cli({"mix", "--graph", "complete:4", "--lambda", "4", "--dynamics",
                                     "jerrum-sinclair", "--exact", "--sweeps", "50", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["states"].toInt(), 10);
        QVERIFY(std::abs(o["spectral_gap"].toDouble() - 0.035560) < 1e-6);
        QCOMPARE(o["tmix_quarter"].toInt(), 29);
        QVERIFY(o["coalescence"].isNull());  // bounding chain is Glauber-only
    }

    // grid:5x5 has 2810694 matchings (OEIS A028420), over the 12000 limit.
    void too_large_for_exact_exits_3_with_state_count() {
        const CliResult r = run_cli({"mix", "--graph", "grid:5x5", "--exact", "--json"});
        verify_one_error_line(r, 3);
        QVERIFY2(r.err.contains("2810694"), r.err.constData());
        const CliResult big = run_cli({"mix", "--exact", "--json"});  // default grid:16x16
        verify_one_error_line(big, 3);
        QVERIFY2(big.err.contains("matchings"), big.err.constData());
    }

    // Edge indicator, parallel depth and empirical TV (docs/algorithms.md §6.1, §6.6, §6.4).
    void edge_depth_and_empirical_sections() {
        const CliResult r = run_cli({"mix", "--graph", "grid:3x3", "--lambda", "2", "--sweeps", "200",
                                     "--exact", "--empirical-chains", "2000", "--edge", "5", "--depth-blocks",
                                     "4", "--threads", "1", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["edge"].toObject()["id"].toInt(), 5);
        const QJsonObject tau_edge = o["tau_int"].toObject()["edge"].toObject();
        QVERIFY(tau_edge["value"].toDouble() > 0.3 && tau_edge["stderr"].toDouble() > 0);
        QVERIFY(o["ess"].toObject()["edge"].toObject()["sokal"].toDouble() > 0);
        const QJsonObject depth = o["parallel_depth"].toObject();
        QCOMPARE(depth["blocks"].toInt(), 4);
        QCOMPARE(depth["block_updates"].toInt(), 12);
        QCOMPARE(depth["oracle_mismatches"].toInt(), 0);
        QCOMPARE(depth["rounds_mean"].toDouble(), depth["oracle_depth_mean"].toDouble());
        QVERIFY(depth["rounds_max"].toInt() <= 12);
        QVERIFY(std::abs(depth["bound"].toDouble() - std::cbrt(12.0)) < 1e-12);  // min{4, 12^(1/3), 3}
        QCOMPARE(o["states"].toInt(), 131);
        QCOMPARE(o["tv_curve_method"].toString(), QString("all-starts-dense"));
        const QJsonArray emp = o["tv_empirical"].toArray();
        QVERIFY(emp.size() >= 3);
        const QJsonObject detail = o["empirical_tv"].toObject();
        QCOMPARE(detail["chains"].toInt(), 2000);
        QVERIFY(detail["within_tolerance"].toBool());
        for (const QJsonValue& p : detail["points"].toArray()) {
            const QJsonObject q = p.toObject();
            QVERIFY(std::abs(q["tv_empirical"].toDouble() - q["tv_exact"].toDouble()) <=
                    q["tolerance"].toDouble());
        }
        // The default edge is central; jerrum-sinclair has no parallel-depth section.
        const CliResult js = run_cli(
            {"mix", "--graph", "grid:3x3", "--dynamics", "jerrum-sinclair", "--sweeps", "50", "--json"});
        QCOMPARE(js.exit_code, 0);
        QVERIFY(js.json()["parallel_depth"].isNull());
        const QJsonObject e = js.json()["edge"].toObject();
        QVERIFY(e["u"].toInt() == 4 || e["v"].toInt() == 4);  // the centre vertex of the 3x3 grid
    }

    void defaults_work_without_arguments() {
        const CliResult r = run_cli({"mix", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["graph"].toString(), QString("grid:16x16"));
        QCOMPARE(o["chains"].toInt(), 4);
        QCOMPARE(o["sweeps"].toInt(), 1000);
        QVERIFY(o["tau_int"].toObject().contains("imbalance"));
    }

    void bad_input_gives_one_error_line_and_exit_2() {
        verify_one_error_line(run_cli({"mix", "--lambda", "0"}), 2);
        verify_one_error_line(run_cli({"mix", "--dynamics", "chromatic"}), 2);
        verify_one_error_line(run_cli({"mix", "--chains", "1"}), 2);
        verify_one_error_line(run_cli({"mix", "--sweeps", "3"}), 2);
        verify_one_error_line(run_cli({"mix", "--graph", "path:1"}), 2);
        verify_one_error_line(run_cli({"mix", "--graph", "nosuch:3"}), 2);
        // Runs the panels' table says have nothing to mix are refused in its words.
        const CliResult exact =
            run_cli({"mix", "--graph", "aztec:4", "--dynamics", "shuffle", "--lambda", "inf"});
        verify_one_error_line(exact, 2);
        QVERIFY2(exact.err.contains("nothing to mix"), exact.err.constData());
        const CliResult frozen = run_cli({"mix", "--graph", "aztec:4", "--lambda", "inf"});
        verify_one_error_line(frozen, 2);
        QVERIFY2(frozen.err.contains("cannot move a perfect matching"), frozen.err.constData());
        verify_one_error_line(run_cli({"mix", "--sweeps", "abc"}), 2);
        verify_one_error_line(run_cli({"mix", "--graph", "grid:3x3", "--edge", "12"}), 2);  // ids 0..11
        verify_one_error_line(run_cli({"mix", "--graph", "grid:3x3", "--edge", "-1"}), 2);
        verify_one_error_line(run_cli({"mix", "--graph", "grid:3x3", "--empirical-chains", "10"}), 2);
        verify_one_error_line(run_cli({"mix", "--backend", "gpu"}), 2);
        verify_one_error_line(run_cli({"mix", "--backend", "cuda", "--dynamics", "jerrum-sinclair"}), 2);
    }

    // --backend picks what runs the glauber ensemble; every backend runs the same chains, so the
    // statistics are equal to the last digit. Without a device, auto says so on stderr and runs
    // cpu, and cuda is refused (exit 2), as for `sample`.
    void backends_give_identical_statistics() {
        const QStringList args{"mix", "--graph", "torus:6x6", "--lambda",      "0.7", "--sweeps",
                               "200", "--seed",  "4",         "--coalescence", "0",   "--depth-blocks",
                               "0",   "--json"};
        const CliResult cpu = run_cli(args + QStringList{"--backend", "cpu"});
        QCOMPARE(cpu.exit_code, 0);
        QCOMPARE(cpu.json()["backend"].toString(), QString("cpu"));
        QVERIFY2(cpu.err.isEmpty(), cpu.err.constData());
        const CliResult def = run_cli(args);
        QCOMPARE(def.json()["backend"].toString(), QString("cpu"));  // the default
        const CliResult aut = run_cli(args + QStringList{"--backend", "auto"});
        QCOMPARE(aut.exit_code, 0);
        const QString backend = aut.json()["backend"].toString();
        const CliResult cuda = run_cli(args + QStringList{"--backend", "cuda"});
        if (backend == "cpu") {
            QVERIFY2(aut.err.startsWith("notice: no CUDA device"), aut.err.constData());
            QCOMPARE(aut.err.count('\n'), 1);
            verify_one_error_line(cuda, 2);
            QVERIFY2(cuda.err.contains("backend 'cuda' requested"), cuda.err.constData());
        } else {
            QCOMPARE(backend, QString("cuda"));
            QCOMPARE(cuda.exit_code, 0);
            QCOMPARE(cuda.json()["backend"].toString(), QString("cuda"));
            QCOMPARE(cuda.json()["rhat"], cpu.json()["rhat"]);
        }
        for (const CliResult* r : {&def, &aut}) {
            for (const char* key : {"rhat", "tau_int", "ess", "starts"})
                QVERIFY2(r->json()[key] == cpu.json()[key], key);
        }
    }
};

QTEST_APPLESS_MAIN(TestMixCli)
#include "test_mix_cli.moc"
