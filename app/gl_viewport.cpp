#include "gl_viewport.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

#include "dimerlab_render/colour_legend.hpp"
#include "dimerlab_render/edge_weight_shades.hpp"
#include "faces/expected_slope.hpp"
#include "model/lambda_record.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab::app {

GlViewport::GlViewport(QWidget* parent) : QOpenGLWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(64, 64);
}

GlViewport::~GlViewport() {
    if (context()) {
        makeCurrent();
        overlay_.release();
        renderer_.release();
        doneCurrent();
    }
}

void GlViewport::set_scene(std::shared_ptr<const render::SceneGeometry> scene) {
    scene_ = std::move(scene);
    renderer_.set_scene(scene_);
    mate_.assign(scene_->graph().num_vertices(), kNoMate);
    heat_.reset(scene_->graph().num_vertices());
    edge_frequency_.reset(scene_->graph().num_edges());
    weight_shades_ = render::edge_weight_shades(scene_->graph());
    exact_slopes_.clear();
    shown_edge_values_.clear();
    auto_fit_ = true;
    feed_heat();
    update();
}

void GlViewport::show_snapshot(const Snapshot& snapshot) {
    if (!scene_ || snapshot.mate.size() != scene_->graph().num_vertices()) return;
    renderer_.set_states(snapshot.mate);
    renderer_.set_device_edge_states(snapshot.device_edges);
    mate_ = snapshot.mate;
    if (snapshot.generation != heat_generation_) {
        heat_.reset(mate_.size());
        edge_frequency_.reset(scene_->graph().num_edges());
        heat_generation_ = snapshot.generation;
    }
    heat_.add(mate_);
    edge_frequency_.add(scene_->graph(), mate_);
    lambda_ = snapshot.lambda;
    feed_heat();
    update();
}

ViewSettings GlViewport::view_settings() const {
    ViewSettings v;
    v.has_camera = true;
    v.centre_x = camera_.centre().x;
    v.centre_y = camera_.centre().y;
    v.pixels_per_unit = camera_.pixels_per_unit();
    v.colour = renderer_.colour_mode();
    return v;
}

void GlViewport::apply_view_settings(const ViewSettings& view) {
    renderer_.set_colour_mode(view.colour);
    feed_heat();
    if (view.has_camera) {
        camera_.set_view({view.centre_x, view.centre_y}, view.pixels_per_unit);
        auto_fit_ = false;
    }
    update();
}

void GlViewport::fit_view() {
    if (!scene_) return;
    camera_.set_viewport(width(), height());
    fit_camera();
    auto_fit_ = true;
    update();
}

void GlViewport::fit_camera() {
    render::ScreenRect covered;
    const QRectF hud = overlay_.layout().window;
    if (overlay_.visible() && !hud.isEmpty()) {
        constexpr double kGap = 6;  // so rim monomers do not touch the HUD's edge
        covered = {hud.left(), hud.top(), hud.right() + kGap, hud.bottom() + kGap};
    }
    camera_.fit(scene_->bounds(), covered);
}

void GlViewport::feed_edge_values() {
    const bool difference = renderer_.colour_mode() == ColourMode::probability_difference;
    const auto p = placements_.get(scene_->graph(), lambda_);
    if (!p) {
        // Never a silent blank: the chain's own frequencies stand in, and the note says why.
        shown_probabilities_.clear();
        const auto f = edge_frequency_.fractions();
        shown_edge_values_.assign(f.begin(), f.end());
        renderer_.set_edge_values(shown_edge_values_);
        colour_note_ = QString::fromStdString(placements_.error()) +
                       ". Showing the chain's share of frames with a dimer on each edge instead";
        return;
    }
    shown_probabilities_.assign(p->begin(), p->end());
    if (difference) {
        edge_frequency_.minus(shown_probabilities_, shown_edge_values_);
        renderer_.set_edge_values(shown_edge_values_, float(render::kProbabilityDifferenceScale));
    } else {
        shown_edge_values_ = shown_probabilities_;
        renderer_.set_edge_values(shown_edge_values_);
    }
    colour_note_.clear();
}

