// The command line at λ = ∞: `sample --lambda inf --dynamics shuffle`, its refusals and exit codes,
// and `count --exact --lambda inf` (the number of perfect matchings).
#include <QFile>
#include <QJsonArray>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "cli_runner.hpp"

namespace {

// The CLI contract: a failing run writes exactly one stderr line, starting "error:".
bool one_error_line_with(const CliResult& r, const char* part) {
    const QByteArray err = r.err.trimmed();
    return err.startsWith("error:") && !err.contains('\n') && err.contains(part);
}

}  // namespace

class TestTilingsCli : public QObject {
    Q_OBJECT
  private slots:
    void shuffle_sample_is_a_perfect_matching_and_replays() {
        const QStringList args = {"sample",     "--graph", "aztec:20", "--lambda", "inf",
                                  "--dynamics", "shuffle", "--seed",   "7",        "--json"};
        const CliResult r = run_cli(args);
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["lambda"].toString(), QString("inf"));
        QCOMPARE(o["dynamics"].toString(), QString("shuffle"));
        QCOMPARE(o["sweeps"].toInt(), 1);
        QCOMPARE(o["burn_in"].toInt(), 0);
        QCOMPARE(o["updates"].toInt(), 1);
        QCOMPARE(o["final"].toObject()["dimers"].toInt(), 420);  // 2N(N+1)/2
        QCOMPARE(o["final"].toObject()["monomers"].toInt(), 0);
        const QString hash = o["final"].toObject()["state_hash"].toString();
        QCOMPARE(run_cli(args).json()["final"].toObject()["state_hash"].toString(), hash);
        QStringList other = args;
        other[other.indexOf("7")] = "8";
        QVERIFY(run_cli(other).json()["final"].toObject()["state_hash"].toString() != hash);
    }

    void several_sweeps_are_independent_samples() {
        const CliResult r = run_cli({"sample", "--graph", "aztec:6", "--lambda", "inf", "--dynamics",
                                     "shuffle", "--sweeps", "5", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["updates"].toInt(), 5);
        QCOMPARE(o["observables"].toObject()["samples"].toInt(), 5);
        QCOMPARE(o["observables"].toObject()["dimers_mean"].toDouble(), 42.0);
    }

    void no_perfect_matching_exits_3_naming_the_maximum() {
        const CliResult r = run_cli({"sample", "--graph", "grid:3x3", "--lambda", "inf", "--json"});
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(one_error_line_with(r, "maximum matching has 4 dimers"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void refusals_exit_2_with_one_line() {
        const CliResult glauber = run_cli({"sample", "--graph", "grid:4x4", "--lambda", "inf"});
        QCOMPARE(glauber.exit_code, 2);
        QVERIFY2(one_error_line_with(glauber, "--dynamics shuffle"), glauber.err.constData());
        const CliResult grid =
            run_cli({"sample", "--graph", "grid:4x4", "--lambda", "inf", "--dynamics", "shuffle"});
        QCOMPARE(grid.exit_code, 2);
        QVERIFY2(one_error_line_with(grid, "aztec:N"), grid.err.constData());
        const CliResult finite =
            run_cli({"sample", "--graph", "aztec:4", "--lambda", "2", "--dynamics", "shuffle"});
        QCOMPARE(finite.exit_code, 2);
        QVERIFY2(one_error_line_with(finite, "--lambda inf"), finite.err.constData());
        const CliResult bad = run_cli({"sample", "--graph", "aztec:4", "--lambda", "infinite"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(one_error_line_with(bad, "'inf'"), bad.err.constData());
    }

    void count_exact_at_infinity_is_the_number_of_perfect_matchings() {
        const CliResult r = run_cli({"count", "--graph", "aztec:4", "--lambda", "inf", "--exact", "--json"});
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["lambda"].toString(), QString("inf"));
        QCOMPARE(o["perfect_matchings"].toString(), QString("1024"));  // 2^{4*5/2}
        QCOMPARE(o["coefficients"].toArray().last().toString(), QString("1024"));
        QCOMPARE(o["mean_dimers"].toDouble(), 20.0);
        const CliResult none = run_cli({"count", "--graph", "path:5", "--lambda", "inf", "--exact"});
        QCOMPARE(none.exit_code, 3);
        QVERIFY2(one_error_line_with(none, "maximum matching has 2 dimers"), none.err.constData());
        const CliResult estimate =
            run_cli({"count", "--graph", "aztec:3", "--lambda", "inf", "--epsilon", "0.1"});
        QCOMPARE(estimate.exit_code, 2);
        QVERIFY2(one_error_line_with(estimate, "--exact"), estimate.err.constData());
    }

    // Without --exact on aztec:N: ln of the count in floating point (urban renewal) against
    // N(N+1)/2 ln 2 within its stated bound. On other drawn planar bipartite graphs: the logarithm of
    // Kasteleyn's exact count (hexagon:120,120,120 by the path reduction) against MacMahon's
    // product within its stated bound; a graph outside the method is sent to --exact.
    void count_at_infinity_without_exact_is_urban_renewal_on_aztec() {
        const CliResult r = run_cli({"count", "--graph", "aztec:300", "--lambda", "inf", "--json"}, 60000);
        QCOMPARE(r.exit_code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["method"].toString(), QString("urban-renewal"));
        const double exact = 300.0 * 301 / 2 * std::log(2.0);
        const double bound = o["log_error_bound"].toDouble();
        QVERIFY(bound > 0 && bound < 1e-9 * exact);
        QVERIFY(std::abs(o["log_perfect_matchings"].toDouble() - exact) <= bound);
        const CliResult hexagon =
            run_cli({"count", "--graph", "hexagon:120,120,120", "--lambda", "inf", "--json"}, 60000);
        QCOMPARE(hexagon.exit_code, 0);
        const QJsonObject h = hexagon.json();
        QCOMPARE(h["method"].toString(), QString("kasteleyn-path-reduction-crt"));
        QCOMPARE(h["kasteleyn"].toObject()["paths"].toInt(), 120);
        QVERIFY(!h.contains("perfect_matchings"));
        long double macmahon = 0;
        for (int i = 1; i <= 120; ++i)
            for (int j = 1; j <= 120; ++j) macmahon += std::log((i + j + 119.0L) / (i + j - 1.0L));
        const double hexagon_bound = h["log_error_bound"].toDouble();
        QVERIFY(hexagon_bound > 0 && hexagon_bound < 1e-14 * double(macmahon));
        QVERIFY2(std::abs(h["log_perfect_matchings"].toDouble() - double(macmahon)) <= hexagon_bound,
                 qPrintable(QString::number(h["log_perfect_matchings"].toDouble() - double(macmahon))));
        QCOMPARE(h["perfect_matchings_digits"].toInt(),
                 int(std::floor(double(macmahon) / std::log(10.0L))) + 1);
        const CliResult other = run_cli({"count", "--graph", "tri:4x4", "--lambda", "inf"});
        QCOMPARE(other.exit_code, 2);
        QVERIFY2(one_error_line_with(other, "--exact"), other.err.constData());
    }

    // --marginals-out: a header, then "u v p" per edge; the same probabilities whichever count
    // method runs (aztec:6 is counted by the frontier DP, its probabilities come from renewal);
    // refused at a finite lambda and for an unwritable path, leaving no file.
    void marginals_out_writes_every_edge() {
        QTemporaryDir dir;
        const QString path = dir.filePath("p.txt");
        const CliResult r = run_cli(
            {"count", "--graph", "aztec:6", "--lambda", "inf", "--exact", "--marginals-out", path, "--json"});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.json()["marginals_method"].toString(), QString("urban-renewal"));
        QVERIFY(r.json()["marginals_max_vertex_sum_error"].toDouble() < 1e-13);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        int edges = 0;
        QMap<int, double> vertex_sum;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.isEmpty() || line.startsWith('#')) continue;
            const QList<QByteArray> fields = line.split(' ');
            QCOMPARE(fields.size(), 3);
            const double p = fields[2].toDouble();
            QVERIFY(p >= 0 && p <= 1);
            vertex_sum[fields[0].toInt()] += p;
            vertex_sum[fields[1].toInt()] += p;
            ++edges;
        }
        QCOMPARE(edges, 4 * 36);
        QCOMPARE(vertex_sum.size(), 2 * 6 * 7);
        for (double sum : vertex_sum) QVERIFY(std::abs(sum - 1) < 1e-13);
        const CliResult finite =
            run_cli({"count", "--graph", "aztec:3", "--lambda", "1", "--exact", "--marginals-out", path});
        QCOMPARE(finite.exit_code, 2);
        QVERIFY2(one_error_line_with(finite, "--marginals"), finite.err.constData());
        const QString missing = dir.filePath("no/such/folder/p.txt");
        const CliResult unwritable =
            run_cli({"count", "--graph", "aztec:3", "--lambda", "inf", "--marginals-out", missing});
        QCOMPARE(unwritable.exit_code, 2);
        QVERIFY(!QFile::exists(missing));
    }

    // --matching-out: one "u v" per dimer, 0-based, every vertex once (a perfect matching here),
    // and only edges of aztec:N (adjacent squares: their layout points are one unit apart).
    void matching_out_writes_the_final_matching_and_layout_out_the_coordinates() {
        QTemporaryDir dir;
        const QString matching = dir.filePath("m.txt"), layout = dir.filePath("l.txt");
        const CliResult s = run_cli({"sample", "--graph", "aztec:8", "--lambda", "inf", "--dynamics",
                                     "shuffle", "--matching-out", matching, "--json"});
        QCOMPARE(s.exit_code, 0);
        const CliResult g = run_cli({"graph", "--graph", "aztec:8", "--layout-out", layout, "--json"});
        QCOMPARE(g.exit_code, 0);
        QCOMPARE(g.json()["n"].toInt(), 144);
        QFile lf(layout);
        QVERIFY(lf.open(QIODevice::ReadOnly));
        QList<QPointF> xy;
        for (const QByteArray& line : lf.readAll().split('\n')) {
            if (line.isEmpty()) continue;
            const QList<QByteArray> f = line.split(' ');
            QCOMPARE(f.size(), 3);
            QCOMPARE(f[0].toInt(), xy.size());
            xy.append(QPointF(f[1].toDouble(), f[2].toDouble()));
        }
        QCOMPARE(xy.size(), 144);
        QCOMPARE(xy[0], QPointF(-0.5, -7.5));  // square (-1, -8): the bottom row's left square
        QFile mf(matching);
        QVERIFY(mf.open(QIODevice::ReadOnly));
        QSet<int> seen;
        int lines = 0;
        for (const QByteArray& line : mf.readAll().split('\n')) {
            if (line.isEmpty()) continue;
            const QList<QByteArray> f = line.split(' ');
            QCOMPARE(f.size(), 2);
            const int u = f[0].toInt(), v = f[1].toInt();
            QVERIFY(u < v && !seen.contains(u) && !seen.contains(v));
            seen << u << v;
            QVERIFY(std::abs(std::hypot(xy[u].x() - xy[v].x(), xy[u].y() - xy[v].y()) - 1) < 1e-12);
            ++lines;
        }
        QCOMPARE(lines, 72);
        // An unwritable path is the user's input problem: exit 2, one error line, nothing left.
        const CliResult bad =
            run_cli({"graph", "--graph", "grid:3x3", "--layout-out", dir.filePath("no/such/l.txt")});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(one_error_line_with(bad, "no/such"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestTilingsCli)
#include "test_tilings_cli.moc"
