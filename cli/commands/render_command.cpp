// dimerlab-cli render: replay a session or preset and render it off-screen with the app's own
// OpenGL renderer to MP4, WebM, GIF or a PNG sequence. Needs OpenGL through X (or xvfb-run);
// without a display it says so and exits 2 before Qt could abort.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>

#include "command.hpp"
#include "progress/progress_line.hpp"
#include "util/errors.hpp"
#ifdef DIMERLAB_HAVE_RENDER
#include <QGuiApplication>
#include <QString>

#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/animation_export.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "graph/graph_spec.hpp"
#include "model/lambda_record.hpp"
#endif

namespace dimerlab::cli {
namespace {

constexpr const char* kDisplayHint =
    "run it under a display or Xvfb, e.g. `xvfb-run -a dimerlab-cli render ...`";

struct RenderOptions {
    std::string session;
    std::string preset;
    int frames = 120;
    int fps = 30;
    std::string size = "1280x720";
    double sweeps_per_frame = -1;  // < 0: the session's own
    std::string backend;           // empty: the session's
    bool fit = false;
    bool caption = false;
    std::string colour;  // empty: the session's
    std::string palette = "colour-blind-safe";
    bool high_contrast = false;
    std::string out;
    bool progress = false;
    bool shuffle_steps = false;
};

#ifdef DIMERLAB_HAVE_RENDER
// "WxH" with 1..5 digits a side; the range checks are check_animation_request's.
std::pair<int, int> parse_render_size(const std::string& text) {
    const auto x = text.find('x');
    const auto digits = [](const std::string& s) {
        return !s.empty() && s.size() <= 5 && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (x == std::string::npos || !digits(text.substr(0, x)) || !digits(text.substr(x + 1)))
        throw InputError("--size '" + text + "': expected WIDTHxHEIGHT, e.g. 1280x720");
    return {std::stoi(text.substr(0, x)), std::stoi(text.substr(x + 1))};
}

int run_render(const RenderOptions& opt) {
    using namespace dimerlab::render;
    if (!opt.session.empty() && !opt.preset.empty())
        throw InputError("--session and --preset exclude each other");
    AnimationRequest request;
    // Everything that can be checked without a display first, so bad input is reported as such.
    request.session = opt.session.empty()
                          ? load_preset(QString::fromStdString(opt.preset.empty() ? "default" : opt.preset))
                          : load_session_file(QString::fromStdString(opt.session));
    request.frames = opt.frames;
    request.fps = opt.fps;
    std::tie(request.width, request.height) = parse_render_size(opt.size);
    request.sweeps_per_frame =
        opt.sweeps_per_frame < 0 ? request.session.sweeps_per_frame : opt.sweeps_per_frame;
    if (!opt.backend.empty()) request.session.backend = parse_backend(opt.backend);
    request.fit = opt.fit;
    request.caption = opt.caption;
    if (!opt.colour.empty())
        request.session.view.colour = parse_colour_mode(QString::fromStdString(opt.colour));
    const std::optional<PaletteKind> palette = parse_palette_name(opt.palette);
    if (!palette) throw InputError("--palette '" + opt.palette + "': expected colour-blind-safe or classic");
    request.palette = *palette;
    request.high_contrast = opt.high_contrast;
    if (opt.shuffle_steps) {
        // One step of domino shuffling per frame (Dynamics::shuffle_steps: one step per update).
        request.session.dynamics = Dynamics::shuffle_steps;
        request.session.record = LambdaRecord(kInfiniteLambda);
        request.session.start = StartKind::empty;  // frame 0: the empty diamond, frame k: step k
        request.session.update_index = 0;
        request.session.state_hash.reset();
        const Graph g = make_graph(request.session.graph, BuildOptions{.with_layout = false});
        if (g.num_edges() > 0) request.sweeps_per_frame = 1.0 / double(g.num_edges());
    }
    request.out = opt.out;
    check_animation_request(request);

    if (display_missing())
        throw InputError(std::string("no display: rendering needs OpenGL through X; ") + kDisplayHint);
    set_default_gl_format();
    request_x_platform_with_fallback();
    int argc = 1;
    char name[] = "dimerlab-cli";
    char* argv[] = {name, nullptr};
    QGuiApplication qapp(argc, argv);
    if (const std::string why = offscreen_gl_unavailable_reason(); !why.empty())
        throw InputError("no usable OpenGL: " + why + "; " + kDisplayHint);

    ProgressLine progress(opt.progress);
    std::string notice;
    const bool complete = export_animation(
        request,
        [&](int done, int total) {
            const bool last = done == total;
            if (progress.due(last))
                progress.show("render: frame " + std::to_string(done) + "/" + std::to_string(total) +
                                  time_left_text(total > 0 ? double(done) / total : 1.0, progress.elapsed()),
                              last);
            return true;
        },
        &notice);
    progress.finish();
    if (!notice.empty()) std::cerr << "note: " << notice << "\n";
    if (!complete) throw InputError("render cancelled");
    std::cerr << "render: wrote " << request.out << " (" << request.frames << " frames, " << request.width
              << "x" << request.height << ", " << request.fps << " fps)\n";
    return 0;
}
#else
int run_render(const RenderOptions&) {
    throw InputError(
        "this dimerlab-cli was built without the renderer (it needs the Qt app, -DDIMERLAB_BUILD_APP=ON, and "
        "FFmpeg's libav* libraries; run scripts/install-deps.sh and rebuild)");
}
#endif

}  // namespace

CommandAction add_render_command(CLI::App& app) {
    auto opt = std::make_shared<RenderOptions>();
    CLI::App* sub = app.add_subcommand(
        "render", "Replay a session or preset and render it off-screen to a video (needs X or xvfb-run)");
    sub->add_option("--session", opt->session, "Session file (JSON) saved by the app");
    sub->add_option("--preset", opt->preset, "Preset name (default: default)");
    sub->add_option("--frames", opt->frames, "Frames to render; frame 0 is the session's state")
        ->capture_default_str();
    sub->add_option("--fps", opt->fps, "Frame rate")->capture_default_str();
    sub->add_option("--size", opt->size, "Frame size WIDTHxHEIGHT")->capture_default_str();
    sub->add_option("--sweeps-per-frame", opt->sweeps_per_frame,
                    "Sweeps of the chain between frames (default: the session's)");
    sub->add_option("--backend", opt->backend,
                    "cpu | cpu-parallel | cuda, overriding the session's (frames are identical)");
    sub->add_option("--colour", opt->colour,
                    colour_mode_names().replace(", ", " | ").replace(" or ", " | ").toStdString() +
                        ", overriding the session's");
    sub->add_option("--palette", opt->palette,
                    "colour-blind-safe (told apart with any colour vision) | classic (red, yellow, blue, "
                    "green dominoes)")
        ->capture_default_str();
    sub->add_flag("--high-contrast", opt->high_contrast,
                  "Thicker, darker lines and a larger caption and legend, for a projector (as the window's "
                  "View > High contrast)");
    sub->add_flag(
        "--shuffle-steps", opt->shuffle_steps,
        "aztec:N sessions: record domino shuffling step by step (frame k shows the order-k tiling at "
        "the centre; use --frames N to end on the finished tiling)");
    sub->add_flag("--fit", opt->fit, "Show the whole graph even when the session has a camera");
    sub->add_flag("--caption", opt->caption,
                  "Caption every frame (graph, lambda, dynamics, sweeps) and add the colour legend");
    sub->add_option("--out", opt->out, "FILE.mp4 | FILE.webm | FILE.gif | DIR/ (PNG sequence)")->required();
    sub->add_flag("--progress", opt->progress,
                  "Report progress on stderr (default: when stderr is a terminal)");
    return [opt]() { return run_render(*opt); };
}

}  // namespace dimerlab::cli
