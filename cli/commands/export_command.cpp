// dimerlab-cli export: run a chain and write measurements (CSV, JSON), the final state (SVG,
// TikZ, GraphML), a plot (SVG) and an animation of the run (MP4, WebM, GIF, PNG sequence), headless.
// Outputs are written all or nothing (OutputBatch, and the video encoder's own temporary file), so
// a failed export leaves nothing behind. A full disk or an unwritable folder
// exits 2 like any other unusable output path (docs/architecture.md §7.1): the user has to choose
// another destination, which is what "bad input" means there.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "command.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "export/graphml_writer.hpp"
#include "export/measurement_export.hpp"
#include "export/output_batch.hpp"
#include "export/plot_builders.hpp"
#include "export/plot_svg.hpp"
#include "export/state_figure.hpp"
#include "export/state_raster.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching_constants.hpp"
#include "sampling/observables.hpp"
#include "sampling/start_state.hpp"
#include "util/errors.hpp"
#ifdef DIMERLAB_HAVE_VIDEO
#include "dimerlab_video/video_encoder.hpp"
#endif

namespace dimerlab::cli {
namespace {

struct ExportOptions {
    std::string spec = "grid:32x32";
    double lambda = 1;
    std::uint64_t seed = 1;
    std::uint64_t sweeps = 100;
    std::string dynamics = "glauber";
    std::string start = "empty";
    std::string csv, json, svg, tikz, graphml, video, plot_svg;
    std::string plot = "density";
    std::string plot_size = "800x500";
    int frames = 60;
    int fps = 30;
    std::string size = "1280x720";
    bool progress = false;
};

// "WxH", e.g. 1280x720; range checks are the encoder's and the plot writer's.
std::pair<int, int> parse_size(const std::string& text, const char* option = "--size") {
    const auto x = text.find('x');
    try {
        if (x == std::string::npos || x == 0 || x + 1 >= text.size()) throw std::invalid_argument("size");
        const std::string ws = text.substr(0, x), hs = text.substr(x + 1);
        if (ws.find_first_not_of("0123456789") != std::string::npos ||
            hs.find_first_not_of("0123456789") != std::string::npos || ws.size() > 6 || hs.size() > 6) {
            throw std::invalid_argument("size");
        }
        return {std::stoi(ws), std::stoi(hs)};
    } catch (const std::exception&) {
        throw InputError(std::string(option) + " '" + text + "': expected WIDTHxHEIGHT, e.g. 1280x720");
    }
}

int run_export(const ExportOptions& opt) {
    check_lambda(opt.lambda, "--lambda");
    SamplerSpec spec;
    spec.graph = opt.spec;
    spec.seed = opt.seed;
    spec.dynamics = parse_dynamics(opt.dynamics);
    spec.start = parse_start_kind(opt.start);
    spec.record = LambdaRecord(opt.lambda);
    spec.backend = Backend::cpu;
    if (opt.csv.empty() && opt.json.empty() && opt.svg.empty() && opt.tikz.empty() && opt.graphml.empty() &&
        opt.video.empty() && opt.plot_svg.empty()) {
        throw InputError(
            "nothing to export: give at least one of --csv, --json-out, --plot-svg, --svg, --tikz, "
            "--graphml, "
            "--video");
    }
    // Every cheap check before the run, so a typo does not cost the whole chain.
    if (!opt.csv.empty()) require_extension(opt.csv, {".csv"}, "--csv");
    if (!opt.json.empty()) require_extension(opt.json, {".json"}, "--json-out");
    if (!opt.svg.empty()) require_extension(opt.svg, {".svg"}, "--svg");
    if (!opt.tikz.empty()) require_extension(opt.tikz, {".tex", ".tikz"}, "--tikz");
    if (!opt.graphml.empty()) require_extension(opt.graphml, {".graphml"}, "--graphml");
    const PlotKind plot_kind = parse_plot_kind(opt.plot);
    int plot_width = 0, plot_height = 0;
    std::tie(plot_width, plot_height) = parse_size(opt.plot_size, "--plot-size");
    if (!opt.plot_svg.empty()) {
        require_extension(opt.plot_svg, {".svg"}, "--plot-svg");
        layout_plot(Plot{}, plot_width, plot_height);  // size check
        if (opt.sweeps < 1) throw InputError("--plot-svg needs at least one sweep (--sweeps)");
        if (plot_kind == PlotKind::autocorrelation && opt.sweeps < 2) {
            throw InputError("--plot acf needs at least two sweeps (--sweeps)");
        }
    }
#ifdef DIMERLAB_HAVE_VIDEO
    std::unique_ptr<VideoEncoder> encoder;
    VideoOptions vopt;
    int width = 0, height = 0;
    if (!opt.video.empty()) {
        std::tie(width, height) = parse_size(opt.size);
        vopt = VideoOptions{width, height, opt.fps};
        check_video_options(video_format_for_path(opt.video), vopt);
        if (opt.frames < 1) throw InputError("--frames must be at least 1");
    }
#else
    if (!opt.video.empty()) {
        throw InputError(
            "this dimerlab-cli was built without video support (FFmpeg's libav* libraries were "
            "not found at build time; run scripts/install-deps.sh and rebuild)");
    }
#endif

    const bool want_layout =
        !opt.svg.empty() || !opt.tikz.empty() || !opt.graphml.empty() || !opt.video.empty();
    const Graph g = make_graph(opt.spec, BuildOptions{.with_layout = want_layout});
    print_graph_notices(g);
    if (g.num_edges() == 0) throw InputError("graph '" + g.spec() + "' has no edges: nothing to sample");
    if (!opt.plot_svg.empty() && plot_kind == PlotKind::imbalance &&
        !measure_state(g, std::vector<std::uint32_t>(g.num_vertices(), kNoMate)).axis_imbalance) {
        throw InputError("--plot imbalance: graph '" + g.spec() + "' has no horizontal/vertical edge axes");
    }
    if (!opt.tikz.empty() && g.num_edges() > kMaxTikzEdges) {
        // Refused before the run; state_tikz says why.
        state_tikz(g, std::vector<std::uint32_t>(g.num_vertices(), kNoMate));
    }
    const std::uint64_t m = g.num_edges();
    if (opt.sweeps > std::numeric_limits<std::int64_t>::max() / m) {
        throw InputError("--sweeps is too large for this graph");
    }
    const std::uint64_t total = opt.sweeps * m;

    std::unique_ptr<Sampler> sampler = make_sampler(g, spec, WhenUnavailable::refuse).sampler;

    std::optional<StateRasterizer> raster;
    std::vector<std::uint8_t> rgb;
#ifdef DIMERLAB_HAVE_VIDEO
    if (!opt.video.empty()) {
        raster.emplace(g, width, height);
        rgb.resize(raster->frame_bytes());
        encoder = std::make_unique<VideoEncoder>(opt.video, vopt);
    }
#endif
    // Frame k shows the state after round(k * total / (frames - 1)) updates: the first frame is
    // the start, the last the final state.
    const int frames = opt.video.empty() ? 0 : opt.frames;
    auto frame_time = [&](int k) -> std::uint64_t {
        if (frames <= 1) return total;
        return static_cast<std::uint64_t>(std::llround(static_cast<long double>(total) * k / (frames - 1)));
    };
    const bool show_progress = opt.progress || ::isatty(STDERR_FILENO);
    std::vector<SweepRecord> series;
    series.reserve(opt.sweeps);
    int next_frame = 0;
    std::uint64_t next_sweep = 1;
    for (;;) {
        const std::uint64_t t = sampler->time();
        while (next_frame < frames && frame_time(next_frame) == t) {
#ifdef DIMERLAB_HAVE_VIDEO
            raster->render(sampler->mate(), rgb);
            encoder->add_frame(rgb);
#endif
            ++next_frame;
            if (show_progress && next_frame % 10 == 0) {
                std::cerr << "progress: frame " << next_frame << "/" << frames << "\n";
            }
        }
        if (next_sweep * m == t && next_sweep <= opt.sweeps) {
            const StateObservables o = measure_state(g, sampler->mate());
            series.push_back(SweepRecord{next_sweep, t, sampler->lambda(), o.dimers, o.monomers,
                                         o.covered_fraction, o.axis_imbalance});
            ++next_sweep;
        }
        if (t >= total) break;
        std::uint64_t next = std::min(total, next_sweep * m);
        if (next_frame < frames) next = std::min(next, frame_time(next_frame));
        sampler->advance(next - t);
    }
    const ExportMetadata meta = export_metadata(g, *sampler, spec.start);
    // Every output is complete in a temporary file before any of them takes its name: a full
    // disk halfway through leaves neither new files nor damaged old ones.
    OutputBatch batch;
    if (!opt.csv.empty()) batch.add(opt.csv, time_series_csv(series));
    if (!opt.json.empty()) batch.add(opt.json, time_series_json(meta, series));
    if (!opt.plot_svg.empty()) {
        const std::optional<double> reference =
            plot_kind == PlotKind::density ? exact_density_reference(g, meta.lambda_record) : std::nullopt;
        batch.add(opt.plot_svg, plot_svg(make_plot(plot_kind, series, reference), plot_width, plot_height));
    }
    if (!opt.svg.empty()) batch.add(opt.svg, state_svg(g, sampler->mate()));
    if (!opt.tikz.empty()) batch.add(opt.tikz, state_tikz(g, sampler->mate()));
    if (!opt.graphml.empty()) batch.add(opt.graphml, state_graphml(g, sampler->mate(), meta));
#ifdef DIMERLAB_HAVE_VIDEO
    if (encoder) encoder->finish();  // renames the video; on failure the batch's destructor cleans up
#endif
    try {
        batch.commit();
    } catch (...) {
        if (!opt.video.empty()) {
            std::error_code ec;
            std::filesystem::remove_all(opt.video, ec);
        }
        throw;
    }
    return 0;
}

}  // namespace

CommandAction add_export_command(CLI::App& app) {
    auto opt = std::make_shared<ExportOptions>();
    CLI::App* sub = app.add_subcommand(
        "export",
        "Run a chain; write its time series (CSV, JSON), final state (SVG, TikZ, GraphML) and a video");
    sub->add_option("--graph", opt->spec, "Graph spec")->capture_default_str();
    sub->add_option("--lambda", opt->lambda, "Dimer activity λ > 0")->capture_default_str();
    sub->add_option("--seed", opt->seed, "Seed of the update tape")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--sweeps", opt->sweeps, "Sweeps to run (1 sweep = m updates), measured after each")
        ->capture_default_str()
        ->check(non_negative_integer());
    sub->add_option("--dynamics", opt->dynamics, "glauber | jerrum-sinclair | chromatic")
        ->capture_default_str();
    sub->add_option("--start", opt->start, "empty | greedy | maximum")->capture_default_str();
    sub->add_option("--csv", opt->csv, "Per-sweep time series as CSV (.csv)");
    sub->add_option("--json-out", opt->json, "Per-sweep time series with metadata as JSON (.json)");
    sub->add_option("--plot-svg", opt->plot_svg, "Time-series plot as SVG (.svg), see --plot");
    sub->add_option("--plot", opt->plot,
                    "Plot for --plot-svg: density (with the exact mean when known) | imbalance | acf")
        ->capture_default_str();
    sub->add_option("--plot-size", opt->plot_size, "Plot size WIDTHxHEIGHT in pixels")->capture_default_str();
    sub->add_option("--svg", opt->svg, "Final state as SVG (.svg)");
    sub->add_option("--tikz", opt->tikz, "Final state as TikZ (.tex or .tikz), small graphs only");
    sub->add_option("--graphml", opt->graphml,
                    "Graph and final matching as GraphML (.graphml): edge attribute 'dimer', node x and y");
    sub->add_option("--video", opt->video,
                    "Animation: FILE.mp4 | FILE.webm | FILE.gif | DIR/ (PNG sequence)");
    sub->add_option("--frames", opt->frames, "Video frames, spread evenly over the run")
        ->capture_default_str();
    sub->add_option("--fps", opt->fps, "Video frame rate")->capture_default_str();
    sub->add_option("--size", opt->size, "Video size WIDTHxHEIGHT")->capture_default_str();
    sub->add_flag("--progress", opt->progress,
                  "Report progress on stderr (default: when stderr is a terminal)");
    return [opt]() { return run_export(*opt); };
}

}  // namespace dimerlab::cli
