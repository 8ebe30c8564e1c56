// Rendering + encoding throughput for grid:256x256 at 1280x720 (the export benchmark's graph): the
// software rasteriser of `export --video`, and, when built with the app and run with a display
// (xvfb-run -a), the app's OpenGL renderer off-screen as `dimerlab-cli render` uses it.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <vector>

#include "dimerlab_video/video_encoder.hpp"
#include "export/state_raster.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"
#ifdef DIMERLAB_BENCH_GL
#include <QGuiApplication>
#include <memory>

#include "dimerlab_render/gl_availability.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#endif

namespace {

using namespace dimerlab;
using Clock = std::chrono::steady_clock;
constexpr int kWidth = 1280, kHeight = 720, kFrames = 60;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Renders kFrames frames into each format, advancing the chain m/16 updates between frames, as in
// a real animation: frames differ.
void bench_encode(const char* label, const Graph& g, Sampler& sampler,
                  const std::function<void(std::span<std::uint8_t>)>& render) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dimerlab_bench_export";
    std::filesystem::create_directories(dir);
    for (const char* name : {"b.mp4", "b.gif"}) {
        const auto path = dir / name;
        const auto t0 = Clock::now();
        encode_video(path.string(), VideoOptions{kWidth, kHeight, 30}, kFrames,
                     [&](int, std::span<std::uint8_t> out) {
                         sampler.advance(g.num_edges() / 16);
                         render(out);
                     });
        const double s = seconds_since(t0);
        std::printf("%s %s: render + encode %.1f frames/s, %ju bytes\n", label, name, kFrames / s,
                    static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
    }
    std::filesystem::remove_all(dir);
}

void bench_render_only(const char* label, const std::function<void(std::span<std::uint8_t>)>& render) {
    std::vector<std::uint8_t> rgb(std::size_t(kWidth) * kHeight * 3);
    const auto t0 = Clock::now();
    for (int i = 0; i < kFrames; ++i) render(rgb);
    std::printf("%s render only: %.1f frames/s\n", label, kFrames / seconds_since(t0));
}

}  // namespace

int main(int argc, char** argv) {
    const Graph g = make_graph("grid:256x256");
    auto sampler =
        make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1), MateArray(g.num_vertices(), kNoMate));
    sampler->advance(20ull * g.num_edges());
    std::printf("input: grid:256x256, %dx%d, %d frames\n", kWidth, kHeight, kFrames);

    StateRasterizer raster(g, kWidth, kHeight);
    const auto software = [&](std::span<std::uint8_t> out) { raster.render(sampler->mate(), out); };
    bench_render_only("software", software);
    bench_encode("software", g, *sampler, software);

#ifdef DIMERLAB_BENCH_GL
    if (dimerlab::render::display_missing()) {
        std::printf("opengl: skipped, no display (run under xvfb-run -a)\n");
        return 0;
    }
    dimerlab::render::set_default_gl_format();
    QGuiApplication qapp(argc, argv);
    if (const std::string why = dimerlab::render::offscreen_gl_unavailable_reason(); !why.empty()) {
        std::printf("opengl: skipped, %s\n", why.c_str());
        return 0;
    }
    auto shared = std::make_shared<const Graph>(make_graph("grid:256x256"));
    dimerlab::render::OffscreenRenderer off(kWidth, kHeight);
    off.renderer().set_scene(std::make_shared<const dimerlab::render::SceneGeometry>(shared));
    off.camera().fit(off.renderer().scene()->bounds());
    std::printf("opengl: %s\n", off.renderer().description().toStdString().c_str());
    // State upload included: each frame shows a new state, as in an export.
    const auto gl = [&](std::span<std::uint8_t> out) {
        off.renderer().set_states(sampler->mate());
        off.render_rgb(out);
    };
    bench_render_only("opengl", gl);
    bench_encode("opengl", g, *sampler, gl);
#else
    (void)argc;
    (void)argv;
#endif
    return 0;
}
