// The dimerlab binary, automated: screenshots of the right size with dimers and monomers, the
// default preset running, sessions through --session, and the error exits (bad input, no GL).
// Runs under Xvfb (xcb); the no-GL case starts the app on the offscreen platform on purpose.
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

namespace {

struct Counts {
    int orange = 0;
    int blue = 0;
    int coloured = 0;  // any saturated colour: dimers, monomers, tiles, not the grey edges
};

// Colours of the picture only: the bottom strip (colour legend under the picture, status bar)
// shows the palette's own swatches and is left out.
Counts count_colours(const QImage& window) {
    const int strip = int(100 * window.devicePixelRatio());
    const QImage img = window.copy(0, 0, window.width(), std::max(0, window.height() - strip));
    Counts c;
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const QColor px = img.pixelColor(x, y);
            if (px.red() > 200 && px.green() > 90 && px.green() < 150 && px.blue() < 60) ++c.orange;
            if (px.red() < 80 && px.green() > 70 && px.green() < 110 && px.blue() > 180) ++c.blue;
            const int hi = std::max({px.red(), px.green(), px.blue()});
            const int lo = std::min({px.red(), px.green(), px.blue()});
            if (hi - lo > 60) ++c.coloured;
        }
    }
    return c;
}

// Lines of stderr that are ours (Qt may add its own notices, e.g. about XDG_RUNTIME_DIR).
QList<QByteArray> error_lines(const QByteArray& err) {
    QList<QByteArray> out;
    for (const QByteArray& line : err.split('\n')) {
        if (line.startsWith("error")) out << line;
    }
    return out;
}

int run_app(const QStringList& args, QByteArray* err = nullptr, const QString& platform = "xcb",
            QByteArray* out = nullptr) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", platform);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("DIMERLAB_APP"), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return -1;
    }
    if (err) *err = p.readAllStandardError();
    if (out) *out = p.readAllStandardOutput();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

}  // namespace

