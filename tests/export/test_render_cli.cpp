// `dimerlab-cli render` end to end (docs/architecture.md §9), under Xvfb: encode, then decode with
// libavformat (frame count and size); no display exits 2 with one clear line; bad input exits 2 and leaves
// nothing behind.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"
#include "video_decode.hpp"

namespace {

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

}  // namespace

class TestRenderCli : public QObject {
    Q_OBJECT
  private slots:
    void encodeThenDecode_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("size");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("mp4") << "demo.mp4"
                             << "320x240" << 320 << 240;
        QTest::newRow("gif") << "demo.gif"
                             << "200x150" << 200 << 150;
    }
    void encodeThenDecode() {
        QFETCH(QString, name);
        QFETCH(QString, size);
        QFETCH(int, width);
        QFETCH(int, height);
        QTemporaryDir dir;
        const QString out = dir.filePath(name);
        const CliResult r = run_cli({"render", "--preset", "default", "--frames", "24", "--fps", "12",
                                     "--size", size, "--out", out, "--progress"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        // The first frame's line says how long the rest will take; the last one ends it.
        QVERIFY2(r.err.contains("render: frame 1/24, about "), r.err.constData());
        QVERIFY(r.err.contains("render: frame 24/24\n"));
        const Decoded d = decode(out);
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        QCOMPARE(d.frames, 24);
        QCOMPARE(d.width, width);
        QCOMPARE(d.height, height);
        QCOMPARE(entries(dir.path()), QStringList{name});  // no temporary left next to it
    }

    void pngSequence() {
        QTemporaryDir dir;
        const CliResult r = run_cli({"render", "--preset", "hypercube", "--frames", "5", "--size", "64x48",
                                     "--out", dir.filePath("frames") + "/"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(entries(dir.filePath("frames")).size(), 5);
    }

    // --shuffle-steps records domino shuffling one step per frame; other graphs are refused.
    void shuffleStepsSequence() {
        QTemporaryDir dir;
        const CliResult r = run_cli({"render", "--preset", "aztec-shuffle", "--shuffle-steps", "--frames",
                                     "4", "--size", "64x48", "--out", dir.filePath("steps") + "/"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(entries(dir.filePath("steps")).size(), 4);
        const CliResult bad = run_cli({"render", "--preset", "default", "--shuffle-steps", "--frames", "2",
                                       "--size", "64x48", "--out", dir.filePath("bad") + "/"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("aztec"), bad.err.constData());
    }

    // The Qt xcb platform aborts without a display, or with one it cannot reach: the command must
    // refuse instead, exit 2, with an error line that names xvfb-run (Qt may log before it).
    void noDisplayExitsTwo_data() {
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("message");
        QTest::newRow("unset") << QString() << "error: no display";
        QTest::newRow("unreachable") << ":4321"
                                     << "error: no usable OpenGL: cannot connect to the X display ':4321'";
    }
    void noDisplayExitsTwo() {
        QFETCH(QString, display);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        env.remove("QT_QPA_PLATFORM");
        if (!display.isEmpty()) env.insert("DISPLAY", display);
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("DIMERLAB_CLI"),
                {"render", "--preset", "default", "--frames", "3", "--out", dir.filePath("x.mp4")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        const QList<QByteArray> lines = err.trimmed().split('\n');
        QVERIFY2(lines.last().startsWith(message.toUtf8()) && lines.last().contains("xvfb-run"),
                 err.constData());
        if (display.isEmpty()) QCOMPARE(lines.size(), 1);  // refused before Qt could say anything
        QCOMPARE(entries(dir.path()), QStringList{});
    }

    // Exact marginals of grid:64x64 are out of reach: exit 3 (infeasible), nothing left behind.
    void exactMarginalsOfALargeGraphExitThree() {
        QTemporaryDir dir;
        const CliResult r = run_cli({"render", "--preset", "default", "--colour", "exact-marginals",
                                     "--frames", "2", "--size", "64x64", "--out", dir.filePath("x.gif")});
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(r.err.contains("error: exact marginals"), r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList{});
    }

    void badInputExitsTwoAndLeavesNothing_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("extension") << QStringList{"--out", "@/x.avi"} << "x.avi";
        QTest::newRow("zero size") << QStringList{"--size", "0x0", "--out", "@/x.mp4"} << "size";
        QTest::newRow("absurd size") << QStringList{"--size", "99999x720", "--out", "@/x.mp4"} << "size";
        QTest::newRow("odd size mp4") << QStringList{"--size", "321x240", "--out", "@/x.mp4"} << "even";
        QTest::newRow("size text") << QStringList{"--size", "big", "--out", "@/x.gif"} << "--size";
        QTest::newRow("zero frames") << QStringList{"--frames", "0", "--out", "@/x.gif"} << "frames";
        QTest::newRow("absurd frames")
            << QStringList{"--frames", "100000000", "--out", "@/x.gif"} << "frames";
        QTest::newRow("fps") << QStringList{"--fps", "0", "--out", "@/x.gif"} << "frame rate";
        QTest::newRow("sweeps") << QStringList{"--sweeps-per-frame", "0", "--out", "@/x.gif"} << "sweeps";
        QTest::newRow("preset") << QStringList{"--preset", "nosuch", "--out", "@/x.gif"} << "unknown preset";
        QTest::newRow("session") << QStringList{"--session", "@/missing.json", "--out", "@/x.gif"}
                                 << "session";
        QTest::newRow("folder") << QStringList{"--out", "@/no/such/folder/x.mp4"}
                                << "is not an existing folder";
        QTest::newRow("backend") << QStringList{"--backend", "gpu", "--out", "@/x.gif"} << "backend";
        QTest::newRow("both sources")
            << QStringList{"--preset", "default", "--session", "@/s.json", "--out", "@/x.gif"} << "exclude";
    }
    void badInputExitsTwoAndLeavesNothing() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        for (QString& a : args) a.replace("@", dir.path());
        const CliResult r = run_cli(QStringList{"render", "--frames", "3"} + args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.contains(message.toUtf8()) && r.err.count('\n') == 1,
                 r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList{});
    }

    // A path through a regular file: no folder to write in (permissions do not bind for root, so
    // this is the unwritable case the tests can rely on).
    void folderIsAFileExitsTwo() {
        QTemporaryDir dir;
        QFile file(dir.filePath("plain"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const CliResult r = run_cli({"render", "--frames", "2", "--out", dir.filePath("plain/x.mp4")});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("is not an existing folder"), r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList{"plain"});
    }
};

QTEST_GUILESS_MAIN(TestRenderCli)
#include "test_render_cli.moc"
