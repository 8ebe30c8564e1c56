#include "dimerlab_render/animation_export.hpp"

#include <unistd.h>

#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QString>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <vector>

#include "dimerlab_render/colour_legend.hpp"
#include "dimerlab_render/edge_frequency.hpp"
#include "dimerlab_render/edge_weight_shades.hpp"
#include "dimerlab_render/line_weights.hpp"
#include "dimerlab_render/marginal_cache.hpp"
#include "dimerlab_render/monomer_heat.hpp"
#include "dimerlab_render/offscreen_renderer.hpp"
#include "dimerlab_render/placement_cache.hpp"
#include "dimerlab_render/session_replay.hpp"
#include "faces/expected_slope.hpp"
#include "tilings/shuffle_steps_sampler.hpp"
#include "util/errors.hpp"
#ifdef DIMERLAB_HAVE_ANIMATION_EXPORT
#include "dimerlab_video/video_encoder.hpp"
#endif

namespace dimerlab::render {

#ifdef DIMERLAB_HAVE_ANIMATION_EXPORT
namespace {

// The folder the output goes into (for a PNG sequence, the folder holding the new folder): it must
// exist and be writable, checked before the replay so that a typo costs nothing.
void check_output_folder(const std::string& out, VideoFormat format) {
    namespace fs = std::filesystem;
    fs::path target(out);
    if (format == VideoFormat::png_sequence) {
        while (!target.empty() && !target.has_filename()) target = target.parent_path();
    }
    fs::path folder = target.parent_path();
    if (folder.empty()) folder = ".";
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw InputError("output '" + out + "': '" + folder.string() + "' is not an existing folder");
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        throw InputError("output '" + out + "': folder '" + folder.string() + "' is not writable");
}

}  // namespace

void check_animation_request(const AnimationRequest& r) {
    if (r.out.empty()) throw InputError("no output given: FILE.mp4, FILE.webm, FILE.gif or DIR/");
    const VideoFormat format = video_format_for_path(r.out);
    check_video_options(format, VideoOptions{r.width, r.height, r.fps});
    if (r.frames < 1 || r.frames > kMaxAnimationFrames)
        throw InputError("frames " + std::to_string(r.frames) + ": must lie in 1.." +
                         std::to_string(kMaxAnimationFrames));
    if (!(r.sweeps_per_frame > 0) || !(r.sweeps_per_frame <= kMaxSweepsPerFrame))
        throw InputError("sweeps per frame must lie in (0, 1e6]");
    check_output_folder(r.out, format);
}
#else
void check_animation_request(const AnimationRequest&) {
    throw InputError(
        "this build has no video export (FFmpeg's libav* libraries were not found at build time; run "
        "scripts/install-deps.sh and rebuild)");
}
#endif

std::string frame_caption(const std::string& spec, double lambda, const std::string& dynamics, double sweeps,
                          const std::string& progress) {
    return QString("%1   ·   λ = %2   ·   %3 dynamics   ·   %4")
        .arg(QString::fromStdString(spec))
        .arg(std::isinf(lambda) ? QString("∞") : QString::number(lambda))
        .arg(QString::fromStdString(dynamics))
        .arg(progress.empty() ? QString("%1 sweeps").arg(sweeps, 0, 'f', 0)
                              : QString::fromStdString(progress))
        .toStdString();
}

std::string frame_progress(const Sampler& sampler) {
    if (const auto* steps = dynamic_cast<const ShuffleStepsSampler*>(&sampler))
        return "order " + std::to_string(steps->step()) + " of " + std::to_string(steps->order());
    return {};
}

namespace {

// Paints into the packed RGB frame in place: the caption on a white band at the top, the legend
// on a white band at the bottom; both scale with the frame's height.
void paint_caption_and_legend(std::vector<std::uint8_t>& rgb, int width, int height,
                              const std::string& caption, ColourMode mode, TileShape tiles,
                              PaletteKind palette, bool high_contrast, const WeightRange& weights) {
    // The projector's caption and legend are as much larger than the normal ones as in the window.
    const LineWeights& w = line_weights(high_contrast);
    const double caption_scale = w.caption_scale / kNormalWeights.caption_scale;
    const double legend_scale = w.legend_scale_presenting / kNormalWeights.legend_scale_presenting;
    QImage frame(rgb.data(), width, height, width * 3, QImage::Format_RGB888);
    QPainter painter(&frame);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    // Sized by the frame's height, then shrunk until the line fits its width: a long spec on a
    // square frame would otherwise lose both ends.
    QFont font;
    font.setBold(true);
    const QString text = QString::fromStdString(caption);
    for (int px = std::max(10, int(height / 28 * caption_scale)); px >= 8; --px) {
        font.setPixelSize(px);
        if (QFontMetrics(font).horizontalAdvance(text) <= 0.96 * width) break;
    }
    const QFontMetrics fm(font);
    const int band = fm.height() + fm.height() / 2;
    painter.fillRect(QRect(0, 0, width, band), Qt::white);
    painter.setFont(font);
    painter.setPen(Qt::black);
    painter.drawText(QRect(0, 0, width, band), Qt::AlignCenter, text);
    QFont small = font;
    small.setBold(false);
    const ColourLegend legend = colour_legend(mode, tiles, palette, &weights);
    QSizeF size;
    for (int px = std::max(9, int(height / 40 * legend_scale)); px >= 7; --px) {
        small.setPixelSize(px);
        size = legend_size(legend, small);
        if (size.width() <= width - 8) break;
    }
    const int legend_band = int(size.height()) + 8;
    painter.fillRect(QRect(0, height - legend_band, width, legend_band), Qt::white);
    paint_colour_legend(painter, QPointF(std::max(4.0, (width - size.width()) / 2), height - legend_band + 4),
                        legend, small);
}

}  // namespace

bool render_animation(const AnimationRequest& r,
                      const std::function<bool(int index, std::span<const std::uint8_t> rgb)>& sink,
                      std::string* notice) {
    SessionReplay replay(r.session);
    if (notice) *notice = replay.notice();
    const std::uint64_t step = replay.updates_per_frame(r.sweeps_per_frame);
    if (step > std::numeric_limits<std::uint64_t>::max() / 4 / std::uint64_t(r.frames))
        throw InputError("sweeps per frame × frames is too large for this graph");
    OffscreenRenderer offscreen(r.width, r.height);
    SceneRenderer& renderer = offscreen.renderer();
    renderer.set_scene(replay.scene());
    renderer.set_colour_mode(r.session.view.colour);
    renderer.set_palette(r.palette);
    renderer.set_high_contrast(r.high_contrast);
    renderer.set_monomers_visible(r.session.dynamics != Dynamics::shuffle_steps);
    Camera& camera = offscreen.camera();
    if (r.session.view.has_camera && !r.fit) {
        camera.set_view({r.session.view.centre_x, r.session.view.centre_y}, r.session.view.pixels_per_unit);
    } else {
        camera.fit(replay.scene()->bounds());
    }
    std::vector<std::uint8_t> rgb(std::size_t(r.width) * std::size_t(r.height) * 3);
    MonomerHeat heat;  // over the frames rendered, as the window averages over the frames shown
    MarginalCache marginals;
    heat.reset(replay.graph().num_vertices());
    PlacementCache placements;
    EdgeFrequency frequency;  // over the frames rendered, as in the window
    frequency.reset(replay.graph().num_edges());
    std::vector<float> difference;
    for (int k = 0; k < r.frames; ++k) {
        if (k > 0) replay.sampler().advance(step);
        renderer.set_states(replay.sampler().mate());
        if (r.session.view.colour == ColourMode::monomer_heat) {
            heat.add(replay.sampler().mate());
            renderer.set_heat(heat.fractions());
        } else if (r.session.view.colour == ColourMode::exact_marginals) {
            const auto m = marginals.get(replay.graph(), replay.sampler().lambda());
            if (!m) throw InfeasibleError(marginals.error());
            renderer.set_heat(*m);
        } else if (r.session.view.colour == ColourMode::edge_weights) {
            if (k == 0) renderer.set_edge_values(edge_weight_shades(replay.graph()));
        } else if (r.session.view.colour == ColourMode::expected_slope) {
            if (k == 0) {
                const auto p = placements.get(replay.graph(), replay.sampler().lambda());
                if (!p)
                    throw InfeasibleError(
                        "the expected-slope colour mode is drawn from exact placement probabilities: " +
                        placements.error());
                if (!renderer.height_function())
                    throw InputError(
                        "the expected-slope colour mode needs a square-lattice or honeycomb region");
                const HeightFunction& h = *renderer.height_function();
                renderer.set_edge_values(
                    edge_slope_shares(replay.graph(), h, expected_slopes(replay.graph(), h, *p)));
            }
        } else if (r.session.view.colour == ColourMode::exact_probabilities ||
                   r.session.view.colour == ColourMode::probability_difference) {
            const auto p = placements.get(replay.graph(), replay.sampler().lambda());
            if (!p) throw InfeasibleError(placements.error());
            if (r.session.view.colour == ColourMode::exact_probabilities) {
                renderer.set_edge_values(*p);
            } else {
                frequency.add(replay.graph(), replay.sampler().mate());
                frequency.minus(*p, difference);
                renderer.set_edge_values(difference, float(kProbabilityDifferenceScale));
            }
        }
        offscreen.render_rgb(rgb);
        if (r.caption) {
            const double sweeps = double(replay.sampler().time()) /
                                  double(std::max<std::uint32_t>(1, replay.graph().num_edges()));
            paint_caption_and_legend(rgb, r.width, r.height,
                                     frame_caption(replay.graph().spec(), replay.sampler().lambda(),
                                                   std::string(dynamics_name(r.session.dynamics)), sweeps,
                                                   frame_progress(replay.sampler())),
                                     r.session.view.colour, renderer.tile_shape(), r.palette, r.high_contrast,
                                     weight_range(replay.graph()));
        }
        if (!sink(k, rgb)) return false;
    }
    return true;
}

bool export_animation(const AnimationRequest& r, const std::function<bool(int done, int total)>& progress,
                      std::string* notice) {
    check_animation_request(r);
#ifdef DIMERLAB_HAVE_ANIMATION_EXPORT
    // The encoder first: it creates the temporary output, so an unwritable target fails before
    // the replay. Its destructor removes that output unless finish() ran.
    VideoEncoder encoder(r.out, VideoOptions{r.width, r.height, r.fps});
    const bool complete = render_animation(
        r,
        [&](int index, std::span<const std::uint8_t> rgb) {
            encoder.add_frame(rgb);
            return !progress || progress(index + 1, r.frames);
        },
        notice);
    if (!complete) {
        encoder.cancel();
        return false;
    }
    encoder.finish();
    return true;
#else
    (void)progress;
    (void)notice;
    return false;
#endif
}

}  // namespace dimerlab::render
