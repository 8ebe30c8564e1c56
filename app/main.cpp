// dimerlab: the desktop program. Opens a window on a preset (default: grid:64x64 at λ=1,
// running) or a saved session, and can be automated for demos, tests and measurements:
//   dimerlab [--preset NAME | --session FILE | FILE] [--graph SPEC] [--lambda L|inf] [--dynamics D]
//            [--colour MODE] [--palette NAME] [--frames N] [--screenshot FILE.png] [--size WxH]
//            [--fps-report] [--draw-region FILE.region]
// The viewport needs OpenGL 3.3 through a display (X11 or Xvfb); without one it exits with 2.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QOpenGLContext>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QSurfaceFormat>
#include <QTimer>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string_view>

#include "background_tasks.hpp"
#include "diagnostics_panel.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "draw_panel.hpp"
#include "draw_region.hpp"
#include "gl_viewport.hpp"
#include "help_dialog.hpp"
#include "lecture_keys.hpp"
#include "main_window.hpp"
#include "model/lambda_record.hpp"
#include "partition_panel.hpp"
#include "sampling/sampler.hpp"
#include "sampling/start_state.hpp"
#include "util/errors.hpp"
#include "verification_panel.hpp"

namespace {

constexpr const char* kNoDisplayHint =
    "run it under a display, e.g. `xvfb-run -a dimerlab ...`, or use dimerlab-cli for headless sampling";

int fail(const std::string& message, bool interactive = false) {
    std::cerr << "error: " << message << "\n";
    if (interactive) QMessageBox::critical(nullptr, "dimerlab", QString::fromStdString(message));
    return 2;
}

// --draw-region: the region, read before any window opens so a bad file is an input error.
dimerlab::app::DrawRegion read_draw_region(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw dimerlab::InputError("cannot read '" + path.toStdString() +
                                   "': " + file.errorString().toStdString());
    return dimerlab::app::region_from_text(QString::fromUtf8(file.readAll()), path);
}

void show_draw_region(dimerlab::app::MainWindow& window, const dimerlab::app::DrawRegion& region) {
    window.set_draw_mode(true);
    window.draw_panel().load_region(region, "Open region");
    QCoreApplication::processEvents();
}

bool has_flag(int argc, char** argv, const char* flag) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], flag) == 0) return true;
    }
    return false;
}

// QGuiApplication takes `-session NAME` (X11 session management) out of argv, `--session` too,
// so our --session FILE is picked out before QApplication sees the arguments.
std::optional<QString> take_session_arg(int& argc, char** argv) {
    std::optional<QString> value;
    int out = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if ((a == "--session" || a == "-session") && i + 1 < argc) {
            value = QString::fromLocal8Bit(argv[++i]);
        } else if (a.rfind("--session=", 0) == 0) {
            value = QString::fromLocal8Bit(argv[i] + std::strlen("--session="));
        } else {
            argv[out++] = argv[i];
        }
    }
    argc = out;
    argv[argc] = nullptr;
    return value;
}