class TestAppWindow : public QObject {
    Q_OBJECT
  private slots:
    void empty_start_shows_only_monomers() {
        QTemporaryDir dir;
        const QString shot = dir.filePath("frame0.png");
        QCOMPARE(run_app({"--frames", "0", "--screenshot", shot, "--size", "640x600"}), 0);
        const QImage img(shot);
        QVERIFY(!img.isNull());
        QCOMPARE(img.size(), QSize(640, 600) * img.devicePixelRatio());
        const Counts c = count_colours(img);
        QCOMPARE(c.orange, 0);
        QVERIFY(c.blue > 1000);
    }
    void running_default_preset_draws_dimers_and_fewer_monomers() {
        QTemporaryDir dir;
        const QString before = dir.filePath("a.png"), after = dir.filePath("b.png");
        QCOMPARE(run_app({"--frames", "0", "--screenshot", before}), 0);
        QCOMPARE(run_app({"--frames", "30", "--screenshot", after}), 0);
        const QImage img(after);
        // By default the window fits the screen (Xvfb's is 1280×900): 90% of it, at least 800×600.
        QVERIFY2(
            img.width() <= 1280 * img.devicePixelRatio() && img.height() <= 900 * img.devicePixelRatio() &&
                img.width() >= 800 * img.devicePixelRatio() && img.height() >= 600 * img.devicePixelRatio(),
            qPrintable(QString("%1x%2").arg(img.width()).arg(img.height())));
        const Counts c0 = count_colours(QImage(before)), c1 = count_colours(img);
        QVERIFY(c1.orange > 1000);
        // At λ=1 about 36% of sites stay monomers (docs/algorithms.md §7.3): far fewer blue pixels
        // than at start.
        QVERIFY2(c1.blue < c0.blue * 0.6, qPrintable(QString("%1 vs %2").arg(c1.blue).arg(c0.blue)));
        QVERIFY(c1.blue > c0.blue * 0.15);
    }
    void the_hud_shows_the_measured_rates_of_an_automated_run() {
        // The automated run drives frames itself; the HUD must show the rates it measured there,
        // not the idle frame clock's zeros.
        QByteArray out, err;
        QCOMPARE(run_app({"--graph", "grid:16x16", "--frames", "20", "--fps-report", "--size", "400x400"},
                         &err, "xcb", &out),
                 0);
        const auto field = [&](const QByteArray& key) {
            const QRegularExpression re(QString(" %1=([0-9.eE+-]+)").arg(QString::fromLatin1(key)));
            const auto m = re.match(QString::fromUtf8(out));
            return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
        };
        QVERIFY2(field("fps") > 0, out.constData());
        QCOMPARE(field("hud_fps"), field("fps"));
        // 20 frames at one sweep each: the chain made updates, and the HUD reports a rate for them.
        QVERIFY2(field("hud_updates_per_second") > 0, out.constData());
    }
    void every_preset_opens_and_draws() {
        QTemporaryDir dir;
        // lozenge is left out for its minute-long exact start; lab_presets builds it.
        for (const char* name :
             {"aztec", "aztec-melt", "aztec-shuffle", "aztec-probabilities", "aztec-two-periodic",
              "aztec-two-periodic-phases", "lozenge-q", "cftp", "complete", "regular", "honeycomb",
              "hypercube", "region-heart", "region-frame"}) {
            const QString shot = dir.filePath(QString(name) + ".png");
            QCOMPARE(run_app({"--preset", name, "--frames", "3", "--screenshot", shot}), 0);
            const Counts c = count_colours(QImage(shot));
            // The tiles presets draw no orange: any saturated colour counts as drawn.
            QVERIFY2(c.coloured > 1000, qPrintable(QString("%1: %2").arg(name).arg(c.coloured)));
        }
    }
    // --draw-region: Draw mode on a region with a Hall violator shows the highlight colour, on a
    // tileable one none; a file the region reader refuses exits 2.
    void draw_region_shows_the_obstruction() {
        QTemporaryDir dir;
        auto magenta_pixels = [&](const QByteArray& text) {
            const QString region = dir.filePath("r.region"), shot = dir.filePath("draw.png");
            QFile f(region);
            if (!f.open(QIODevice::WriteOnly)) return -1;
            f.write(text);
            f.close();
            if (run_app({"--frames", "0", "--size", "1200x800", "--draw-region", region, "--screenshot",
                         shot}) != 0)
                return -1;
            const QImage image = QImage(shot).convertToFormat(QImage::Format_RGB32);
            int count = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    if (image.pixel(x, y) == qRgb(0xd8, 0x1b, 0x60)) ++count;
            return count;
        };
        QCOMPARE(magenta_pixels("######\n######\n"), 0);
        const int violator =
            magenta_pixels("#####..#####\n############\n#####..#####\n#####..#####\n#####..#####\n");
        QVERIFY2(violator > 300, qPrintable(QString::number(violator)));
        QFile bad(dir.filePath("bad.region"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("##x\n");
        bad.close();
        QByteArray err;
        QCOMPARE(run_app({"--frames", "0", "--draw-region", bad.fileName()}, &err), 2);
        QVERIFY2(err.contains("unexpected character"), err.constData());
    }
    void session_file_opens_at_its_update_index() {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.json"), shot = dir.filePath("s.png");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"graph":"grid:16x16","seed":3,"lambda_record":[{"at":0,"lambda":1},{"at":4800,"lambda":50}],
                    "update_index":48000,"running":false,"view":{"colour":"orientation-parity"}})");
        f.close();
        QCOMPARE(run_app({"--session", path, "--frames", "0", "--screenshot", shot}), 0);
        QVERIFY(!QImage(shot).isNull());
    }
    void bad_graph_spec_or_preset_exits_2_with_one_error_line() {
        QByteArray err;
        QCOMPARE(run_app({"--graph", "grid:0x3", "--frames", "1"}, &err), 2);
        QCOMPARE(error_lines(err).size(), 1);
        QVERIFY2(error_lines(err)[0].startsWith("error: graph spec 'grid:0x3'"), err.constData());
        QCOMPARE(run_app({"--preset", "nope", "--frames", "1"}, &err), 2);
        QCOMPARE(error_lines(err).size(), 1);
        QVERIFY(error_lines(err)[0].contains("default"));
        QCOMPARE(run_app({"--session", "/nonexistent/s.json", "--frames", "1"}, &err), 2);
        QCOMPARE(error_lines(err).size(), 1);
    }
    void offscreen_platform_exits_2_with_a_hint_instead_of_crashing() {
        QByteArray err;
        QCOMPARE(run_app({"--frames", "1"}, &err, "offscreen"), 2);
        QCOMPARE(error_lines(err).size(), 1);
        QVERIFY2(error_lines(err)[0].contains("dimerlab-cli") && error_lines(err)[0].contains("xvfb-run"),
                 err.constData());
    }
};

QTEST_GUILESS_MAIN(TestAppWindow)
#include "test_app_window.moc"
