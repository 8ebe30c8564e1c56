// dimerlab.render_png: one picture of a graph and a matching with the app's own OpenGL renderer
// (OffscreenRenderer, as `dimerlab-cli render` and the window draw), where a display or Xvfb
// gives OpenGL; a RuntimeError saying so otherwise. The file is written atomically.
#include <pybind11/stl.h>

#include <string>
#include <utility>

#include "bindings.hpp"
#include "util/errors.hpp"
#ifdef DIMERLAB_PYTHON_RENDER
#include <QGuiApplication>
#include <QSaveFile>
#include <QString>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/gl_availability.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "dimerlab_render/palette.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#include "graph/families/igraph_bridge.hpp"
#endif

namespace dimerlab::python {
namespace {

constexpr const char* kDisplayHint = "run Python under a display or Xvfb, e.g. `xvfb-run -a python3 ...`";

#ifdef DIMERLAB_PYTHON_RENDER
// The one QGuiApplication of this process, made on first use and kept until it exits (Qt allows
// one per process, and contexts made from it must outlive every render).
void ensure_gui_application() {
    if (QGuiApplication::instance()) return;
    if (render::display_missing())
        throw std::runtime_error(std::string("no display: render_png needs OpenGL through X; ") +
                                 kDisplayHint);
    render::set_default_gl_format();
    render::request_x_platform_with_fallback();
    static int argc = 1;
    static char name[] = "dimerlab";
    static char* argv[] = {name, nullptr};
    new QGuiApplication(argc, argv);  // deliberately never deleted
}

void render_png(const std::string& path, GraphPtr graph, const py::object& matching,
                const std::string& colour, const std::string& palette, std::pair<int, int> size,
                bool high_contrast) {
    if (!path.ends_with(".png")) throw InputError("render_png '" + path + "': expected a .png file");
    const auto [width, height] = size;
    if (width < 1 || height < 1 || width > 8192 || height > 8192)
        throw InputError("size must be (width, height) with each in 1..8192");
    const MateArray mate =
        matching.is_none() ? MateArray(graph->num_vertices(), kNoMate) : mate_from_python(*graph, matching);
    const ColourMode mode = parse_colour_mode(QString::fromStdString(colour));
    if (mode == ColourMode::monomer_heat || mode == ColourMode::exact_marginals ||
        mode == ColourMode::exact_probabilities || mode == ColourMode::probability_difference)
        throw InputError(
            "colour '" + colour +
            "' shows a running chain's history; render_png draws plain, orientation-parity, tiles "
            "or height (dimerlab-cli render draws the others)");
    const auto kind = render::parse_palette_name(palette);
    if (!kind) throw InputError("palette '" + palette + "': expected colour-blind-safe or classic");
    if (graph->layout().empty()) {
        // A graph from edges has no drawing: the force layout the CLI gives file graphs.
        auto drawn = std::make_shared<Graph>(*graph);
        drawn->set_layout(families::igraph_force_layout(*drawn, 1));
        graph = drawn;
    }
    ensure_gui_application();
    if (const std::string why = render::offscreen_gl_unavailable_reason(); !why.empty())
        throw std::runtime_error("no usable OpenGL: " + why + "; " + kDisplayHint);
    render::OffscreenRenderer off(width, height);
    const auto scene = std::make_shared<const render::SceneGeometry>(graph);
    off.renderer().set_scene(scene);
    off.renderer().set_states(mate);
    off.renderer().set_colour_mode(mode);
    off.renderer().set_palette(*kind);
    off.renderer().set_high_contrast(high_contrast);
    off.camera().fit(scene->bounds());
    const QImage image = off.render_image();
    QSaveFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        throw InputError("render_png: cannot write '" + path + "': " + file.errorString().toStdString());
}
#else
void render_png(const std::string&, GraphPtr, const py::object&, const std::string&, const std::string&,
                std::pair<int, int>, bool) {
    throw std::runtime_error(
        "this dimerlab module was built without the renderer (it needs the Qt app, -DDIMERLAB_BUILD_APP=ON; "
        "run scripts/install-deps.sh and rebuild)");
}
#endif

}  // namespace

void bind_render(py::module_& m) {
    m.def("render_png", &render_png, py::arg("path"), py::arg("graph"), py::arg("matching") = py::none(),
          py::kw_only(), py::arg("colour") = "plain", py::arg("palette") = "colour-blind-safe",
          py::arg("size") = std::pair<int, int>{800, 800}, py::arg("high_contrast") = false,
          "render_png(path, graph, matching=None, *, colour='plain', palette='colour-blind-safe',\n"
          "size=(800, 800), high_contrast=False): the app's picture of the graph and matching (a mate array\n"
          "or dimers (k, 2)); colour: plain, orientation-parity, tiles or height. Needs OpenGL through X\n"
          "(a display or xvfb-run); RuntimeError otherwise.");
}

}  // namespace dimerlab::python
