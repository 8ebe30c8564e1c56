// Export failure cases through dimerlab-cli (docs/architecture.md §9): a full disk (RLIMIT_FSIZE in a child
// process, so writes fail with EFBIG), bad extensions, missing folders and zero or absurd sizes.
// Each must give exit 2 with one "error:" line and leave nothing in the folder, not even a
// temporary file. Exit 2 for a full disk: docs/architecture.md §7.1 has no separate I/O status, and
// the remedy is the user's (another destination), as for every other unusable output path.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"

namespace {

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

// 8 KiB: every output below is much larger, so each fails part-way through its data.
constexpr int kFileLimitKib = 8;

}  // namespace

class TestExportFailures : public QObject {
    Q_OBJECT

  private slots:
    void fullDiskLeavesNoFile_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("target");
        QTest::newRow("csv") << QStringList{"--csv", "@/t.csv"} << "t.csv";
        QTest::newRow("json") << QStringList{"--json-out", "@/t.json"} << "t.json";
        QTest::newRow("plot svg") << QStringList{"--plot-svg", "@/p.svg"} << "p.svg";
        QTest::newRow("state svg") << QStringList{"--svg", "@/s.svg"} << "s.svg";
        // The CSV (100 sweeps, ~4 KiB) is staged first and fits; the state SVG does not: the CSV
        // must not appear either.
        QTest::newRow("second output")
            << QStringList{"--sweeps", "100", "--csv", "@/t.csv", "--svg", "@/s.svg"} << "s.svg";
#ifdef DIMERLAB_TEST_VIDEO
        // libav writes through its own AVIOContext: its errors must be caught as well.
        QTest::newRow("gif") << QStringList{"--video", "@/v.gif", "--size", "96x96", "--frames", "120"}
                             << "v.gif";
        QTest::newRow("mp4") << QStringList{"--video", "@/v.mp4", "--size", "256x256", "--frames", "60"}
                             << "v.mp4";
#endif
    }
    void fullDiskLeavesNoFile() {
        QFETCH(QStringList, args);
        QFETCH(QString, target);
        QTemporaryDir dir;
        args.replaceInStrings("@", dir.path());
        if (!args.contains("--sweeps"))
            args << "--sweeps"
                 << "800";
        const CliResult r = run_cli_with_file_limit(
            QStringList{"export", "--graph", "grid:24x24", "--seed", "5"} + args, kFileLimitKib);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(r.err.contains(target.toUtf8()) && r.err.contains("File too large"), r.err.constData());
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }

    void theSameExportSucceedsWithoutTheLimit() {
        // Guards the test above: the failures come from the limit, not from the arguments.
        QTemporaryDir dir;
        const QString d = dir.path();
        const CliResult r = run_cli_with_file_limit(
            {"export", "--graph", "grid:24x24", "--sweeps", "800", "--seed", "5", "--csv", d + "/t.csv",
             "--json-out", d + "/t.json", "--plot-svg", d + "/p.svg", "--svg", d + "/s.svg"},
            1 << 20);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(entries(d).size(), 4);
        for (const QString& f : entries(d)) QVERIFY(QFileInfo(d + "/" + f).size() > kFileLimitKib * 1024);
    }

    void badRequestsExitTwoAndLeaveNoFile_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("plot bad extension") << QStringList{"--plot-svg", "@/p.png"};
        QTest::newRow("plot missing folder")
            << QStringList{"--csv", "@/t.csv", "--plot-svg", "@/missing/p.svg"};
        QTest::newRow("plot under a file") << QStringList{"--csv", "@/t.csv", "--plot-svg", "@/t.csv/p.svg"};
        QTest::newRow("plot size zero") << QStringList{"--plot-svg", "@/p.svg", "--plot-size", "0x0"};
        QTest::newRow("plot size absurd")
            << QStringList{"--plot-svg", "@/p.svg", "--plot-size", "100000x500"};
        QTest::newRow("plot size garbage") << QStringList{"--plot-svg", "@/p.svg", "--plot-size", "big"};
        QTest::newRow("unknown plot") << QStringList{"--plot-svg", "@/p.svg", "--plot", "pie"};
        QTest::newRow("imbalance off lattices")
            << QStringList{"--graph", "petersen", "--plot", "imbalance", "--plot-svg", "@/p.svg"};
        QTest::newRow("acf of one sweep")
            << QStringList{"--sweeps", "1", "--plot", "acf", "--plot-svg", "@/p.svg"};
        QTest::newRow("plot of no sweeps") << QStringList{"--sweeps", "0", "--plot-svg", "@/p.svg"};
#ifdef DIMERLAB_TEST_VIDEO
        QTest::newRow("video bad extension") << QStringList{"--video", "@/v.avi"};
        QTest::newRow("video size zero") << QStringList{"--video", "@/v.gif", "--size", "0x0"};
        QTest::newRow("video size absurd") << QStringList{"--video", "@/v.gif", "--size", "9000x9000"};
        QTest::newRow("video no frames") << QStringList{"--video", "@/v.gif", "--frames", "0"};
        QTest::newRow("video missing folder")
            << QStringList{"--csv", "@/t.csv", "--video", "@/missing/v.gif"};
#endif
    }
    void badRequestsExitTwoAndLeaveNoFile() {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        args.replaceInStrings("@", dir.path());
        if (args.contains(dir.path() + "/t.csv/p.svg")) {
            QFile plain(dir.path() + "/t.csv");  // a file where a folder is expected
            QVERIFY(plain.open(QIODevice::WriteOnly));
        }
        const QStringList before = entries(dir.path());
        const CliResult r = run_cli(QStringList{"export", "--graph", "grid:6x6", "--sweeps", "5", "--size",
                                                "64x64", "--frames", "4"} +
                                    args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.count('\n') == 1, r.err.constData());
        QCOMPARE(entries(dir.path()), before);
    }
};

QTEST_GUILESS_MAIN(TestExportFailures)
#include "test_export_failures.moc"
