// The ImGui heads-up overlay in a bare QOpenGLWidget under Xvfb (xcb): Qt mouse and key events go
// through the overlay's platform layer into ImGui 1.86 and come back as callbacks. Each input
// event is followed by grabFramebuffer(), which runs paintGL and so one ImGui frame, as a real
// frame clock would. Needs OpenGL: never run it offscreen.
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLWidget>
#include <QSurfaceFormat>
#include <QtTest>
#include <cmath>

#include "imgui_overlay.hpp"
#include "lambda_range.hpp"

using namespace dimerlab::app;

namespace {

// The host's clear colour: 0.2, 0.8, 0.4 of 255, exactly representable in 8 bits.
const QColor kBackground(51, 204, 102);

bool is_background(QColor c) {
    return std::abs(c.red() - kBackground.red()) <= 1 && std::abs(c.green() - kBackground.green()) <= 1 &&
           std::abs(c.blue() - kBackground.blue()) <= 1;
}

// Stands in for the viewport: clears, draws the overlay last, and counts the mouse input the
// overlay left to it (what the viewport would pan with).
class OverlayHost : public QOpenGLWidget, protected QOpenGLFunctions_3_3_Core {
  public:
    OverlayHost() : overlay([this] { update(); }) {
        setMouseTracking(true);
        setFocusPolicy(Qt::StrongFocus);
    }
    ~OverlayHost() override {
        if (context()) {
            makeCurrent();
            overlay.release();
            doneCurrent();
        }
    }

    ImGuiOverlay overlay;
    bool overlay_ok = false;
    int host_presses = 0;
    int host_drag_moves = 0;

  protected:
    void initializeGL() override {
        initializeOpenGLFunctions();
        overlay_ok = overlay.initialize();
    }
    void paintGL() override {
        glClearColor(0.2f, 0.8f, 0.4f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        overlay.render(width(), height(), devicePixelRatioF());
    }
    bool event(QEvent* e) override {
        if (overlay.handle_event(e)) return true;
        return QOpenGLWidget::event(e);
    }
    void mousePressEvent(QMouseEvent*) override { ++host_presses; }
    void mouseMoveEvent(QMouseEvent* e) override {
        if (e->buttons() & Qt::LeftButton) ++host_drag_moves;
    }
};

QPoint at(const QRectF& r, double fx, double fy) {
    return QPointF(r.left() + fx * r.width(), r.top() + fy * r.height()).toPoint();
}

}  // namespace

class TestImguiOverlay : public QObject {
    Q_OBJECT
  public:
    // QTEST_MAIN calls this before QApplication: a 3.3 core context, as main() asks for.
    static void initMain() {
        QSurfaceFormat f;
        f.setVersion(3, 3);
        f.setProfile(QSurfaceFormat::CoreProfile);
        QSurfaceFormat::setDefaultFormat(f);
    }

  private:
    std::unique_ptr<OverlayHost> host_;
    int plays_ = 0;
    int steps_ = 0;
    bool asked_running_ = false;
    std::vector<double> lambdas_;
    bool held_ = false;

