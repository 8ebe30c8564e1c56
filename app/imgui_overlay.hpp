#pragma once
// The heads-up overlay drawn with Dear ImGui (1.86, Debian) over a QOpenGLWidget: fps, updates/s,
// time in sweeps, dimers, a quick logarithmic λ slider, play/pause and step. H hides and shows it.
//
// The overlay knows nothing of the lab: the host hands it numbers (OverlayStats) and receives
// requests through OverlayActions. The host calls
//   initialize()   in initializeGL (context current),
//   render()       at the end of paintGL,
//   handle_event() first thing for each input event; when it returns true ImGui took the event
//                  (a click on a button, a drag of the slider) and the host must not pan or zoom,
//   release()      with the context current before the context goes (destructor,
//                  QOpenGLContext::aboutToBeDestroyed).
// Each overlay owns its ImGuiContext and makes it current around every ImGui call, restoring the
// previous one, so several viewports can each have an overlay.
#include <QRectF>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "diagnostics/panel_applicability.hpp"
#include "imgui_qt_platform.hpp"

class QEvent;
struct ImGuiContext;

namespace dimerlab::app {

struct OverlayStats {
    double fps = 0;
    double updates_per_s = 0;
    // Exact samplers: new samples per second (each published snapshot is one); the frame rate
    // can be far higher, when the picture is redrawn while the next sample is being drawn.
    double samples_per_s = 0;
    double sweeps = 0;  // updates done / number of edges
    std::uint64_t dimers = 0;
    std::uint64_t monomers = 0;
    double lambda = 1;
    bool running = false;
    std::optional<std::uint64_t> coalescence_sweeps;  // cftp only (exact_sample_text.hpp)
    // From the applicability table: a chain shows its sweeps; exact samplers and the shuffling
    // steps say what each frame is instead.
    SamplingKind sampling = SamplingKind::markov_chain;
};

// Called from render() (so from paintGL), after ImGui's frame has been drawn. An empty function
// hides its control.
struct OverlayActions {
    std::function<void(bool running)> set_running;
    std::function<void()> step;
    std::function<void(double lambda)> set_lambda;
};

// Where the last frame put things, in logical pixels of the host widget; empty until drawn.
struct OverlayLayout {
    QRectF window;
    QRectF play;
    QRectF step;
    QRectF lambda_slider;  // the track, without its label
};

class ImGuiOverlay {
  public:
    static constexpr int kToggleKey = Qt::Key_H;

    // request_frame is how the overlay asks the host for a repaint (QWidget::update): on input it
    // took, when the pointer enters or leaves it, and while queued input is left for later frames.
    explicit ImGuiOverlay(std::function<void()> request_frame = {});
    // Frees the ImGuiContext. Call release() first while the GL context is current; otherwise the
    // renderer's few GL objects are abandoned with their context.
    ~ImGuiOverlay();
    ImGuiOverlay(const ImGuiOverlay&) = delete;
    ImGuiOverlay& operator=(const ImGuiOverlay&) = delete;

    void set_actions(OverlayActions actions) { actions_ = std::move(actions); }
    void set_stats(const OverlayStats& stats) { stats_ = stats; }
    // A line of status under the controls (the viewport's edge-state path); empty: none. ASCII:
    // the default font has no other glyphs.
    void set_note(std::string note) { note_ = std::move(note); }
    const std::string& note() const { return note_; }
    const OverlayStats& stats() const { return stats_; }

    // Returns false when ImGui's OpenGL3 renderer cannot start (no GL 3.3 loader); render() is a
    // no-op then.
    bool initialize();
    void release();
    bool initialized() const { return initialized_; }

    // width and height in logical pixels (QWidget::width()), dpr = devicePixelRatioF().
    void render(int width, int height, double dpr);
    bool handle_event(QEvent* event);

    bool visible() const { return visible_; }
    // Text size as a multiple of ImGui's font (the projector's weights enlarge it).
    void set_text_scale(float scale) { text_scale_ = scale; }
    void set_visible(bool visible);

    // ImGui's io.WantCaptureMouse/WantCaptureKeyboard from the last frame.
    bool wants_mouse() const;
    bool wants_keyboard() const;
    const OverlayLayout& layout() const { return layout_; }

  private:
    // What the user asked for in one frame; carried out once the frame is drawn.
    struct FrameRequests {
        std::optional<bool> running;  // the state the button asked for
        bool step = false;
        std::optional<double> lambda;
    };
    FrameRequests draw_window();
    bool over_window(const QPointF& pos) const;
    void request_frame() const;

    ImGuiContext* context_ = nullptr;
    ImGuiQtPlatform platform_;
    std::function<void()> request_frame_;
    OverlayActions actions_;
    OverlayStats stats_;
    std::string note_;
    OverlayLayout layout_;
    bool initialized_ = false;
    bool visible_ = true;
    float text_scale_ = 1.0f;
    // Mouse buttons whose press ImGui took: their moves and release go to ImGui too.
    unsigned captured_buttons_ = 0;
    // Mouse buttons pressed outside it (a pan): the overlay stays out of their drag.
    unsigned foreign_buttons_ = 0;
    bool pointer_over_ = false;
    // The slider shows the snapshot's λ except while dragged, when the chain lags the hand.
    double lambda_edit_ = 1;
    bool lambda_active_ = false;
};

}  // namespace dimerlab::app
