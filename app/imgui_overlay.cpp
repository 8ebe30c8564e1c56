#include "imgui_overlay.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <optional>

#include "exact_sample_text.hpp"
#include "lambda_range.hpp"
#include "model/lambda_record.hpp"
#include "rate_text.hpp"

namespace dimerlab::app {

namespace {

// Makes an overlay's context current for one scope and puts back whatever was current before.
class ContextScope {
  public:
    explicit ContextScope(ImGuiContext* context) : previous_(ImGui::GetCurrentContext()) {
        ImGui::SetCurrentContext(context);
    }
    ~ContextScope() { ImGui::SetCurrentContext(previous_); }
    ContextScope(const ContextScope&) = delete;
    ContextScope& operator=(const ContextScope&) = delete;

  private:
    ImGuiContext* previous_;
};

QRectF last_item_rect() {
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    return QRectF(QPointF(a.x, a.y), QPointF(b.x, b.y));
}

unsigned button_bit(Qt::MouseButton button) {
    return static_cast<unsigned>(button);
}

}  // namespace

ImGuiOverlay::ImGuiOverlay(std::function<void()> request_frame) : request_frame_(std::move(request_frame)) {
    ImGuiContext* previous = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
    platform_.install(ImGui::GetIO());
    ImGui::StyleColorsDark();
    ImGui::SetCurrentContext(previous);
}

ImGuiOverlay::~ImGuiOverlay() {
    if (initialized_) {
        // No GL context to delete the renderer's objects in: drop its bookkeeping so that
        // DestroyContext does not ask for a renderer shutdown.
        const ContextScope scope(context_);
        ImGui::GetIO().BackendRendererUserData = nullptr;
        ImGui::GetIO().BackendRendererName = nullptr;
    }
    ImGui::DestroyContext(context_);
}

bool ImGuiOverlay::initialize() {
    const ContextScope scope(context_);
    if (initialized_) {
        // initializeGL again without release(): the old GL context and its objects are gone.
        ImGui::GetIO().BackendRendererUserData = nullptr;
        initialized_ = false;
    }
    initialized_ = ImGui_ImplOpenGL3_Init("#version 330 core");
    return initialized_;
}

void ImGuiOverlay::release() {
    if (!initialized_) return;
    const ContextScope scope(context_);
    ImGui_ImplOpenGL3_Shutdown();
    initialized_ = false;
}

void ImGuiOverlay::set_visible(bool visible) {
    if (visible == visible_) return;
    visible_ = visible;
    const ContextScope scope(context_);
    platform_.reset(ImGui::GetIO());
    captured_buttons_ = foreign_buttons_ = 0;
    pointer_over_ = false;
    lambda_active_ = false;
    if (!visible_) layout_ = {};
    request_frame();
}

bool ImGuiOverlay::wants_mouse() const {
    const ContextScope scope(context_);
    return visible_ && ImGuiQtPlatform::wants_mouse(ImGui::GetIO());
}

bool ImGuiOverlay::wants_keyboard() const {
    const ContextScope scope(context_);
    return visible_ && ImGuiQtPlatform::wants_keyboard(ImGui::GetIO());
}

bool ImGuiOverlay::over_window(const QPointF& pos) const {
    return layout_.window.contains(pos);
}

void ImGuiOverlay::request_frame() const {
    if (request_frame_) request_frame_();
}

bool ImGuiOverlay::handle_event(QEvent* event) {
    const ContextScope scope(context_);
    ImGuiIO& io = ImGui::GetIO();
    const QEvent::Type type = event->type();
    if (type == QEvent::KeyPress) {
        const auto* key = static_cast<const QKeyEvent*>(event);
        // While a text field (ctrl+click on the slider) is open, H is a letter.
        if (key->key() == kToggleKey && key->modifiers() == Qt::NoModifier && !key->isAutoRepeat() &&
            !(visible_ && ImGuiQtPlatform::wants_text(io))) {
            set_visible(!visible_);
            return true;
        }
    }
    if (!visible_) return false;
    if (type == QEvent::ShortcutOverride && ImGuiQtPlatform::wants_text(io)) {
        // Typing into ImGui: keys that are also shortcuts (Space for play) must come as key presses.
        event->accept();
        return true;
    }
    if (!platform_.queue_event(event)) return false;

    // Consumption is decided from the window's rectangle of the last frame rather than from
    // io.WantCaptureMouse, which only catches up at the next NewFrame.
    bool consumed = false;
    switch (type) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonDblClick: {
            const auto* e = static_cast<const QMouseEvent*>(event);
            consumed = captured_buttons_ != 0 || (foreign_buttons_ == 0 && over_window(e->position()));
            (consumed ? captured_buttons_ : foreign_buttons_) |= button_bit(e->button());
            break;
        }
        case QEvent::MouseButtonRelease: {
            const auto* e = static_cast<const QMouseEvent*>(event);
            consumed = (captured_buttons_ & button_bit(e->button())) != 0;
            captured_buttons_ &= ~button_bit(e->button());
            foreign_buttons_ &= ~button_bit(e->button());
            break;
        }
        case QEvent::MouseMove: {
            const auto* e = static_cast<const QMouseEvent*>(event);
            const bool over = over_window(e->position());
            // Entering or leaving changes hover highlights, so that move needs a frame too.
            if (over != pointer_over_) request_frame();
            pointer_over_ = over;
            // A pan that started in the viewport keeps going over the overlay.
            consumed = captured_buttons_ != 0 || (foreign_buttons_ == 0 && over);
            break;
        }
        case QEvent::Wheel:
            consumed =
                foreign_buttons_ == 0 && over_window(static_cast<const QWheelEvent*>(event)->position());
            break;
        case QEvent::KeyPress:
        case QEvent::KeyRelease:
            consumed = ImGuiQtPlatform::wants_keyboard(io);
            break;
        case QEvent::Leave:
            if (pointer_over_) request_frame();
            pointer_over_ = false;
            break;
        default:  // focus: the host needs it as well
            break;
    }
    if (consumed) request_frame();
    return consumed;
}