void GlViewport::feed_slope() {
    const Graph& g = scene_->graph();
    const HeightFunction* h = renderer_.height_function();
    const auto show = [&](std::vector<float> values, QString note) {
        if (shown_edge_values_ != values) {
            shown_edge_values_ = std::move(values);
            renderer_.set_edge_values(shown_edge_values_);
        }
        colour_note_ = std::move(note);
    };
    if (!h || !is_infinite_lambda(lambda_)) {
        shown_probabilities_.clear();
        show(std::vector<float>(g.num_edges(), 0.0f),
             !h ? "no height function for this graph (square-lattice and honeycomb regions only, not tori)"
                : "the expected height is one of perfect matchings: set λ = ∞ to see its slope");
        return;
    }
    const auto p = placements_.get(g, lambda_);
    if (!p) {
        // Never a silent blank: the chain's average height (its share of frames with a dimer on each
        // edge in place of P) stands in, and the note says why.
        shown_probabilities_.clear();
        const auto f = edge_frequency_.fractions();
        show(edge_slope_shares(g, *h, expected_slopes(g, *h, f)),
             QString::fromStdString(placements_.error()) +
                 ". Showing the slope of the chain's average height over the frames shown instead");
        return;
    }
    shown_probabilities_.assign(p->begin(), p->end());
    if (exact_slopes_.empty()) exact_slopes_ = edge_slope_shares(g, *h, expected_slopes(g, *h, *p));
    show(exact_slopes_, QString());
}

void GlViewport::feed_heat() {
    if (!scene_) return;
    if (renderer_.colour_mode() == ColourMode::expected_slope) {
        feed_slope();
        return;
    }
    if (renderer_.colour_mode() == ColourMode::edge_weights) {
        // The weights never change with the chain: fed once per scene and mode.
        if (shown_edge_values_ != weight_shades_) {
            shown_edge_values_ = weight_shades_;
            renderer_.set_edge_values(shown_edge_values_);
        }
        colour_note_ = scene_->graph().weighted() ? QString() : QString("every edge of this graph weighs 1");
        return;
    }
    if (renderer_.colour_mode() == ColourMode::exact_probabilities ||
        renderer_.colour_mode() == ColourMode::probability_difference) {
        feed_edge_values();
        return;
    }
    shown_edge_values_.clear();
    if (renderer_.colour_mode() == ColourMode::monomer_heat) {
        renderer_.set_heat(heat_.fractions());
    } else if (renderer_.colour_mode() == ColourMode::exact_marginals) {
        if (is_infinite_lambda(lambda_)) {
            // Only perfect matchings have weight at λ = ∞: P(v unmatched) = 0 for every v, exactly
            // (the chain runs only on graphs that have one), with no count to make.
            shown_marginals_.assign(scene_->graph().num_vertices(), 0.0f);
            renderer_.set_heat(shown_marginals_);
            colour_note_.clear();
            return;
        }
        const auto m = marginals_.get(scene_->graph(), lambda_);
        if (m) {
            shown_marginals_.assign(m->begin(), m->end());
            renderer_.set_heat(shown_marginals_);
            colour_note_.clear();
        } else {
            // Never a silent blank: the heat map the chain has measured stands in, and the note
            // (shown beside the colour choice) says why.
            shown_marginals_.clear();
            renderer_.set_heat(heat_.fractions());
            colour_note_ = "exact marginals not feasible for this graph (" +
                           QString::fromStdString(marginals_.error()) + "): showing the monomer heat map";
        }
        return;
    }
    if (renderer_.colour_mode() == ColourMode::height && !renderer_.height_function()) {
        colour_note_ =
            "no height function for this graph (square-lattice and honeycomb regions only, not "
            "tori): drawn plain";
        return;
    }
    colour_note_.clear();
}

void GlViewport::set_colour_palette(render::PaletteKind palette) {
    renderer_.set_palette(palette);
    update();
}

void GlViewport::set_high_contrast(bool on) {
    renderer_.set_high_contrast(on);
    overlay_.set_text_scale(float(render::line_weights(on).hud_scale));
    update();
}

void GlViewport::set_gpu_words(const QString& words) {
    gpu_words_ = words;
    update();
}

void GlViewport::set_colour_mode(ColourMode mode) {
    renderer_.set_colour_mode(mode);
    feed_heat();
    update();
}

void GlViewport::initializeGL() {
    gl_ok_ = renderer_.initialize();
    gl_description_ = renderer_.description();
    if (!gl_ok_) qWarning("dimerlab: %s", qPrintable(gl_description_));
    if (!overlay_.initialize()) qWarning("dimerlab: the ImGui overlay could not start its OpenGL renderer");
}

void GlViewport::resizeGL(int w, int h) {
    camera_.set_viewport(w, h);
    if (auto_fit_ && scene_) fit_view();
}

