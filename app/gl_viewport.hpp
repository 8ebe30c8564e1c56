#pragma once
// The OpenGL 3.3 core viewport: the window around a SceneRenderer (render/scene_renderer.hpp, the
// drawing path it shares with off-screen export). It keeps the camera and the interaction: pan
// (left drag), zoom about the cursor (wheel), fit (F, and on a new graph), hover tooltip (vertex
// id, degree, state; edge id, ends, degrees, state), and the ImGui heads-up overlay, which sees
// input first so a slider drag never pans (H hides it).
// The GL thread is the GUI thread: show_snapshot() copies what it needs and paintGL uploads it,
// or, for a cuda chain, has CUDA write the edge states through GL interop (the snapshot's
// device_edges keep that chain alive meanwhile).
// Never create this widget on the offscreen/minimal platforms: Qt 6.4 crashes there on show()
// (docs/building.md §6.1); main() checks first.
#include <QOpenGLWidget>
#include <QString>
#include <memory>
#include <vector>

#include "dimerlab_render/camera.hpp"
#include "dimerlab_render/edge_frequency.hpp"
#include "dimerlab_render/marginal_cache.hpp"
#include "dimerlab_render/monomer_heat.hpp"
#include "dimerlab_render/placement_cache.hpp"
#include "dimerlab_render/scene_renderer.hpp"
#include "imgui_overlay.hpp"
#include "render_target.hpp"

namespace dimerlab::app {

class GlViewport : public QOpenGLWidget, public RenderTarget {
    Q_OBJECT
  public:
    explicit GlViewport(QWidget* parent = nullptr);
    ~GlViewport() override;

    void set_scene(std::shared_ptr<const render::SceneGeometry> scene) override;
    void show_snapshot(const Snapshot& snapshot) override;
    ViewSettings view_settings() const override;
    void apply_view_settings(const ViewSettings& view) override;
    void fit_view() override;

    void set_colour_mode(ColourMode mode);
    ColourMode colour_mode() const { return renderer_.colour_mode(); }
    void set_colour_palette(render::PaletteKind palette);
    render::PaletteKind colour_palette() const { return renderer_.palette(); }
    void set_high_contrast(bool on);
    // The HUD's GPU line, in words for a class (gui_words.hpp); with a GPU, the edge-state path
    // (interop or CPU upload) follows it.
    void set_gpu_words(const QString& words);
    bool high_contrast() const { return renderer_.high_contrast(); }
    void set_monomers_visible(bool visible) { renderer_.set_monomers_visible(visible); }
    render::TileShape tile_shape() const { return renderer_.tile_shape(); }
    // Why the picture is not in the chosen colour mode (exact marginals infeasible for this graph:
    // the monomer heat map stands in); empty when it is.
    const QString& colour_note() const { return colour_note_; }
    // The per-edge values last handed to the renderer in the exact-probabilities modes, by edge
    // id (empty in the other modes), and the chain's share of frames with a dimer on each edge.
    const std::vector<float>& edge_values_shown() const { return shown_edge_values_; }
    const render::EdgeFrequency& edge_frequency() const { return edge_frequency_; }
    const render::SceneRenderer& renderer() const { return renderer_; }
    const render::Camera& camera() const { return camera_; }
    // Empty until initializeGL ran; otherwise GL_RENDERER and GL_VERSION, or the shader error.
    QString gl_description() const { return gl_description_; }
    bool gl_ok() const { return gl_ok_; }
    std::uint64_t frames_drawn() const { return frames_drawn_; }
    // How the last frame filled the edge states (scene_renderer.hpp): through CUDA–GL interop
    // from a device-resident chain, or by the host upload and why; also a line of the overlay.
    render::EdgeStatePath edge_state_path() const { return renderer_.edge_state_path(); }

    QSize sizeHint() const override { return {800, 800}; }
    // The heads-up overlay (imgui_overlay.hpp); H hides it.
    ImGuiOverlay& overlay() { return overlay_; }

  protected:
    bool event(QEvent* event) override;
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    QString hover_text(const QPointF& pos) const;
    // Hands the renderer the per-vertex (or per-edge) values of the current colour mode.
    void feed_heat();
    // feed_heat() for the exact-probabilities modes.
    void feed_edge_values();
    // feed_heat() for the expected-slope mode.
    void feed_slope();
    // Fits the scene clear of the heads-up display while it is shown.
    void fit_camera();

    std::shared_ptr<const render::SceneGeometry> scene_;
    render::Camera camera_;
    render::SceneRenderer renderer_;
    // Fit on every resize until the user pans or zooms or a session sets the camera.
    bool auto_fit_ = true;
    std::vector<std::uint32_t> mate_;  // for the hover tooltip
    // Over the snapshots shown since the scene or the chain's generation changed.
    render::MonomerHeat heat_;
    std::uint64_t heat_generation_ = 0;
    render::MarginalCache marginals_;
    double lambda_ = 1;                   // of the last snapshot, for the exact marginals
    std::vector<float> shown_marginals_;  // empty unless the exact marginals are shown
    // The exact-probabilities modes: P(e) (empty when it cannot be had), what the renderer was
    // fed, and the frequencies over the same frames as heat_.
    render::PlacementCache placements_;
    std::vector<float> shown_probabilities_;
    std::vector<float> shown_edge_values_;
    std::vector<float> weight_shades_;  // the edge-weights mode's values for this scene's graph
    std::vector<float> exact_slopes_;   // the expected-slope mode's exact values (empty until computed)
    render::EdgeFrequency edge_frequency_;
    QString colour_note_;

    bool gl_ok_ = false;
    QString gl_description_;

    bool dragging_ = false;
    QPointF last_mouse_;
    std::uint64_t frames_drawn_ = 0;
    ImGuiOverlay overlay_{[this] { update(); }};
    QString gpu_words_;
};

}  // namespace dimerlab::app