    QImage frame() { return host_->grabFramebuffer(); }
    QColor pixel(const QImage& img, QPointF p) {
        const double dpr = img.devicePixelRatio();
        return img.pixelColor(int(p.x() * dpr), int(p.y() * dpr));
    }
    // Qt 6.4's QTest::mouseMove without a button held warps the real X pointer (QCursor::setPos),
    // whose motion event comes back asynchronously; so hover moves are sent straight to the widget.
    void send_move(QPoint p) {
        if (held_) {
            QTest::mouseMove(host_.get(), p);
            return;
        }
        QMouseEvent e(QEvent::MouseMove, QPointF(p), QPointF(host_->mapToGlobal(p)), Qt::NoButton,
                      Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(host_.get(), &e);
    }
    void move(QPoint p) {
        send_move(p);
        frame();
    }
    void press(QPoint p) {
        QTest::mousePress(host_.get(), Qt::LeftButton, Qt::NoModifier, p);
        held_ = true;
        frame();
    }
    void release(QPoint p) {
        QTest::mouseRelease(host_.get(), Qt::LeftButton, Qt::NoModifier, p);
        held_ = false;
        frame();
    }
    void click(QPoint p) {
        move(p);
        press(p);
        release(p);
        frame();
    }

  private slots:
    void initTestCase() {
        QVERIFY2(QGuiApplication::platformName() == "xcb",
                 "GL tests need X (xvfb-run, QT_QPA_PLATFORM=xcb); the offscreen platform has no OpenGL");
        // Park the real pointer away from the test windows, so that no real enter, leave or
        // motion event races the simulated ones.
        QCursor::setPos(QGuiApplication::primaryScreen()->geometry().bottomRight() - QPoint(2, 2));
        QTest::qWait(50);
    }

    void init() {
        plays_ = steps_ = 0;
        held_ = false;
        lambdas_.clear();
        host_ = std::make_unique<OverlayHost>();
        host_->resize(640, 480);
        OverlayStats stats;
        stats.lambda = 1;
        stats.running = false;
        host_->overlay.set_stats(stats);
        host_->overlay.set_actions({
            .set_running =
                [this](bool running) {
                    ++plays_;
                    asked_running_ = running;
                },
            .step = [this] { ++steps_; },
            .set_lambda =
                [this](double lambda) {
                    lambdas_.push_back(lambda);
                    OverlayStats s = host_->overlay.stats();
                    s.lambda = lambda;
                    host_->overlay.set_stats(s);
                },
        });
        host_->show();
        QVERIFY(QTest::qWaitForWindowExposed(host_.get()));
        QVERIFY2(host_->overlay_ok, "ImGui's OpenGL3 renderer did not start");
        QVERIFY(host_->context()->format().profile() == QSurfaceFormat::CoreProfile);
        // An auto-resized ImGui window is hidden on its first frame and sized over the next ones.
        for (int i = 0; i < 4; ++i) frame();
        const OverlayLayout& l = host_->overlay.layout();
        QVERIFY(!l.window.isEmpty() && !l.play.isEmpty() && !l.step.isEmpty() && !l.lambda_slider.isEmpty());
        QVERIFY(l.window.contains(l.play) && l.window.contains(l.lambda_slider));
        QVERIFY2(l.window.right() < 600 && l.window.bottom() < 440, "overlay should leave room beside it");
    }

    void cleanup() { host_.reset(); }

    void play_click_fires_once_and_stays_out_of_the_viewport() {
        click(at(host_->overlay.layout().play, 0.5, 0.5));
        QCOMPARE(plays_, 1);
        QVERIFY(asked_running_);  // stats said paused, so the button read "Play"
        QCOMPARE(steps_, 0);
        QVERIFY(lambdas_.empty());
        QCOMPARE(host_->host_presses, 0);
        // A few more frames with no input: no repeated click.
        for (int i = 0; i < 3; ++i) frame();
        QCOMPARE(plays_, 1);

        click(at(host_->overlay.layout().step, 0.5, 0.5));
        QCOMPARE(steps_, 1);
        QCOMPARE(plays_, 1);
    }

    void click_between_two_frames_is_not_lost() {
        // ImGui 1.86 reads button state once per frame: press and release before the next frame
        // would cancel out unless the platform layer spreads them over frames.
        const QPoint p = at(host_->overlay.layout().play, 0.5, 0.5);
        send_move(p);
        QTest::mousePress(host_.get(), Qt::LeftButton, Qt::NoModifier, p);
        QTest::mouseRelease(host_.get(), Qt::LeftButton, Qt::NoModifier, p);
        for (int i = 0; i < 4; ++i) frame();
        QCOMPARE(plays_, 1);
        QCOMPARE(host_->host_presses, 0);
    }

    void overlay_wants_the_mouse_only_over_itself() {
        const OverlayLayout l = host_->overlay.layout();
        move(at(l.window, 0.5, 0.5));
        QVERIFY(host_->overlay.wants_mouse());
        move(QPoint(600, 440));
        QVERIFY(!l.window.contains(QPointF(600, 440)));
        QVERIFY(!host_->overlay.wants_mouse());
        // A press outside goes to the viewport; one inside (not on a control) does not.
        press(QPoint(600, 440));
        release(QPoint(600, 440));
        QCOMPARE(host_->host_presses, 1);
        click(at(l.window, 0.95, 0.5));
        QCOMPARE(host_->host_presses, 1);
        QCOMPARE(plays_ + steps_, 0);
        // A pan that starts in the viewport and crosses the overlay stays the viewport's, and
        // releasing it over the Play button does not click it.
        press(QPoint(600, 440));
        move(at(l.window, 0.5, 0.5));
        move(at(l.play, 0.5, 0.5));
        QCOMPARE(host_->host_drag_moves, 2);
        QVERIFY(!host_->overlay.wants_mouse());
        release(at(l.play, 0.5, 0.5));
        frame();
        QCOMPARE(host_->host_presses, 2);
        QCOMPARE(plays_, 0);
    }

    void lambda_slider_moves_lambda_the_right_way() {
        // Logarithmic over the window's range [1e-4, 1e6] with λ = 10 in the middle: a click right
        // of the middle jumps to a larger λ (about 10^4 at 80%), left of it to a smaller one.
        const QRectF slider = host_->overlay.layout().lambda_slider;
        click(at(slider, 0.8, 0.5));
        QVERIFY(!lambdas_.empty());
        const double up = lambdas_.back();
        QVERIFY2(up > 10 && up <= kLambdaMax, qPrintable(QString::number(up)));
        QCOMPARE(host_->overlay.stats().lambda, up);

        lambdas_.clear();
        click(at(slider, 0.2, 0.5));
        QVERIFY(!lambdas_.empty());
        const double down = lambdas_.back();
        QVERIFY2(down < 0.1 && down >= kLambdaMin, qPrintable(QString::number(down)));

        // A drag from the middle to the right end raises λ step by step; the viewport sees none of it.
        lambdas_.clear();
        const int drags_before = host_->host_drag_moves;
        move(at(slider, 0.5, 0.5));
        press(at(slider, 0.5, 0.5));
        for (double f : {0.6, 0.7, 0.8, 0.9}) move(at(slider, f, 0.5));
        release(at(slider, 0.9, 0.5));
        QVERIFY(lambdas_.size() >= 2);
        for (std::size_t i = 1; i < lambdas_.size(); ++i) QVERIFY(lambdas_[i] > lambdas_[i - 1]);
        QVERIFY(lambdas_.back() > up);
        QCOMPARE(host_->host_drag_moves, drags_before);
        QCOMPARE(host_->host_presses, 0);
        QCOMPARE(plays_ + steps_, 0);
    }

    void ctrl_click_on_the_slider_takes_typed_lambda() {
        // ImGui turns a ctrl+click on a slider into a text field; keys and text reach it through
        // the platform layer, and H is then a letter, not the hide key.
        const QPoint p = at(host_->overlay.layout().lambda_slider, 0.5, 0.5);
        move(p);
        QTest::mousePress(host_.get(), Qt::LeftButton, Qt::ControlModifier, p);
        frame();
        QTest::mouseRelease(host_.get(), Qt::LeftButton, Qt::ControlModifier, p);
        for (int i = 0; i < 3; ++i) frame();
        QVERIFY(host_->overlay.wants_keyboard());
        QTest::keyClicks(host_.get(), "25");
        QTest::keyClick(host_.get(), Qt::Key_H);
        QVERIFY(host_->overlay.visible());
        QTest::keyClick(host_.get(), Qt::Key_Return);
        for (int i = 0; i < 8; ++i) frame();
        QVERIFY(!lambdas_.empty());
        QCOMPARE(lambdas_.back(), 25.0);
        QVERIFY(!host_->overlay.wants_keyboard());
        QCOMPARE(host_->host_presses, 0);
    }

    void h_hides_and_shows_the_overlay() {
        // Inside the window's padding, clear of text and controls.
        const QRectF w = host_->overlay.layout().window;
        const QRectF play = host_->overlay.layout().play;
        const QPointF probe(w.left() + 4, w.bottom() - 4);
        const QColor shown = pixel(frame(), probe);
        QVERIFY2(!is_background(shown) && shown.green() < 120, qPrintable(shown.name()));

        QTest::keyClick(host_.get(), Qt::Key_H);
        QVERIFY(!host_->overlay.visible());
        const QColor hidden = pixel(frame(), probe);
        QVERIFY2(is_background(hidden), qPrintable(hidden.name()));
        // Hidden, it takes no clicks: the Play spot belongs to the viewport.
        click(at(play, 0.5, 0.5));
        QCOMPARE(plays_, 0);
        QCOMPARE(host_->host_presses, 1);
        QVERIFY(!host_->overlay.wants_mouse());

        QTest::keyClick(host_.get(), Qt::Key_H);
        QVERIFY(host_->overlay.visible());
        frame();
        frame();
        QVERIFY(!is_background(pixel(frame(), probe)));
    }
};

QTEST_MAIN(TestImguiOverlay)
#include "test_imgui_overlay.moc"
