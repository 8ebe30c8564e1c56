// File > Export animation… (docs/architecture.md §9), under Xvfb: the dialog's fields make the request that
// export_animation() encodes (decoded back: frame count and size), and a bad request is refused
// before anything is written.
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "dimerlab_lab/preset.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "export_animation_dialog.hpp"
#include "util/errors.hpp"
#include "video_decode.hpp"

using namespace dimerlab;
using namespace dimerlab::app;
using namespace dimerlab::render;

class TestExportAnimationDialog : public QObject {
    Q_OBJECT
  public:
    static void initMain() { set_default_gl_format(); }

  private slots:
    void initTestCase() {
        const std::string why = offscreen_gl_unavailable_reason();
        QVERIFY2(why.empty(), why.c_str());
    }

    void fieldsMakeTheRequestThatIsEncoded() {
        Session session = load_preset("hypercube");
        session.sweeps_per_frame = 0.25;
        ExportAnimationDialog dialog(session);
        QTemporaryDir dir;
        const QString out = dir.filePath("clip.gif");
        dialog.findChild<QLineEdit*>("out")->setText(out);
        dialog.findChild<QSpinBox*>("frames")->setValue(7);
        dialog.findChild<QSpinBox*>("width")->setValue(160);
        dialog.findChild<QSpinBox*>("height")->setValue(120);
        const AnimationRequest r = dialog.request();
        QCOMPARE(QString::fromStdString(r.out), out);
        QCOMPARE(r.sweeps_per_frame, 0.25);  // the session's speed by default
        QCOMPARE(r.session.graph, session.graph);
        QVERIFY(r.fit);
        if (qEnvironmentVariableIsSet("DIMERLAB_DIALOG_SHOT")) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(qEnvironmentVariable("DIMERLAB_DIALOG_SHOT"));
        }
        int calls = 0;
        QVERIFY(export_animation(r, [&](int done, int total) {
            ++calls;
            return done <= total;
        }));
        QCOMPARE(calls, 7);
        const Decoded d = decode(out);
        QCOMPARE(d.frames, 7);
        QCOMPARE(d.width, 160);
        QCOMPARE(d.height, 120);
    }

    void cancelLeavesNothing() {
        ExportAnimationDialog dialog(load_preset("hypercube"));
        QTemporaryDir dir;
        dialog.findChild<QLineEdit*>("out")->setText(dir.filePath("clip.mp4"));
        dialog.findChild<QSpinBox*>("width")->setValue(64);
        dialog.findChild<QSpinBox*>("height")->setValue(64);
        QVERIFY(!export_animation(dialog.request(), [](int done, int) { return done < 3; }));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
                 0);
    }

    void badRequestIsRefusedBeforeWriting() {
        ExportAnimationDialog dialog(load_preset("hypercube"));
        QTemporaryDir dir;
        dialog.findChild<QLineEdit*>("out")->setText(dir.filePath("clip.mp4"));
        dialog.findChild<QSpinBox*>("width")->setValue(101);  // odd: H.264 needs even sides
        QVERIFY_THROWS_EXCEPTION(InputError, export_animation(dialog.request()));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
                 0);
    }
};

QTEST_MAIN(TestExportAnimationDialog)
#include "test_export_animation_dialog.moc"
