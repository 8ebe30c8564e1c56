// Video export (docs/architecture.md §9): encode then decode with libavformat for each format, PNG sequences,
// and every failure case (bad size, bad extension, unwritable folder, cancel) leaving no file.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"
#include "dimerlab_video/video_encoder.hpp"
#include "export/state_raster.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"
#include "video_decode.hpp"

using namespace dimerlab;

namespace {

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

// A moving square in the figure colours on the background: frames differ, as in a real run.
FrameRenderer moving_square(int w, int h) {
    return [w, h](int i, std::span<std::uint8_t> rgb) {
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const bool in = x >= 4 * i % w && x < 4 * i % w + 16 && y >= 8 && y < 24;
                const Rgb c = in ? kDimerColour : (x % 10 == 0 ? kEdgeColour : kBackgroundColour);
                std::uint8_t* p = rgb.data() + (std::size_t(y) * w + x) * 3;
                p[0] = c.r, p[1] = c.g, p[2] = c.b;
            }
    };
}

}  // namespace

class TestExportVideo : public QObject {
    Q_OBJECT

  private slots:
    void encodeThenDecode_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("mp4") << "v.mp4";
        QTest::newRow("webm") << "v.webm";
        QTest::newRow("gif") << "v.gif";
    }
    void encodeThenDecode() {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.path() + "/" + name;
        const VideoOptions opt{160, 120, 25};
        int calls = 0;
        QVERIFY(encode_video(path.toStdString(), opt, 24, moving_square(160, 120), [&](int done, int total) {
            ++calls;
            return done <= total;
        }));
        QCOMPARE(calls, 24);
        QCOMPARE(entries(dir.path()), QStringList{name});  // the temporary file is gone
        const Decoded d = decode(path);
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        QCOMPARE(d.frames, 24);
        QCOMPARE(d.width, 160);
        QCOMPARE(d.height, 120);
    }

    void pngSequenceCount() {
        QTemporaryDir dir;
        const QString out = dir.path() + "/frames";
        QVERIFY(encode_video((out + "/").toStdString(), VideoOptions{64, 48, 10}, 7, moving_square(64, 48)));
        QCOMPARE(entries(dir.path()), QStringList{"frames"});
        const QStringList files = entries(out);
        QCOMPARE(files.size(), 7);
        QCOMPARE(files.first(), QString("frame_000001.png"));
        QCOMPARE(files.last(), QString("frame_000007.png"));
        QFile f(out + "/frame_000003.png");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        const Decoded d = decode(out + "/frame_000003.png");
        QCOMPARE(d.frames, 1);
        QCOMPARE(d.width, 64);
    }

    void pngSequenceRefusesNonEmptyFolder() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("busy"));
        QFile keep(dir.path() + "/busy/keep.txt");
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.close();
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 VideoEncoder((dir.path() + "/busy/").toStdString(), VideoOptions{}));
        QCOMPARE(entries(dir.path()), QStringList{"busy"});
        QCOMPARE(entries(dir.path() + "/busy"), QStringList{"keep.txt"});
    }

    void failuresLeaveNoFile_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("fps");
        QTest::newRow("zero width") << "v.mp4" << 0 << 100 << 30;
        QTest::newRow("zero height gif") << "v.gif" << 100 << 0 << 30;
        QTest::newRow("absurd size") << "v.webm" << 8194 << 100 << 30;
        QTest::newRow("odd width h264") << "v.mp4" << 161 << 120 << 30;
        QTest::newRow("odd height h264") << "v.mp4" << 160 << 121 << 30;
        QTest::newRow("zero fps") << "v.gif" << 160 << 120 << 0;
        QTest::newRow("bad extension") << "v.avi" << 160 << 120 << 30;
        QTest::newRow("no extension") << "video" << 160 << 120 << 30;
        QTest::newRow("missing folder") << "missing/v.mp4" << 160 << 120 << 30;
        QTest::newRow("missing folder png") << "missing/frames/" << 160 << 120 << 30;
    }
    void failuresLeaveNoFile() {
        QFETCH(QString, name);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, fps);
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/" + name).toStdString();
        try {
            encode_video(path, VideoOptions{width, height, fps}, 3, moving_square(std::max(width, 1), 1));
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains(name) || QString(e.what()).contains("size") ||
                         QString(e.what()).contains("frame rate"),
                     e.what());
        }
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void oddSizeMessageIsClear() {
        try {
            check_video_options(VideoFormat::mp4, VideoOptions{641, 480, 30});
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QVERIFY(QString(e.what()).contains("even width and height"));
        }
        check_video_options(VideoFormat::webm, VideoOptions{641, 481, 30});  // VP9 takes odd sizes
    }

    void cancelLeavesNoFile_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("mp4") << "v.mp4";
        QTest::newRow("webm") << "v.webm";
        QTest::newRow("gif") << "v.gif";
        QTest::newRow("png") << "frames/";
    }
    void cancelLeavesNoFile() {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const bool complete = encode_video((dir.path() + "/" + name).toStdString(), VideoOptions{64, 48, 10},
                                           10, moving_square(64, 48), [](int done, int) { return done < 4; });
        QVERIFY(!complete);
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void abandonedOrEmptyEncoderLeavesNoFile() {
        QTemporaryDir dir;
        {
            VideoEncoder e((dir.path() + "/a.mp4").toStdString(), VideoOptions{64, 48, 10});
            std::vector<std::uint8_t> rgb(64 * 48 * 3, 255);
            e.add_frame(rgb);
            QCOMPARE(entries(dir.path()).size(), 1);  // only the hidden temporary file
            QVERIFY(entries(dir.path()).first().startsWith(".a.mp4.tmp-"));
        }
        QVERIFY(entries(dir.path()).isEmpty());
        VideoEncoder e((dir.path() + "/b.gif").toStdString(), VideoOptions{64, 48, 10});
        QVERIFY_THROWS_EXCEPTION(InputError, e.finish());
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void cliVideo_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("mp4") << "run.mp4";
        QTest::newRow("gif") << "run.gif";
    }
    void cliVideo() {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString out = dir.path() + "/" + name;
        const CliResult r = run_cli({"export", "--graph", "grid:12x8", "--sweeps", "10", "--video", out,
                                     "--frames", "12", "--fps", "12", "--size", "240x160"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());  // FFmpeg's own log stays quiet
        const Decoded d = decode(out);
        QCOMPARE(d.frames, 12);
        QCOMPARE(d.width, 240);
        QCOMPARE(d.height, 160);
    }

    void cliVideoBadInput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("odd h264") << QStringList{"--video", "@/v.mp4", "--size", "241x160"};
        QTest::newRow("zero size") << QStringList{"--video", "@/v.gif", "--size", "0x0"};
        QTest::newRow("absurd size") << QStringList{"--video", "@/v.gif", "--size", "100000x10"};
        QTest::newRow("bad size text") << QStringList{"--video", "@/v.gif", "--size", "big"};
        QTest::newRow("bad extension") << QStringList{"--video", "@/v.mov"};
        QTest::newRow("missing folder") << QStringList{"--video", "@/no/v.webm", "--size", "64x48"};
        QTest::newRow("zero frames") << QStringList{"--video", "@/v.gif", "--frames", "0"};
    }
    void cliVideoBadInput() {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        args.replaceInStrings("@", dir.path());
        const CliResult r = run_cli(QStringList{"export", "--graph", "grid:4x4", "--sweeps", "2"} + args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.count('\n') == 1, r.err.constData());
        QVERIFY(entries(dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExportVideo)
#include "test_export_video.moc"