// Draws one frame through the event loop, as the interactive program does (a repaint() call
// would not reach paintGL before the window is exposed). False after 5 s without a frame.
bool draw_frame(dimerlab::app::GlViewport& view) {
    const std::uint64_t before = view.frames_drawn();
    QElapsedTimer waited;
    waited.start();
    view.update();
    while (view.frames_drawn() == before) {
        if (waited.elapsed() > 5000) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

// --populate-panels: starts every on-demand computation of the docked panels (exact and estimated
// Z, R-hat, coalescence, parallel rounds, the live verification check) and runs the event loop
// until each has shown its result, so a screenshot shows the panels populated (docs/, demos).
// Returns false when something was still running after `limit_ms`.
bool populate_panels(dimerlab::app::MainWindow& window, qint64 limit_ms) {
    using Job = dimerlab::app::PartitionPanel::JobState;
    auto& partition = window.partition_panel();
    auto& diagnostics = window.diagnostics_panel();
    auto& verification = window.verification_panel();
    int diagnostics_pending = 3;
    QObject context;
    for (auto signal : {&dimerlab::app::DiagnosticsPanel::rhat_finished,
                        &dimerlab::app::DiagnosticsPanel::coalescence_finished,
                        &dimerlab::app::DiagnosticsPanel::rounds_finished})
        QObject::connect(&diagnostics, signal, &context, [&] { --diagnostics_pending; });
    partition.compute_exact();
    partition.compute_estimate();
    diagnostics.measure_rhat();
    diagnostics.measure_coalescence();
    diagnostics.measure_rounds();
    verification.check_now();
    QElapsedTimer clock;
    clock.start();
    auto busy = [&] {
        return partition.exact_state() == Job::running || partition.estimate_state() == Job::running ||
               diagnostics_pending > 0 || verification.busy();
    };
    while (busy() && clock.elapsed() < limit_ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    diagnostics.refresh_now();
    return !busy();
}

// 90% of the screen's available area (at least 800×600), so the window fits and the picture,
// not the docks, takes most of it.
QSize screen_fitting_size() {
    const QScreen* screen = QGuiApplication::primaryScreen();
    const QSize available = screen ? screen->availableGeometry().size() : QSize(1280, 800);
    return {std::max(800, available.width() * 9 / 10), std::max(600, available.height() * 9 / 10)};
}

QSize parse_size(const QString& text) {
    const QStringList parts = text.split('x');
    bool ok_w = false, ok_h = false;
    const int w = parts.size() == 2 ? parts[0].toInt(&ok_w) : 0;
    const int h = parts.size() == 2 ? parts[1].toInt(&ok_h) : 0;
    if (!ok_w || !ok_h || w < 64 || h < 64 || w > 8192 || h > 8192)
        throw dimerlab::InputError("--size '" + text.toStdString() + "': expected WxH, each 64..8192");
    return {w, h};
}

// Closing the window never waits for a panel's computation: the panels cancel their tasks and
// leave them to end alone. If some still run when the event loop is over, the process ends now,
// without the static destructors those threads might still be using.
int end_without_waiting(int status, std::unique_ptr<dimerlab::app::MainWindow>& window) {
    window.reset();
    if (dimerlab::app::BackgroundTasks::running_in_process() > 0) {
        std::cout.flush();
        std::cerr.flush();
        std::_Exit(status);
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    // Before QApplication, or QOpenGLWidget gets a compatibility context (docs/building.md §6.2).
    // Measuring frames/s: do not let a vsync'd swap cap the rate.
    dimerlab::render::set_default_gl_format(!has_flag(argc, argv, "--fps-report"));

    // --help and --version print and quit: they need no display (help2man runs them at build time).
    const bool only_text = has_flag(argc, argv, "--help") || has_flag(argc, argv, "-h") ||
                           has_flag(argc, argv, "--help-all") || has_flag(argc, argv, "--version") ||
                           has_flag(argc, argv, "-v");
    if (only_text) qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!only_text && dimerlab::render::display_missing())
        return fail(std::string("no display: the dimerlab viewport needs OpenGL 3.3 through X11; ") +
                    kNoDisplayHint);

    // A DISPLAY that cannot be reached would abort in the constructor; fall back to offscreen,
    // which window_gl_unavailable_reason() refuses with the hint.
    if (!only_text) dimerlab::render::request_x_platform_with_fallback();
    std::optional<QString> session_path = take_session_arg(argc, argv);
    QApplication qapp(argc, argv);
    QApplication::setApplicationName("dimerlab");
    QApplication::setApplicationVersion(DIMERLAB_VERSION);
    QApplication::setOrganizationName("dimerlab");  // where QSettings keeps the window layout
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "dimerlab: random matchings of graphs (monomer-dimer model), live\n\nKeys:\n" +
        dimerlab::app::lecture_keys_text().chopped(1));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption preset_opt("preset", "Preset to open (default: default).", "NAME", "default");
    // Parsed by take_session_arg; listed here for --help only.
    QCommandLineOption session_opt("session", "Session file to open (replayed to its update index).", "FILE");
    QCommandLineOption graph_opt("graph", "Graph spec, overrides the preset's.", "SPEC");
    QCommandLineOption lambda_opt("lambda", "Dimer activity, overrides the preset's; inf: perfect matchings.",
                                  "L");
    QCommandLineOption dynamics_opt("dynamics", "Dynamics, overrides the preset's (as in dimerlab-cli).",
                                    "D");
    QCommandLineOption colour_opt(
        "colour", "Colour mode, overrides the preset's: " + dimerlab::colour_mode_names() + ".", "MODE");
    QCommandLineOption palette_opt("palette",
                                   "Colours: colour-blind-safe (the default) or classic; otherwise the "
                                   "last run's.",
                                   "NAME");
    QCommandLineOption contrast_opt("high-contrast",
                                    "Thicker, darker lines and a larger caption and legend, for a projector "
                                    "(View > High contrast); otherwise the last run's choice.");
    QCommandLineOption frames_opt("frames", "Draw N frames (one step of the chain each), then quit.", "N");
    QCommandLineOption shot_opt("screenshot", "Save the window to this PNG after the last frame, then quit.",
                                "FILE");
    QCommandLineOption size_opt("size", "Window size in logical pixels (default: 90% of the screen).", "WxH");
    QCommandLineOption fps_opt("fps-report", "Print frames/s and sweeps/s of the automated run on stdout.");
    QCommandLineOption populate_opt("populate-panels",
                                    "After the frames, run every panel's computation (Z exact and "
                                    "estimated, R-hat, coalescence, rounds, Check now) and wait for them.");
    QCommandLineOption presentation_opt("presentation",
                                        "Switch to presentation mode (full screen, caption, legend) before "
                                        "the frames.");
    QCommandLineOption keys_opt("show-keys", "Show the lecture keys over the picture (as ? or F1 does).");
    QCommandLineOption draw_opt(
        "draw-region", "Open Draw mode on this .region file (in automation: after the frames).", "FILE");
    QCommandLineOption help_shot_opt(
        "help-screenshot", "Save the Help window (What am I looking at) to this PNG, then quit.", "FILE");
    parser.addOptions({preset_opt, session_opt, graph_opt, lambda_opt, dynamics_opt, colour_opt, palette_opt,
                       contrast_opt, frames_opt, shot_opt, size_opt, fps_opt, populate_opt, presentation_opt,
                       keys_opt, help_shot_opt, draw_opt});
    // A file manager (the .desktop entry's %f) passes a session file as the only argument.
    parser.addPositionalArgument("file", "Session file to open, as with --session.", "[FILE]");
    parser.process(qapp);
    if (const QStringList files = parser.positionalArguments(); !files.isEmpty()) {
        if (files.size() > 1 || session_path)
            return fail("expected one session file, given as FILE or with --session, not both");
        session_path = files.front();
    }

    const bool automated = parser.isSet(frames_opt) || parser.isSet(shot_opt) || parser.isSet(fps_opt) ||
                           parser.isSet(populate_opt) || parser.isSet(help_shot_opt);
    if (const std::string why = dimerlab::render::window_gl_unavailable_reason(); !why.empty())
        return fail("no usable OpenGL: " + why + "; " + kNoDisplayHint);

    std::unique_ptr<dimerlab::app::MainWindow> window;
    std::optional<dimerlab::render::PaletteKind> palette;
    int frames = 0;
    QSize size;
    std::optional<dimerlab::app::DrawRegion> draw_region;
    try {
        if (parser.isSet(draw_opt)) draw_region = read_draw_region(parser.value(draw_opt));
        if (session_path && parser.isSet(preset_opt))
            throw dimerlab::InputError("--preset and --session exclude each other");
        dimerlab::Session session = session_path ? dimerlab::load_session_file(*session_path)
                                                 : dimerlab::load_preset(parser.value(preset_opt));
        if (parser.isSet(graph_opt)) {
            session.graph = parser.value(graph_opt).toStdString();
            session.view.has_camera = false;
        }
        if ((parser.isSet(lambda_opt) || parser.isSet(dynamics_opt)) && session.update_index > 0)
            throw dimerlab::InputError("--lambda and --dynamics cannot change a session's recorded chain");
        if (parser.isSet(dynamics_opt))
            session.dynamics = dimerlab::parse_dynamics(parser.value(dynamics_opt).toStdString());
        if (parser.isSet(lambda_opt)) {
            session.record = dimerlab::LambdaRecord(
                dimerlab::parse_lambda(parser.value(lambda_opt).toStdString(), "--lambda"));
            // At λ = ∞ a chain starts from a perfect matching, as the window's ∞ does.
            if (session.record.infinite() &&
                (session.start == dimerlab::StartKind::empty || session.start == dimerlab::StartKind::greedy))
                session.start = dimerlab::StartKind::maximum;
        }
        if (parser.isSet(graph_opt) || parser.isSet(lambda_opt) || parser.isSet(dynamics_opt)) {
            // Another chain than the preset's: its title and description no longer describe it.
            session.name = QString::fromStdString(session.graph);
            session.title.clear();
            session.description.clear();
        }
        if (parser.isSet(colour_opt))
            session.view.colour = dimerlab::parse_colour_mode(parser.value(colour_opt));
        if (parser.isSet(palette_opt)) {
            palette = dimerlab::render::parse_palette_name(parser.value(palette_opt).toStdString());
            if (!palette) {
                throw dimerlab::InputError("--palette '" + parser.value(palette_opt).toStdString() +
                                           "': expected colour-blind-safe or classic");
            }
        }
        if (parser.isSet(frames_opt)) {
            bool ok = false;
            frames = parser.value(frames_opt).toInt(&ok);
            if (!ok || frames < 0) throw dimerlab::InputError("--frames expects a non-negative integer");
        }
        size = parser.isSet(size_opt) ? parse_size(parser.value(size_opt)) : screen_fitting_size();
        if (automated) session.running = false;  // frames are driven below, one chain step each
        window = std::make_unique<dimerlab::app::MainWindow>(session);
    } catch (const std::exception& e) {
        return fail(e.what(), !automated);
    }
    window->resize(size);
    window->apply_default_layout();
    // The palette asked for, else (outside automation, whose pictures must not depend on the last
    // run) the one the last run chose.
    if (!palette && !automated) {
        palette =
            dimerlab::render::parse_palette_name(QSettings().value("view/palette").toString().toStdString());
    }
    window->set_colour_palette(palette.value_or(dimerlab::render::PaletteKind::colour_blind_safe));
    window->set_high_contrast(parser.isSet(contrast_opt) ||
                              (!automated && QSettings().value("view/high_contrast", false).toBool()));
    if (!automated) {
        // The layout of the last run, unless a size was asked for; automation (screenshots,
        // measurements) always starts from the default layout, so its pictures are reproducible.
        window->set_remember_layout(true);
        if (!parser.isSet(size_opt)) window->restore_layout(QSettings());
        window->show();
        if (draw_region) show_draw_region(*window, *draw_region);
        return end_without_waiting(qapp.exec(), window);
    }
    window->show();

    window->set_manual_frames(true);
    const QString shot = parser.value(shot_opt);
    int status = 0;
    QTimer::singleShot(0, &qapp, [&] {
        auto& controller = window->controller();
        auto& view = window->viewport();
        controller.sync();  // a session's replay
        if (controller.replay_check() == dimerlab::app::LabController::ReplayCheck::mismatched)
            std::cerr << "warning: the session's replay did not reproduce its state_hash\n";
        if (!draw_frame(view) || !view.gl_ok()) {
            status = fail("OpenGL viewport failed: " + view.gl_description().toStdString());
            qapp.exit(status);
            return;
        }
        if (parser.isSet(presentation_opt)) {
            window->set_presentation(true);
            // Without a window manager (Xvfb) nothing gives the full-screen window the screen.
            if (const QScreen* screen = window->screen(); screen && window->geometry() != screen->geometry())
                window->setGeometry(screen->geometry());
            QElapsedTimer settle;  // the window manager (or Xvfb) resizes the window
            settle.start();
            while (settle.elapsed() < 500) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        }
        // The chain runs on its own thread while frames are drawn: frames show whatever
        // snapshot is ready, as in the interactive program.
        QElapsedTimer clock;
        clock.start();
        const std::uint64_t t0 = controller.snapshot().time;
        for (int i = 0; i < frames; ++i) {
            controller.step_frame();
            controller.frame();
            draw_frame(view);
        }
        const double draw_s = clock.nsecsElapsed() * 1e-9;
        controller.sync();
        const double total_s = clock.nsecsElapsed() * 1e-9;
        window->refresh();
        window->set_measured_rates(draw_s > 0 ? frames / draw_s : 0,
                                   total_s > 0 ? double(controller.snapshot().time - t0) / total_s : 0);
        if (parser.isSet(populate_opt) && !populate_panels(*window, 600'000))
            std::cerr << "warning: a panel computation was still running after 600 s\n";
        if (draw_region) show_draw_region(*window, *draw_region);
        if (parser.isSet(keys_opt)) {
            window->set_shortcuts_overlay(true);
            QCoreApplication::processEvents();
        }
        draw_frame(view);
        if (parser.isSet(fps_opt)) {
            const double sweeps = double(controller.snapshot().time - t0) / controller.graph().num_edges();
            std::cout << "fps-report graph=" << controller.graph().spec() << " frames=" << frames
                      << " draw_seconds=" << draw_s << " fps=" << (draw_s > 0 ? frames / draw_s : 0)
                      << " sweeps=" << sweeps << " sweeps_per_second=" << (total_s > 0 ? sweeps / total_s : 0)
                      << " hud_fps=" << view.overlay().stats().fps
                      << " hud_updates_per_second=" << view.overlay().stats().updates_per_s << " renderer=\""
                      << view.gl_description().toStdString() << "\"\n";
        }
        if (parser.isSet(help_shot_opt)) {
            auto& help = window->help_dialog();
            help.resize(760, 700);
            help.show_page(dimerlab::app::HelpDialog::Page::what_am_i_looking_at);
            QCoreApplication::processEvents();
            QSaveFile file(parser.value(help_shot_opt));
            const QImage image = help.grab().toImage();
            if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
                status = fail("cannot write screenshot '" + parser.value(help_shot_opt).toStdString() + "'");
        }
        if (!shot.isEmpty()) {
            // QSaveFile writes to a temporary file and renames on commit: no partial PNG on failure.
            QSaveFile file(shot);
            const QImage image = window->grab().toImage();
            if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
                status = fail("cannot write screenshot '" + shot.toStdString() +
                              "': " + file.errorString().toStdString());
            }
        }
        qapp.exit(status);
    });
    return end_without_waiting(qapp.exec() == 0 ? status : 1, window);
}
