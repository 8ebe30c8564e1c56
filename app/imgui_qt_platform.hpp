#pragma once
// An ImGui platform layer for a QOpenGLWidget, written against the 1.86 input API that Debian ships
// (io.KeyMap/KeysDown/MousePos/MouseDown/MouseWheel; there is no AddMouseButtonEvent before 1.87,
// docs/building.md §6.4).
//
// 1.86 samples input state once per NewFrame, so a press and its release that arrive between two
// frames would cancel out and the click would be lost. Qt events are therefore queued here and
// new_frame() hands ImGui only as much as one frame can see without losing a transition: each
// mouse button and each key changes at most once per frame, and the pointer does not move after a
// button changed. What is left stays queued for the next frame (new_frame() then returns true).
//
// The layer keeps no ImGuiContext of its own: every function takes the io of the context the
// caller made current.
#include <QElapsedTimer>
#include <QEvent>
#include <deque>
#include <string>

struct ImGuiIO;

namespace dimerlab::app {

class ImGuiQtPlatform {
  public:
    // Once per context: key map, backend name, no imgui.ini, and starts the frame clock.
    void install(ImGuiIO& io);

    // Queues what ImGui needs from a mouse, wheel, key, text, focus or leave event of the host
    // widget; returns false (and queues nothing) for any other event.
    bool queue_event(const QEvent* event);

    // Before ImGui::NewFrame: display size (logical pixels, as QWidget::width()), framebuffer
    // scale (the device pixel ratio), delta time, and the queued input one frame can take.
    // Returns true when input is still queued, so the host should draw another frame soon.
    bool new_frame(ImGuiIO& io, int width, int height, double dpr);

    // Drops queued input and releases every button and key, with the pointer away: for a hidden
    // overlay, so that nothing is half-pressed when it comes back.
    void reset(ImGuiIO& io);

    bool has_queued_input() const { return !queue_.empty(); }

    // ImGui's own answers from the last frame: the host should not pan, zoom or take keys then.
    static bool wants_mouse(const ImGuiIO& io);
    static bool wants_keyboard(const ImGuiIO& io);
    static bool wants_text(const ImGuiIO& io);

    // Index of a Qt key in io.KeysDown[512], or -1 for keys that do not fit (ImGui never maps them).
    static int key_index(int qt_key);

  private:
    struct Input {
        enum class Kind { pointer, button, wheel, key, text, focus };
        explicit Input(Kind k) : kind(k) {}
        Kind kind;
        float x = 0, y = 0;  // pointer position, or wheel steps (x horizontal, y vertical)
        int index = 0;       // mouse button (0 left, 1 right, 2 middle, 3-4 extra) or key index
        bool down = false;   // button or key state, or focus gained
        Qt::KeyboardModifiers modifiers;
        std::string text;  // UTF-8
    };
    void push(Input input);

    std::deque<Input> queue_;
    QElapsedTimer clock_;
};

}  // namespace dimerlab::app