ImGuiOverlay::FrameRequests ImGuiOverlay::draw_window() {
    FrameRequests requests;
    layout_ = {};
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.85f);
    const bool open = ImGui::Begin("dimerlab", nullptr,
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoFocusOnAppearing);
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    layout_.window = QRectF(pos.x, pos.y, size.x, size.y);
    if (!open) {  // collapsed to its title bar
        ImGui::End();
        lambda_active_ = false;
        return requests;
    }
    ImGui::Text("%.0f fps", stats_.fps);
    ImGui::TextUnformatted(update_rate_text(stats_.updates_per_s, stats_.running).toUtf8().constData());
    if (stats_.sampling == SamplingKind::exact_samples) {
        ImGui::TextUnformatted(
            exact_sample_rate_text(stats_.samples_per_s, stats_.running).toUtf8().constData());
    } else if (stats_.sampling == SamplingKind::shuffle_growth) {
        ImGui::TextUnformatted("each frame: one more shuffling step");
    } else {
        ImGui::Text("%.1f sweeps", stats_.sweeps);
    }
    ImGui::Text("%llu dimers, %llu monomers", static_cast<unsigned long long>(stats_.dimers),
                static_cast<unsigned long long>(stats_.monomers));
    if (stats_.coalescence_sweeps)
        ImGui::TextUnformatted(exact_sample_text(stats_.coalescence_sweeps).toUtf8().constData());

    if (actions_.set_lambda && is_infinite_lambda(stats_.lambda)) {
        // The slider's scale ends at kLambdaMax: at λ = ∞ it would show a λ that does not run.
        // The toolbar and the Model panel leave ∞.
        ImGui::TextUnformatted("lambda = inf (perfect matchings)");
        lambda_active_ = false;
    } else if (actions_.set_lambda) {
        if (!lambda_active_) lambda_edit_ = stats_.lambda;
        constexpr float kSliderWidth = 160;
        const ImVec2 track = ImGui::GetCursorScreenPos();
        ImGui::SetNextItemWidth(kSliderWidth);
        const double lo = kLambdaMin, hi = kLambdaMax;  // the window's one range (lambda_range.hpp)
        // ImGui's default font has no Greek, hence "lambda".
        const bool changed =
            ImGui::SliderScalar("lambda", ImGuiDataType_Double, &lambda_edit_, &lo, &hi, "%.4g",
                                ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        lambda_active_ = ImGui::IsItemActive();
        // The track only: the item's rectangle also covers the label.
        layout_.lambda_slider = QRectF(track.x, track.y, kSliderWidth, ImGui::GetFrameHeight());
        if (changed && lambda_edit_ > 0) requests.lambda = lambda_edit_;
    }
    if (actions_.set_running) {
        if (ImGui::Button(stats_.running ? "Pause" : "Play", ImVec2(60, 0)))
            requests.running = !stats_.running;
        layout_.play = last_item_rect();
        if (actions_.step) ImGui::SameLine();
    }
    if (actions_.step) {
        requests.step = ImGui::Button("Step", ImVec2(60, 0));
        layout_.step = last_item_rect();
    }
    if (!note_.empty()) {
        // Wrapped: a probe's reason can be long, and the window sizes itself to its contents.
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 210);
        ImGui::TextUnformatted(note_.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::TextDisabled("H hides this");
    ImGui::End();
    return requests;
}

void ImGuiOverlay::render(int width, int height, double dpr) {
    if (!initialized_ || !visible_ || width <= 0 || height <= 0) return;
    const ContextScope scope(context_);
    ImGui::GetIO().FontGlobalScale = text_scale_;
    const bool more_input = platform_.new_frame(ImGui::GetIO(), width, height, dpr);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();

    const FrameRequests requests = draw_window();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    // After drawing, so that a callback which repaints or rebuilds finds the frame finished.
    if (requests.lambda) actions_.set_lambda(*requests.lambda);
    if (requests.running) actions_.set_running(*requests.running);
    if (requests.step) actions_.step();
    if (more_input) request_frame();
}

}  // namespace dimerlab::app
