// dimerlab-cli count --exact: fields, exit codes and the time it takes on grid:12x12.
#include <gmpxx.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "cli_runner.hpp"

class TestCountCli : public QObject {
    Q_OBJECT
  private slots:
    void exact_json_has_every_field_with_exact_values() {
        const CliResult r = run_cli({"count", "--graph", "grid:3x3", "--lambda", "2.5", "--exact", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["graph"].toString(), QString("grid:3x3"));
        QCOMPARE(o["lambda"].toDouble(), 2.5);
        QCOMPARE(o["method"].toString(), QString("frontier"));
        QStringList coefficients;
        for (const QJsonValue& v : o["coefficients"].toArray()) coefficients << v.toString();
        QCOMPARE(coefficients.join(','), QString("1,12,44,56,18"));
        QCOMPARE(o["z"].toString(), QString("1884.125"));
        QVERIFY(std::abs(o["log_z"].toDouble() - std::log(1884.125)) < 1e-12);
        QVERIFY(std::abs(o["log_z_per_vertex"].toDouble() - std::log(1884.125) / 9) < 1e-12);
        const double z = 1884.125;
        const double mean = (12 * 2.5 + 2 * 44 * 6.25 + 3 * 56 * 15.625 + 4 * 18 * 39.0625) / z;
        QVERIFY(std::abs(o["mean_dimers"].toDouble() - mean) < 1e-12);
        QVERIFY(o["var_dimers"].toDouble() > 0 && o["var_dimers"].toDouble() <= mean);
        QVERIFY(o.contains("seconds"));
        QVERIFY(r.err.isEmpty());
    }

    void zeros_flag_gives_the_real_zeros_and_the_figure() {
        // C4: Z = 1 + 4λ + 2λ², zeros −1 ± √2/2; Δ = 2, so the bound is −1/4.
        QTemporaryDir dir;
        const QString svg = dir.filePath("zeros.svg");
        const CliResult r =
            run_cli({"count", "--graph", "cycle:4", "--exact", "--zeros", "--zeros-svg", svg, "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonArray zeros = r.json()["zeros"].toArray();
        QCOMPARE(zeros.size(), 2);
        QVERIFY(std::abs(zeros[0].toDouble() - (-1 + std::sqrt(0.5))) < 1e-14);
        QVERIFY(std::abs(zeros[1].toDouble() - (-1 - std::sqrt(0.5))) < 1e-14);
        QCOMPARE(r.json()["zeros_bound"].toDouble(), -0.25);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray body = file.readAll();
        QVERIFY(body.startsWith("<?xml") && body.contains("</svg>") && body.contains("2 zeros"));
        // The zeros come from the exact polynomial only; a bad path leaves nothing behind.
        QCOMPARE(run_cli({"count", "--graph", "cycle:4", "--zeros"}).exit_code, 2);
        QCOMPARE(run_cli({"count", "--graph", "cycle:4", "--exact", "--zeros-svg", dir.filePath("z.png")})
                     .exit_code,
                 2);
        QCOMPARE(run_cli({"count", "--graph", "cycle:4", "--exact", "--zeros-svg", dir.filePath("no/z.svg")})
                     .exit_code,
                 2);
        QVERIFY(!QFile::exists(dir.filePath("no/z.svg")));
    }

    void grid_12x12_is_exact_within_seconds() {
        const CliResult r =
            run_cli({"count", "--graph", "grid:12x12", "--lambda", "1", "--exact", "--json"}, 60000);
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QVERIFY2(o["seconds"].toDouble() < 10, qPrintable(QString::number(o["seconds"].toDouble())));
        const QJsonArray c = o["coefficients"].toArray();
        QCOMPARE(c.size(), 73);
        QCOMPARE(c[1].toString(), QString("264"));
        QCOMPARE(c[72].toString(), QString("53060477521960000"));  // domino tilings of 12x12 (A004003)
        // At λ = 1, Z is the total number of matchings: ln Z/n ≈ h₂ − 0.33/L (docs/algorithms.md §7.2).
        QVERIFY(std::abs(o["log_z_per_vertex"].toDouble() - (0.662798972834 - 0.3317 / 12)) < 2e-4);
    }

    void marginals_flag_adds_vertex_and_edge_arrays() {
        const CliResult r =
            run_cli({"count", "--graph", "grid:8x8", "--lambda", "1", "--exact", "--marginals", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject m = r.json()["marginals"].toObject();
        QCOMPARE(m["vertex_unmatched"].toArray().size(), 64);
        QCOMPARE(m["edge_occupied"].toArray().size(), 112);
        QVERIFY(std::abs(m["vertex_unmatched"].toArray()[0].toDouble() - 0.4886191382) < 1e-9);
    }

    void bad_lambda_exits_two_with_one_error_line() {
        for (const char* lambda : {"0", "-1", "abc", "1e", "nan"}) {
            const CliResult r =
                run_cli({"count", "--graph", "grid:3x3", "--lambda", lambda, "--exact", "--json"});
            QCOMPARE(r.exit_code, 2);
            QVERIFY2(r.err.startsWith("error:") && r.err.count('\n') == 1, r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
        const CliResult neither = run_cli({"count", "--graph", "grid:3x3", "--lambda", "1"});
        QCOMPARE(neither.exit_code, 2);
    }

    void infeasible_exact_request_exits_three_and_suggests_epsilon() {
        const CliResult r =
            run_cli({"count", "--graph", "grid:40x40", "--lambda", "1", "--exact", "--json"}, 60000);
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(r.err.startsWith("error:") && r.err.contains("--epsilon") && r.err.contains("2^"),
                 r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        // With --json the refusal is still one object on stdout, with the size estimate.
        QCOMPARE(r.out.count('\n'), 1);
        const QJsonObject o = r.json();
        QCOMPARE(o["graph"].toString(), QString("grid:40x40"));
        QCOMPARE(o["refused"].toBool(), true);
        QCOMPARE("error: " + o["error"].toString() + "\n", QString::fromUtf8(r.err));
        const QJsonObject estimate = o["estimate"].toObject();
        QCOMPARE(estimate["method"].toString(), QString("frontier"));
        QVERIFY(estimate["log2_states"].toDouble() >= 40);
        QVERIFY2(
            r.err.contains("2^" + QByteArray::number(estimate["log2_states"].toInt()) + " frontier states"),
            r.out.constData());
        QVERIFY(estimate["bytes"].toDouble() > 1e9);
        const CliResult plain =
            run_cli({"count", "--graph", "grid:40x40", "--lambda", "1", "--exact"}, 60000);
        QCOMPARE(plain.exit_code, 3);
        QVERIFY(plain.out.isEmpty());
    }

    // Beyond the frontier DP's reach, a drawn planar bipartite graph is counted by Kasteleyn's
    // determinant: aztec:30 (the DP would hold 2^32 states) has 2^465 tilings, exactly; a
    // region without a tiling exits 3 with the reason.
    void count_at_infinity_uses_kasteleyn_beyond_the_frontier() {
        const CliResult r =
            run_cli({"count", "--graph", "aztec:30", "--lambda", "inf", "--exact", "--json"}, 60000);
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        // Reduced to the staggered brick wall's 30 paths.
        QCOMPARE(o["method"].toString(), QString("kasteleyn-path-reduction-crt"));
        QCOMPARE(o["kasteleyn"].toObject()["paths"].toInt(), 30);
        mpz_class expected;
        mpz_ui_pow_ui(expected.get_mpz_t(), 2, 465);
        QCOMPARE(o["perfect_matchings"].toString().toStdString(), expected.get_str());
        QVERIFY(std::abs(o["log_perfect_matchings"].toDouble() - 465 * std::log(2.0)) < 1e-9);
        QCOMPARE(o["kasteleyn"].toObject()["matrix_size"].toInt(), 930);
        const CliResult small =
            run_cli({"count", "--graph", "aztec:4", "--lambda", "inf", "--exact", "--json"});
        QCOMPARE(small.json()["method"].toString(), QString("frontier"));
        const CliResult none =
            run_cli({"count", "--graph", "grid:31x31", "--lambda", "inf", "--exact"}, 60000);
        QCOMPARE(none.exit_code, 3);
        QVERIFY2(none.err.startsWith("error:") && none.err.contains("no perfect matching"),
                 none.err.constData());
    }

    void weighted_file_counts_with_exact_rational_coefficients() {
        // The 4-cycle 0-1-2-3 with weights 1/2, 3/2, 2, 1/10: c_1 = Σ w = 41/10, c_2 = the two perfect
        // matchings, (1/2)(2) + (3/2)(1/10) = 23/20. At λ = 2: Z = 1 + 41/5 + 23/5 = 69/5.
        QTemporaryDir dir;
        const QString path = dir.filePath("c4.txt");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 1 0.5\n1 2 1.5\n2 3 2\n3 0 0.1\n");
        f.close();
        const QString spec = "file:" + path + ",weighted";
        const CliResult r = run_cli({"count", "--graph", spec, "--lambda", "2", "--exact", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QStringList coefficients;
        for (const QJsonValue& v : o["coefficients"].toArray()) coefficients << v.toString();
        QCOMPARE(coefficients.join(','), QString("1,41/10,23/20"));
        QCOMPARE(o["z_exact"].toString(), QString("69/5"));
        QCOMPARE(o["z"].toString(), QString("13.8"));
        QVERIFY(std::abs(o["log_z"].toDouble() - std::log(13.8)) < 1e-12);
        QVERIFY(std::abs(o["coefficients_decimal"].toArray()[1].toDouble() - 4.1) < 1e-15);

        const CliResult inf = run_cli({"count", "--graph", spec, "--lambda", "inf", "--exact", "--json"});
        QCOMPARE(inf.exit_code, 0);
        QCOMPARE(inf.json()["perfect_matchings_weighted"].toString(), QString("23/20"));

        // The same file without ,weighted: the unweighted count, and a notice that weights were ignored.
        const CliResult plain =
            run_cli({"count", "--graph", "file:" + path, "--lambda", "2", "--exact", "--json"});
        QCOMPARE(plain.exit_code, 0);
        QCOMPARE(plain.json()["z"].toString(), QString("17"));
        QVERIFY2(plain.err.contains("ignored") && plain.err.contains(",weighted"), plain.err.constData());

        // A weighted file with a bad weight: one error line naming the line, exit 2.
        const QString bad = dir.filePath("bad.txt");
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("0 1 0.5\n1 2 -3\n");
        b.close();
        const CliResult refused = run_cli({"count", "--graph", "file:" + bad + ",weighted", "--exact"});
        QCOMPARE(refused.exit_code, 2);
        QVERIFY2(refused.err.startsWith("error:") && refused.err.contains("bad.txt:2:") &&
                     refused.err.count('\n') == 1,
                 refused.err.constData());
        // The estimator's default method takes the weights: its interval (95%, seed 1) holds ln 13.8.
        const CliResult estimate =
            run_cli({"count", "--graph", spec, "--lambda", "2", "--epsilon", "0.05", "--json"});
        QCOMPARE(estimate.exit_code, 0);
        const QJsonObject e = QJsonDocument::fromJson(estimate.out).object();
        const QJsonArray ci = e["ci"].toArray();
        QVERIFY2(ci.size() == 2 && ci[0].toDouble() <= std::log(13.8) && std::log(13.8) <= ci[1].toDouble(),
                 estimate.out.constData());
        // The paired-product method refuses them rather
        // than answer for the unweighted model.
        const CliResult refused_method =
            run_cli({"count", "--graph", spec, "--epsilon", "0.1", "--method", "tpa-paired-product"});
        QCOMPARE(refused_method.exit_code, 2);
        QVERIFY2(refused_method.err.contains("edge weights"), refused_method.err.constData());
    }

    void readable_summary_without_json() {
        const CliResult r = run_cli({"count", "--graph", "cycle:6", "--lambda", "0.5", "--exact"});
        QCOMPARE(r.exit_code, 0);
        // Z(C_6, 1/2) = 1 + 6/2 + 9/4 + 2/8, printed exactly.
        QVERIFY2(r.out.contains("closed-form:cycle") && r.out.contains("Z = 6.5\n"), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCountCli)
#include "test_count_cli.moc"
