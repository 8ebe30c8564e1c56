// dimerlab: the desktop program. This first version opens a window on a preset (default:
// grid:64x64 at λ=1, running) and can be automated for demos and tests:
//   dimerlab [--preset NAME] [--graph SPEC] [--lambda L] [--frames N] [--screenshot FILE.png]
#include <QApplication>
#include <QCommandLineParser>
#include <QImage>
#include <QMessageBox>
#include <QSaveFile>
#include <QTimer>
#include <cstdio>
#include <iostream>

#include "graph_view.hpp"
#include "main_window.hpp"
#include "preset.hpp"
#include "util/errors.hpp"

namespace {

int fail(const QString& message, bool interactive) {
    std::cerr << "error: " << message.toStdString() << "\n";
    if (interactive) QMessageBox::critical(nullptr, "dimerlab", message);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication qapp(argc, argv);
    QApplication::setApplicationName("dimerlab");
    QApplication::setApplicationVersion(DIMERLAB_VERSION);
    QCommandLineParser parser;
    parser.setApplicationDescription("dimerlab: random matchings of graphs (monomer-dimer model), live");
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption preset_opt("preset", "Preset to open (default: default).", "NAME", "default");
    QCommandLineOption graph_opt("graph", "Graph spec, overrides the preset's.", "SPEC");
    QCommandLineOption lambda_opt("lambda", "Dimer activity, overrides the preset's.", "L");
    QCommandLineOption frames_opt("frames", "Run N frames, then quit.", "N");
    QCommandLineOption shot_opt("screenshot", "Save the window to this PNG after the last frame, then quit.",
                                "FILE");
    parser.addOptions({preset_opt, graph_opt, lambda_opt, frames_opt, shot_opt});
    parser.process(qapp);

    const bool automated = parser.isSet(frames_opt) || parser.isSet(shot_opt);
    std::unique_ptr<dimerlab::app::MainWindow> window;
    int frames = 0;
    try {
        dimerlab::app::Preset preset = dimerlab::app::load_preset(parser.value(preset_opt));
        if (parser.isSet(graph_opt)) preset.graph = parser.value(graph_opt);
        if (parser.isSet(lambda_opt)) {
            bool ok = false;
            preset.lambda = parser.value(lambda_opt).toDouble(&ok);
            if (!ok)
                throw dimerlab::InputError("--lambda '" + parser.value(lambda_opt).toStdString() +
                                           "' is not a number");
        }
        if (parser.isSet(frames_opt)) {
            bool ok = false;
            frames = parser.value(frames_opt).toInt(&ok);
            if (!ok || frames < 0) throw dimerlab::InputError("--frames expects a non-negative integer");
        }
        if (automated) preset.running = false;  // frames are driven below, one per event-loop turn
        window = std::make_unique<dimerlab::app::MainWindow>(preset);
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what()), !automated);
    }
    window->resize(900, 900);
    window->show();
    if (!automated) return qapp.exec();

    const QString shot = parser.value(shot_opt);
    int status = 0;
    QTimer::singleShot(0, &qapp, [&] {
        for (int i = 0; i < frames; ++i) {
            window->advance_frame();
            QCoreApplication::processEvents();
        }
        if (!shot.isEmpty()) {
            // QSaveFile writes to a temporary file and renames on commit: no partial PNG on failure.
            QSaveFile file(shot);
            const QImage image = window->grab().toImage();
            if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
                status = fail("cannot write screenshot '" + shot + "': " + file.errorString(), false);
            }
        }
        qapp.exit(status);
    });
    return qapp.exec() == 0 ? status : 1;
}
