#include "imgui_qt_platform.hpp"

#include <imgui.h>

#include <QFocusEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <bitset>
#include <cfloat>

namespace dimerlab::app {

namespace {

// Input piles up only while no frames are drawn (window not exposed); beyond this the oldest goes.
constexpr std::size_t kMaxQueued = 256;

int mouse_button_index(Qt::MouseButton button) {
    switch (button) {
        case Qt::LeftButton:
            return 0;
        case Qt::RightButton:
            return 1;
        case Qt::MiddleButton:
            return 2;
        case Qt::BackButton:
            return 3;
        case Qt::ForwardButton:
            return 4;
        default:
            return -1;
    }
}

void apply_modifiers(ImGuiIO& io, Qt::KeyboardModifiers m) {
    io.KeyCtrl = m.testFlag(Qt::ControlModifier);
    io.KeyShift = m.testFlag(Qt::ShiftModifier);
    io.KeyAlt = m.testFlag(Qt::AltModifier);
    io.KeySuper = m.testFlag(Qt::MetaModifier);
}

}  // namespace

int ImGuiQtPlatform::key_index(int qt_key) {
    // Latin-1 keys keep their code; Qt's special keys (0x01000000 + n, n < 256) go above them.
    if (qt_key >= 0 && qt_key < 256) return qt_key;
    if ((qt_key & 0xff000000) == 0x01000000 && (qt_key & 0x00ffff00) == 0) return 256 + (qt_key & 0xff);
    return -1;
}

void ImGuiQtPlatform::install(ImGuiIO& io) {
    io.BackendPlatformName = "dimerlab_imgui_qt";
    // Window positions are the overlay's business, not a file in whatever the working directory is.
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    const std::array<std::pair<int, int>, ImGuiKey_COUNT> map{{
        {ImGuiKey_Tab, Qt::Key_Tab},
        {ImGuiKey_LeftArrow, Qt::Key_Left},
        {ImGuiKey_RightArrow, Qt::Key_Right},
        {ImGuiKey_UpArrow, Qt::Key_Up},
        {ImGuiKey_DownArrow, Qt::Key_Down},
        {ImGuiKey_PageUp, Qt::Key_PageUp},
        {ImGuiKey_PageDown, Qt::Key_PageDown},
        {ImGuiKey_Home, Qt::Key_Home},
        {ImGuiKey_End, Qt::Key_End},
        {ImGuiKey_Insert, Qt::Key_Insert},
        {ImGuiKey_Delete, Qt::Key_Delete},
        {ImGuiKey_Backspace, Qt::Key_Backspace},
        {ImGuiKey_Space, Qt::Key_Space},
        {ImGuiKey_Enter, Qt::Key_Return},
        {ImGuiKey_Escape, Qt::Key_Escape},
        {ImGuiKey_KeyPadEnter, Qt::Key_Enter},
        {ImGuiKey_A, Qt::Key_A},
        {ImGuiKey_C, Qt::Key_C},
        {ImGuiKey_V, Qt::Key_V},
        {ImGuiKey_X, Qt::Key_X},
        {ImGuiKey_Y, Qt::Key_Y},
        {ImGuiKey_Z, Qt::Key_Z},
    }};
    for (const auto& [imgui_key, qt_key] : map) io.KeyMap[imgui_key] = key_index(qt_key);
    clock_.start();
}

void ImGuiQtPlatform::push(Input input) {
    // Only the last of several pointer moves (or the sum of wheel steps) in a row matters.
    if (!queue_.empty() && queue_.back().kind == input.kind) {
        Input& last = queue_.back();
        if (input.kind == Input::Kind::pointer) {
            last = std::move(input);
            return;
        }
        if (input.kind == Input::Kind::wheel) {
            last.x += input.x;
            last.y += input.y;
            last.modifiers = input.modifiers;
            return;
        }
    }
    if (queue_.size() >= kMaxQueued) queue_.pop_front();
    queue_.push_back(std::move(input));
}

bool ImGuiQtPlatform::queue_event(const QEvent* event) {
    switch (event->type()) {
        case QEvent::MouseMove:
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonDblClick:
        case QEvent::MouseButtonRelease: {
            const auto* e = static_cast<const QMouseEvent*>(event);
            Input pointer{Input::Kind::pointer};
            pointer.x = float(e->position().x());
            pointer.y = float(e->position().y());
            pointer.modifiers = e->modifiers();
            push(pointer);
            if (event->type() == QEvent::MouseMove) return true;
            const int button = mouse_button_index(e->button());
            if (button < 0) return true;
            Input b{Input::Kind::button};
            b.index = button;
            // A double click arrives instead of the second press; ImGui counts clicks itself.
            b.down = event->type() != QEvent::MouseButtonRelease;
            b.modifiers = e->modifiers();
            push(b);
            return true;
        }
        case QEvent::Wheel: {
            const auto* e = static_cast<const QWheelEvent*>(event);
            Input pointer{Input::Kind::pointer};
            pointer.x = float(e->position().x());
            pointer.y = float(e->position().y());
            pointer.modifiers = e->modifiers();
            push(pointer);
            // One notch is 120 eighths of a degree; ImGui counts notches.
            Input w{Input::Kind::wheel};
            w.x = float(e->angleDelta().x()) / 120.0f;
            w.y = float(e->angleDelta().y()) / 120.0f;
            w.modifiers = e->modifiers();
            push(w);
            return true;
        }
        case QEvent::KeyPress:
        case QEvent::KeyRelease: {
            const auto* e = static_cast<const QKeyEvent*>(event);
            const bool down = event->type() == QEvent::KeyPress;
            const int index = key_index(e->key());
            // Qt's auto-repeat is a release and a press per repeat; ImGui repeats held keys itself.
            if (index >= 0 && !e->isAutoRepeat()) {
                Input k{Input::Kind::key};
                k.index = index;
                k.down = down;
                k.modifiers = e->modifiers();
                push(k);
            }
            const QString text = e->text();
            if (down && !text.isEmpty() && text.front().unicode() >= 0x20 && text.front().unicode() != 0x7f) {
                Input t{Input::Kind::text};
                t.text = text.toStdString();
                t.modifiers = e->modifiers();
                push(t);
            }
            return true;
        }
        case QEvent::Leave: {
            Input pointer{Input::Kind::pointer};
            pointer.x = pointer.y = -FLT_MAX;  // ImGui's "no mouse"
            push(pointer);
            return true;
        }
        case QEvent::FocusIn:
        case QEvent::FocusOut: {
            Input f{Input::Kind::focus};
            f.down = event->type() == QEvent::FocusIn;
            push(f);
            return true;
        }
        default:
            return false;
    }
}

bool ImGuiQtPlatform::new_frame(ImGuiIO& io, int width, int height, double dpr) {
    io.DisplaySize = ImVec2(float(width), float(height));
    io.DisplayFramebufferScale = ImVec2(float(dpr), float(dpr));
    // ImGui rejects a zero step; frames grabbed back to back can be that close.
    io.DeltaTime = std::max(float(clock_.nsecsElapsed() * 1e-9), 1e-6f);
    clock_.restart();

    std::array<bool, 5> button_changed{};
    bool any_button_changed = false;
    std::bitset<512> key_changed;
    while (!queue_.empty()) {
        const Input& in = queue_.front();
        switch (in.kind) {
            case Input::Kind::pointer:
                if (any_button_changed) return true;  // the press or release belongs to the old spot
                io.MousePos = ImVec2(in.x, in.y);
                break;
            case Input::Kind::button:
                if (button_changed[in.index]) return true;
                if (io.MouseDown[in.index] != in.down) {
                    io.MouseDown[in.index] = in.down;
                    button_changed[in.index] = any_button_changed = true;
                }
                break;
            case Input::Kind::wheel:
                io.MouseWheel += in.y;
                io.MouseWheelH += in.x;
                break;
            case Input::Kind::key:
                if (key_changed[in.index]) return true;
                if (io.KeysDown[in.index] != in.down) {
                    io.KeysDown[in.index] = in.down;
                    key_changed[in.index] = true;
                }
                break;
            case Input::Kind::text:
                io.AddInputCharactersUTF8(in.text.c_str());
                break;
            case Input::Kind::focus:
                io.AddFocusEvent(in.down);
                break;
        }
        if (in.kind != Input::Kind::focus) apply_modifiers(io, in.modifiers);
        queue_.pop_front();
    }
    return false;
}

void ImGuiQtPlatform::reset(ImGuiIO& io) {
    queue_.clear();
    std::fill(std::begin(io.MouseDown), std::end(io.MouseDown), false);
    std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseWheel = io.MouseWheelH = 0;
    apply_modifiers(io, Qt::NoModifier);
}

bool ImGuiQtPlatform::wants_mouse(const ImGuiIO& io) {
    return io.WantCaptureMouse;
}
bool ImGuiQtPlatform::wants_keyboard(const ImGuiIO& io) {
    return io.WantCaptureKeyboard;
}
bool ImGuiQtPlatform::wants_text(const ImGuiIO& io) {
    return io.WantTextInput;
}

}  // namespace dimerlab::app