void GlViewport::paintGL() {
    ++frames_drawn_;
    camera_.set_viewport(width(), height());
    if (auto_fit_ && scene_) fit_camera();
    renderer_.draw(camera_, width(), height(), devicePixelRatioF());
    // Without a GPU the edge-state path only repeats why: the GPU line says it for the class.
    const render::EdgeStatePath path = renderer_.edge_state_path();
    const QString note = path.words.isEmpty() ? gpu_words_ + (gpu_words_.isEmpty() ? "" : "\n") + path.text()
                                              : (gpu_words_.isEmpty() ? path.text() : gpu_words_);
    overlay_.set_note(note.toStdString());
    overlay_.render(width(), height(), devicePixelRatioF());  // last: on top of the scene
}

bool GlViewport::event(QEvent* event) {
    // The overlay sees input first; what it takes (its buttons, a slider drag, the H key) must
    // not pan, zoom or show a tooltip.
    if (overlay_.handle_event(event)) {
        if (event->type() == QEvent::MouseMove) QToolTip::hideText();
        return true;
    }
    return QOpenGLWidget::event(event);
}

void GlViewport::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        dragging_ = true;
        last_mouse_ = event->position();
    }
}

void GlViewport::mouseMoveEvent(QMouseEvent* event) {
    if (dragging_) {
        const QPointF d = event->position() - last_mouse_;
        last_mouse_ = event->position();
        camera_.pan_pixels({d.x(), d.y()});
        auto_fit_ = false;
        update();
        return;
    }
    const QString text = hover_text(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

void GlViewport::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) dragging_ = false;
}

void GlViewport::wheelEvent(QWheelEvent* event) {
    // One notch (120) zooms by about 20%.
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    camera_.zoom_about({event->position().x(), event->position().y()}, factor);
    auto_fit_ = false;
    update();
}

void GlViewport::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F) {
        fit_view();
    } else {
        QOpenGLWidget::keyPressEvent(event);
    }
}

QString GlViewport::hover_text(const QPointF& pos) const {
    if (!scene_) return {};
    const auto hit = scene_->pick(camera_.screen_to_world({pos.x(), pos.y()}));
    if (!hit) return {};
    const Graph& g = scene_->graph();
    if (hit->kind == render::PickResult::Kind::vertex) {
        const VertexId v = hit->id;
        const bool monomer = v < mate_.size() && mate_[v] == kNoMate;
        QString text =
            QString("vertex %1\ndegree %2\n%3").arg(v).arg(g.degree(v)).arg(monomer ? "monomer" : "matched");
        if (renderer_.colour_mode() == ColourMode::monomer_heat && heat_.samples() > 0)
            text += QString("\nmonomer in %1 of %2 frames")
                        .arg(heat_.fractions()[v], 0, 'f', 3)
                        .arg(heat_.samples());
        if (renderer_.colour_mode() == ColourMode::exact_marginals) {
            text += v < shown_marginals_.size() ? QString("\nP(unmatched) = %1 at λ = %2")
                                                      .arg(shown_marginals_[v], 0, 'f', 4)
                                                      .arg(lambda_)
                                                : "\n" + QString::fromStdString(marginals_.error());
        }
        return text;
    }
    const Edge& e = g.edge(hit->id);
    const bool dimer = e.u < mate_.size() && mate_[e.u] == e.v;
    QString text = QString("edge %1 (%2–%3)\ndegrees %4, %5\n%6")
                       .arg(hit->id)
                       .arg(e.u)
                       .arg(e.v)
                       .arg(g.degree(e.u))
                       .arg(g.degree(e.v))
                       .arg(dimer ? "dimer" : "empty");
    if (g.weighted() || renderer_.colour_mode() == ColourMode::edge_weights)
        text += QString("\nweight %1").arg(QString::fromStdString(g.weights().exact(hit->id)));
    if (renderer_.colour_mode() == ColourMode::expected_slope && hit->id < shown_edge_values_.size())
        text += QString("\nslope of the expected height here: %1 of the steepest")
                    .arg(shown_edge_values_[hit->id], 0, 'f', 3);
    if (renderer_.colour_mode() == ColourMode::exact_probabilities ||
        renderer_.colour_mode() == ColourMode::probability_difference ||
        renderer_.colour_mode() == ColourMode::expected_slope) {
        text += hit->id < shown_probabilities_.size()
                    ? QString("\nP(placed) = %1 exactly").arg(shown_probabilities_[hit->id], 0, 'f', 4)
                    : "\n" + QString::fromStdString(placements_.error());
        if (hit->id < edge_frequency_.fractions().size())
            text += QString("\nchain: a dimer in %1 of %2 frames")
                        .arg(edge_frequency_.fractions()[hit->id], 0, 'f', 4)
                        .arg(edge_frequency_.samples());
    }
    return text;
}

}  // namespace dimerlab::app
