// Rendering + encoding throughput for grid:256x256 at 1280x720 (issue 7's benchmark graph), with
// the software rasteriser; the GL off-screen renderer of the app is a later increment.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "dimerlab_video/video_encoder.hpp"
#include "export/state_raster.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/sampler_factory.hpp"

int main() {
    using namespace dimerlab;
    using Clock = std::chrono::steady_clock;
    const Graph g = make_graph("grid:256x256");
    auto sampler =
        make_cpu_sampler(g, Dynamics::glauber, 1, LambdaRecord(1), MateArray(g.num_vertices(), kNoMate));
    sampler->advance(20ull * g.num_edges());
    StateRasterizer raster(g, 1280, 720);
    const int frames = 60;
    std::vector<std::uint8_t> rgb(raster.frame_bytes());
    auto t0 = Clock::now();
    for (int i = 0; i < frames; ++i) raster.render(sampler->mate(), rgb);
    const double render_s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("input: grid:256x256, 1280x720, %d frames\nrender only: %.1f frames/s\n", frames,
                frames / render_s);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dimerlab_bench_export";
    std::filesystem::create_directories(dir);
    for (const char* name : {"b.mp4", "b.gif"}) {
        const auto path = dir / name;
        t0 = Clock::now();
        // A few hundred updates between frames, as in a real animation: frames differ.
        encode_video(path.string(), VideoOptions{1280, 720, 30}, frames,
                     [&](int, std::span<std::uint8_t> out) {
                         sampler->advance(g.num_edges() / 16);
                         raster.render(sampler->mate(), out);
                     });
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("%s: render + encode %.1f frames/s, %ju bytes\n", name, frames / s,
                    static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
    }
    std::filesystem::remove_all(dir);
    return 0;
}
