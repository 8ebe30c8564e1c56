#pragma once
// The main window: the GL viewport in the centre, a Run toolbar (play/pause, step, reset, λ,
// sweeps per frame, colour mode, fit), a File menu (presets, open/save session) and a status line.
// A 16 ms timer is the frame clock: each tick lets the chain run one frame and shows the newest
// snapshot, without ever waiting on the sampler thread. Docked panels: Model (rebuilds the lab),
// Partition function, Verification and Diagnostics; none of them holds the controller, so an
// applied or loaded session only has to refresh them.
#include <QElapsedTimer>
#include <QMainWindow>
#include <memory>

#include "dimerlab_lab/session.hpp"
#include "lab_controller.hpp"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTimer;

namespace dimerlab::app {

class DiagnosticsPanel;
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

    // Replaces the open session; on InputError the old one stays.
    void open_session(const Session& session);
    LabController& controller() { return *controller_; }
    GlViewport& viewport() { return *view_; }
    ModelPanel& model_panel() { return *model_panel_; }
    PartitionPanel& partition_panel() { return *partition_panel_; }
    VerificationPanel& verification_panel() { return *verification_panel_; }
    DiagnosticsPanel& diagnostics_panel() { return *diagnostics_panel_; }
    // Automation: stops the frame clock, so frames are driven by the caller.
    void set_manual_frames(bool manual);
    // Brings the controls and the status line up to the shown snapshot (automation).
    void refresh();
    // Automation: the frame rate and chain speed the caller measured over the frames it drove
    // (the frame clock that measures them otherwise is stopped), shown by the HUD and status line.
    void set_measured_rates(double frames_per_s, double updates_per_s);

  private:
    void build_toolbar();
    void build_menus();
    void build_docks();
    void apply_model(const Session& session);
    void lambda_changed_elsewhere(double lambda);
    void panels_follow_session();
    void sync_controls();
    void on_frame();
    void update_status();
    void update_overlay();
    void save_dialog();
    void open_dialog();

    std::unique_ptr<LabController> controller_;
    GlViewport* view_ = nullptr;
    QTimer* timer_ = nullptr;
    QAction* play_ = nullptr;
    QDoubleSpinBox* lambda_box_ = nullptr;
    QDoubleSpinBox* speed_box_ = nullptr;
    QComboBox* colour_box_ = nullptr;
    QLabel* status_ = nullptr;
    ModelPanel* model_panel_ = nullptr;
    PartitionPanel* partition_panel_ = nullptr;
    VerificationPanel* verification_panel_ = nullptr;
    DiagnosticsPanel* diagnostics_panel_ = nullptr;
    QElapsedTimer clock_;
    std::uint64_t last_frames_ = 0;
    std::uint64_t last_time_ = 0;
    double fps_ = 0;
    double updates_per_s_ = 0;
    qint64 last_status_ms_ = 0;
};

}  // namespace dimerlab::app
