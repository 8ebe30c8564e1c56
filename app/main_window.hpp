#pragma once
// The main window: the GL viewport in the centre, a Run toolbar (play/pause, step, reset, λ,
// sweeps per frame, colour mode, fit), a File menu (presets, open/save session) and a status line.
// A 16 ms timer is the frame clock: each tick lets the chain run one frame and shows the newest
// snapshot, without ever waiting on the sampler thread. Docked panels: Model (rebuilds the lab),
// Partition function, Verification and Diagnostics; none of them holds the controller, so an
// applied or loaded session only has to refresh them.
#include <QByteArray>
#include <QElapsedTimer>
#include <QMainWindow>
#include <functional>
#include <memory>

#include "background_tasks.hpp"
#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/palette.hpp"
#include "lab_controller.hpp"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSettings;
class QStackedWidget;
class QTimer;

namespace dimerlab::app {

class ColourLegendWidget;
class DiagnosticsPanel;
class DrawPanel;
class HelpDialog;
class GlViewport;
class ModelPanel;
class PartitionPanel;
class VerificationPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // Throws InputError for a bad session (spec, start, λ record).
    explicit MainWindow(const Session& session, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Replaces the open session; on InputError the old one stays. Builds on the GUI thread.
    void open_session(const Session& session);
    // Builds the session's graph, layout and chain on a worker thread while the window stays live
    // (a "building…" line with Cancel in the status bar), then opens it. The old lab runs until
    // then; a failure goes to `on_error` (a message), a cancel or a newer build drops the result.
    void open_session_in_background(const Session& session,
                                    std::function<void(const QString&)> on_error = {});
    bool building() const { return building_; }
    void cancel_build();

    // Layout: the docks' default widths leave the picture the largest area; the window and dock
    // layout are kept in QSettings between runs (when remember_layout is on: not for automation).
    void apply_default_layout();
    void reset_layout();
    void save_layout(QSettings& settings) const;
    bool restore_layout(const QSettings& settings);  // false when nothing was saved
    void set_remember_layout(bool remember) { remember_layout_ = remember; }
    // The picture's and the legend's colours (View > Palette); kept in QSettings between runs when
    // remember_layout is on.
    void set_colour_palette(render::PaletteKind palette);
    render::PaletteKind colour_palette() const;
    // The projector's weights (View > High contrast): thicker lines, larger caption and legend
    // (render/line_weights.hpp); kept in QSettings like the palette.
    void set_high_contrast(bool on);
    bool high_contrast() const;

    // Presentation mode (F11, View menu; Esc leaves): full screen, docks, toolbar, menu and status
    // bar hidden, a large caption (graph, λ, dynamics, sweeps) above the picture and the colour
    // legend below it, both larger.
    void set_presentation(bool on);
    bool presentation() const { return presentation_; }
    QLabel* caption() const { return caption_; }
    ColourLegendWidget* legend() const { return legend_; }
    QString caption_text() const;
    LabController& controller() { return *controller_; }
    GlViewport& viewport() { return *view_; }
    ModelPanel& model_panel() { return *model_panel_; }
    PartitionPanel& partition_panel() { return *partition_panel_; }
    VerificationPanel& verification_panel() { return *verification_panel_; }
    DiagnosticsPanel& diagnostics_panel() { return *diagnostics_panel_; }
    // The Run toolbar's controls (tests drive them as a user would).
    QDoubleSpinBox* lambda_box() const { return lambda_box_; }
    QDoubleSpinBox* speed_box() const { return speed_box_; }
    QComboBox* colour_box() const { return colour_box_; }
    QLabel* status_label() const { return status_; }
    void set_shortcuts_overlay(bool visible);
    bool shortcuts_overlay_visible() const;
    QLabel* building_label() const { return building_label_; }
    // Why the last λ or Model change was refused (the old lab kept running); hidden otherwise.
    QLabel* refusal_label() const { return refusal_; }
    // Every λ control ends here (toolbar, Model panel, HUD). Within finite λ, or at ∞, it is a
    // recorded change of the running chain; between them it is a new chain (perfect matchings and
    // monomer-dimer matchings are different state spaces) at update 0, built in the background:
    // from the running session for the toolbar and the HUD, from the Model panel's settings (its
    // graph and dynamics, as Apply would) for the panel. At ∞ an empty or greedy start becomes
    // maximum, the start every chain there needs. A refusal (no perfect matching, a dynamics that
    // cannot move one) shows in refusal_label() and under the Model panel's graph; the old lab and
    // its λ stay.
    enum class LambdaSource { toolbar, model_panel };
    void request_lambda(double lambda, LambdaSource source = LambdaSource::toolbar);
    // "H brings the HUD back", shown while the HUD is hidden.
    QLabel* hud_hint() const { return hud_hint_; }
    // Why the picture is not in the chosen colour mode, beside the choice (hidden when it is).
    QLabel* colour_note() const { return colour_note_; }
    HelpDialog& help_dialog();  // created on first use
    // Draw mode (toolbar "Draw", Ctrl+D): the picture gives way to a grid the user paints a region
    // on (DrawPanel); the chain pauses meanwhile and runs on when Draw mode is left without tiling.
    void set_draw_mode(bool on);
    bool draw_mode() const;
    DrawPanel& draw_panel() { return *draw_panel_; }
    QAction* draw_action() const { return draw_action_; }
    // "Tile it": the drawn region saved in the data folder and run at λ = ∞, by coupling from the
    // past, or on a region with a hole by rotations from a maximum matching (not exact: the
    // region notice says so). False when the region cannot be tiled or saved (shown as a refusal).
    bool tile_drawn_region();
    // Shown while the running chain is the rotation chain on a region, whose tilings are not
    // exact samples; hidden otherwise.
    QLabel* region_notice() const { return region_notice_; }
    // Automation: stops the frame clock, so frames are driven by the caller.
    void set_manual_frames(bool manual);
    // Brings the controls and the status line up to the shown snapshot (automation).
    void refresh();
    // Automation: the frame rate and chain speed the caller measured over the frames it drove
    // (the frame clock that measures them otherwise is stopped), shown by the HUD and status line.
    void set_measured_rates(double frames_per_s, double updates_per_s);

  signals:
    // A background build ended: opened (true), or failed (false); not emitted for a cancel.
    void build_finished(bool opened);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    void build_toolbar();
    void build_menus();
    // The lecture keys (lecture_keys.hpp) as window shortcuts, and the overlay that lists them.
    void build_lecture_keys();
    void build_docks();
    void apply_model(const Session& session);
    void lambda_changed_elsewhere(double lambda);
    void show_refusal(const QString& message);
    void panels_follow_session();
    void sync_controls();
    void on_frame();
    void update_status();
    void update_overlay();
    void show_colour_note();
    void save_dialog();
    void open_dialog();
    void open_region_dialog();
    void update_region_notice();

    std::unique_ptr<LabController> controller_;
    GlViewport* view_ = nullptr;
    QTimer* timer_ = nullptr;
    QAction* play_ = nullptr;
    QAction* step_action_ = nullptr;
    QAction* reset_action_ = nullptr;
    QLabel* shortcuts_overlay_ = nullptr;  // ? or F1: the lecture keys over the picture
    QDoubleSpinBox* lambda_box_ = nullptr;
    QDoubleSpinBox* speed_box_ = nullptr;
    QComboBox* colour_box_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* refusal_ = nullptr;
    QWidget* building_box_ = nullptr;  // "building…", a busy bar and Cancel
    QLabel* building_label_ = nullptr;
    bool building_ = false;
    std::uint64_t build_job_ = 0;  // bumped by each build and by Cancel: older results are dropped
    QLabel* hud_hint_ = nullptr;
    QLabel* caption_ = nullptr;
    ColourLegendWidget* legend_ = nullptr;
    QAction* presentation_action_ = nullptr;
    QAction* high_contrast_action_ = nullptr;
    QLabel* gpu_label_ = nullptr;      // the status bar's GPU line (gui_words.hpp)
    QStackedWidget* stack_ = nullptr;  // the picture, or Draw mode
    DrawPanel* draw_panel_ = nullptr;
    QAction* draw_action_ = nullptr;
    bool running_before_draw_ = false;
    QLabel* region_notice_ = nullptr;
    // Caption and legend sizes for the current weights, mode, caption text and window width.
    void size_caption_and_legend();
    double base_point_size_ = 0;       // the window font's, before any scaling
    QList<QAction*> palette_actions_;  // View > Palette, in kPaletteKinds order
    // The lecture keys that act on the lab (play, step, λ, presets, ...): off while drawing, when
    // the lab is hidden and a digit or Space must not start it behind the drawing.
    QList<QAction*> lab_key_actions_;
    bool presentation_ = false;
    bool was_maximized_ = false;
    bool remember_layout_ = false;
    QByteArray default_state_;
    QByteArray state_before_presentation_;
    QLabel* colour_note_ = nullptr;
    HelpDialog* help_ = nullptr;
    ModelPanel* model_panel_ = nullptr;
    PartitionPanel* partition_panel_ = nullptr;
    VerificationPanel* verification_panel_ = nullptr;
    DiagnosticsPanel* diagnostics_panel_ = nullptr;
    QElapsedTimer clock_;
    std::uint64_t last_frames_ = 0;
    std::uint64_t last_time_ = 0;
    double fps_ = 0;
    double updates_per_s_ = 0;
    std::uint64_t last_serial_ = 0;
    double snapshots_per_s_ = 0;  // published snapshots: for exact samplers, new samples
    qint64 last_status_ms_ = 0;
    // Last member: destroyed first; a build still running is left to end alone, its result dropped.
    BackgroundTasks build_tasks_;
};

}  // namespace dimerlab::app
