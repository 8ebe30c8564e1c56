#include "main_window.hpp"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "diagnostics_panel.hpp"
#include "dimerlab_lab/preset.hpp"
#include "export_animation_dialog.hpp"
#include "export_measurements_dialog.hpp"
#include "gl_viewport.hpp"
#include "lambda_range.hpp"
#include "memory_estimate.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "util/errors.hpp"
#include "verification_panel.hpp"

namespace dimerlab::app {

MainWindow::MainWindow(const Session& session, QWidget* parent) : QMainWindow(parent) {
    view_ = new GlViewport(this);
    setCentralWidget(view_);
    controller_ = std::make_unique<LabController>(session, *view_);
    build_toolbar();
    build_menus();
    build_docks();
    status_ = new QLabel(this);
    statusBar()->addWidget(status_);
    timer_ = new QTimer(this);
    timer_->setInterval(16);
    connect(timer_, &QTimer::timeout, this, [this] { on_frame(); });
    timer_->start();
    clock_.start();
    sync_controls();
    panels_follow_session();
    update_status();
    view_->overlay().set_actions({
        .set_running =
            [this](bool running) {
                controller_->set_running(running);
                sync_controls();
            },
        .step = [this] { controller_->step_frame(); },
        .set_lambda =
            [this](double lambda) {
                try {
                    controller_->set_lambda(lambda);
                } catch (const InputError&) {
                    return;  // the slider's range keeps λ valid
                }
                lambda_changed_elsewhere(lambda);
            },
    });
    update_overlay();
}

MainWindow::~MainWindow() = default;

void MainWindow::build_docks() {
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    auto dock = [this](const QString& title, const QString& name, QWidget* panel, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);  // saveState() needs names
        // A panel's minimum height must never decide the window's: small windows (demos,
        // --size) scroll the panel instead. Diagnostics and Partition scroll inside themselves.
        if (panel == model_panel_ || panel == verification_panel_) {
            auto* scroll = new QScrollArea(d);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidget(panel);
            d->setWidget(scroll);
        } else {
            d->setWidget(panel);
        }
        addDockWidget(area, d);
        return d;
    };
    model_panel_ = new ModelPanel(this);
    partition_panel_ = new PartitionPanel(this);
    verification_panel_ = new VerificationPanel(this);
    diagnostics_panel_ = new DiagnosticsPanel(this);
    QDockWidget* model = dock("Model", "model-dock", model_panel_, Qt::LeftDockWidgetArea);
    QDockWidget* diagnostics =
        dock("Diagnostics", "diagnostics-dock", diagnostics_panel_, Qt::LeftDockWidgetArea);
    splitDockWidget(model, diagnostics, Qt::Vertical);
    QDockWidget* partition =
        dock("Partition function", "partition-dock", partition_panel_, Qt::RightDockWidgetArea);
    QDockWidget* verification =
        dock("Verification", "verification-dock", verification_panel_, Qt::RightDockWidgetArea);
    splitDockWidget(partition, verification, Qt::Vertical);
    resizeDocks({model, partition}, {340, 420}, Qt::Horizontal);
    resizeDocks({model, diagnostics, partition, verification}, {350, 650, 580, 420}, Qt::Vertical);
    QMenu* view = menuBar()->addMenu("&View");
    for (QDockWidget* d : {model, diagnostics, partition, verification})
        view->addAction(d->toggleViewAction());
    connect(model_panel_, &ModelPanel::apply_requested, this, [this](const Session& s) { apply_model(s); });
    connect(model_panel_, &ModelPanel::lambda_changed, this, [this](double l) {
        try {
            controller_->set_lambda(l);
        } catch (const InputError&) {
            return;  // the entry's range keeps λ valid; nothing to record otherwise
        }
        lambda_changed_elsewhere(l);
    });
    verification_panel_->load();
    // Every drawn frame, however it was driven (frame clock or automation), feeds the diagnostics;
    // observe() ignores a snapshot it has already seen.
    connect(view_, &QOpenGLWidget::frameSwapped, this,
            [this] { diagnostics_panel_->observe(controller_->snapshot()); });
}

void MainWindow::apply_model(const Session& session) {
    QString refusal;
    if (!confirm_graph_memory(this, session.graph, &refusal)) {
        if (!refusal.isEmpty()) model_panel_->show_build_error(refusal);
        return;
    }
    try {
        open_session(session);
    } catch (const std::exception& e) {
        // Only building finds some errors (memory); the old lab keeps running.
        model_panel_->show_build_error(QString::fromUtf8(e.what()));
    }
}

void MainWindow::lambda_changed_elsewhere(double lambda) {
    const QSignalBlocker b(lambda_box_);
    lambda_box_->setValue(lambda);
    model_panel_->set_lambda(lambda);
    partition_panel_->set_problem(controller_->graph().spec(), lambda);
}

void MainWindow::panels_follow_session() {
    const Session s = controller_->current_session();
    model_panel_->set_session(s);
    model_panel_->show_graph_notices(controller_->graph().notices());
    partition_panel_->set_problem(controller_->graph().spec(), controller_->snapshot().lambda);
    diagnostics_panel_->reset(controller_->shared_graph());
    verification_panel_->set_graph(controller_->shared_graph());
}

void MainWindow::set_manual_frames(bool manual) {
    if (manual) {
        timer_->stop();
    } else {
        timer_->start();
    }
}

void MainWindow::refresh() {
    diagnostics_panel_->observe(controller_->snapshot());
    diagnostics_panel_->refresh_now();
    sync_controls();
    update_status();
    update_overlay();
}

void MainWindow::set_measured_rates(double frames_per_s, double updates_per_s) {
    fps_ = frames_per_s;
    updates_per_s_ = updates_per_s;
    update_status();
    update_overlay();
}

void MainWindow::build_toolbar() {
    QToolBar* bar = addToolBar("Run");
    bar->setObjectName("run-toolbar");
    play_ = bar->addAction("Pause");
    play_->setShortcut(Qt::Key_Space);
    connect(play_, &QAction::triggered, this, [this] {
        controller_->set_running(!controller_->running());
        sync_controls();
    });
    QAction* step = bar->addAction("Step");
    step->setToolTip("Run one frame's worth of sweeps");
    connect(step, &QAction::triggered, this, [this] { controller_->step_frame(); });
    QAction* reset = bar->addAction("Reset");
    reset->setToolTip("Restart the chain from its start state at the current λ");
    connect(reset, &QAction::triggered, this, [this] { controller_->reset(); });
    bar->addSeparator();
    bar->addWidget(new QLabel(" λ ", this));
    lambda_box_ = new QDoubleSpinBox(this);
    lambda_box_->setDecimals(6);
    lambda_box_->setRange(kLambdaMin, kLambdaMax);
    lambda_box_->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    lambda_box_->setToolTip("Dimer activity; a change is recorded at the update index the chain has reached");
    connect(lambda_box_, &QDoubleSpinBox::valueChanged, this, [this](double l) {
        controller_->set_lambda(l);
        model_panel_->set_lambda(l);
        partition_panel_->set_problem(controller_->graph().spec(), l);
    });
    bar->addWidget(lambda_box_);
    bar->addWidget(new QLabel("  sweeps/frame ", this));
    speed_box_ = new QDoubleSpinBox(this);
    speed_box_->setDecimals(2);
    speed_box_->setRange(0.01, 1000);
    speed_box_->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    connect(speed_box_, &QDoubleSpinBox::valueChanged, this,
            [this](double s) { controller_->set_sweeps_per_frame(s); });
    bar->addWidget(speed_box_);
    bar->addWidget(new QLabel("  colour ", this));
    colour_box_ = new QComboBox(this);
    colour_box_->addItem("plain");
    colour_box_->addItem("orientation × parity");
    colour_box_->addItem("monomer heat map");
    colour_box_->addItem("exact marginals");
    colour_box_->addItem("tiles (dominoes, lozenges)");
    colour_box_->setToolTip(
        "Orientation × parity: four dimer colours (H/V × sublattice) on lattices; monomer heat map: how "
        "often each vertex was a monomer in the frames shown since the chain (re)started; exact "
        "marginals: P(vertex unmatched) at the current λ, for graphs small enough to count exactly; "
        "tiles: each dimer as its domino (square lattices, four colours) or lozenge (honeycomb, three "
        "shades: stacked cubes), other graphs as orientation × parity");
    connect(colour_box_, &QComboBox::currentIndexChanged, this, [this](int i) {
        view_->set_colour_mode(ColourMode(i));  // the items follow the enum's order
    });
    bar->addWidget(colour_box_);
    QAction* fit = bar->addAction("Fit");
    fit->setToolTip("Fit the graph in the view (F)");
    connect(fit, &QAction::triggered, this, [this] { view_->fit_view(); });
}

void MainWindow::build_menus() {
    QMenu* file = menuBar()->addMenu("&File");
    QMenu* presets = file->addMenu("Open &Preset");
    for (const QString& name : preset_names()) {
        connect(presets->addAction(name), &QAction::triggered, this, [this, name] {
            try {
                open_session(load_preset(name));
            } catch (const std::exception& e) {
                QMessageBox::warning(this, "dimerlab", e.what());
            }
        });
    }
    QAction* open = file->addAction("&Open Session…", this, [this] { open_dialog(); });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction("&Save Session…", this, [this] { save_dialog(); });
    save->setShortcut(QKeySequence::Save);
    file->addAction("Export &Measurements…", this, [this] {
        ExportMeasurementsDialog::run(this, controller_->graph(), controller_->current_session());
    });
    file->addAction("Export &Animation…", this,
                    [this] { ExportAnimationDialog::run(this, controller_->current_session()); });
    file->addSeparator();
    QAction* quit = file->addAction("&Quit", this, [this] { close(); });
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::open_session(const Session& session) {
    // The new controller is built first: on a bad session the old one keeps running.
    auto next = std::make_unique<LabController>(session, *view_);
    controller_ = std::move(next);
    sync_controls();
    panels_follow_session();
}

void MainWindow::sync_controls() {
    const Snapshot& s = controller_->snapshot();
    const QSignalBlocker b1(lambda_box_), b2(speed_box_), b3(colour_box_);
    lambda_box_->setValue(s.lambda);
    speed_box_->setValue(controller_->sweeps_per_frame());
    colour_box_->setCurrentIndex(int(view_->colour_mode()));
    play_->setText(controller_->running() ? "Pause" : "Play");
    setWindowTitle(QString("dimerlab — %1").arg(QString::fromStdString(controller_->graph().spec())));
}

void MainWindow::on_frame() {
    controller_->frame();
    const qint64 now = clock_.elapsed();
    if (now - last_status_ms_ >= 500) {
        const double dt = (now - last_status_ms_) / 1000.0;
        fps_ = (view_->frames_drawn() - last_frames_) / dt;
        const std::uint64_t t = controller_->snapshot().time;
        updates_per_s_ = t >= last_time_ ? (t - last_time_) / dt : 0;
        last_frames_ = view_->frames_drawn();
        last_time_ = t;
        last_status_ms_ = now;
        update_status();
    }
    update_overlay();
}

void MainWindow::update_overlay() {
    const Snapshot& s = controller_->snapshot();
    const Graph& g = controller_->graph();
    OverlayStats o;
    o.fps = fps_;
    o.updates_per_s = updates_per_s_;
    o.sweeps = g.num_edges() > 0 ? static_cast<double>(s.time) / g.num_edges() : 0;
    o.dimers = s.dimers;
    o.monomers = g.num_vertices() - 2 * s.dimers;
    o.lambda = lambda_box_->value();  // the commanded λ; the snapshot's lags until the chain runs
    o.running = controller_->running();
    view_->overlay().set_stats(o);
}

void MainWindow::update_status() {
    const Snapshot& s = controller_->snapshot();
    const Graph& g = controller_->graph();
    const double sweeps = static_cast<double>(s.time) / g.num_edges();
    status_->setText(
        QString("%1   λ = %2   sweeps %3   dimers %4   monomers %5   covered %6   %7 fps   %8 M updates/s")
            .arg(QString::fromStdString(g.spec()))
            .arg(s.lambda)
            .arg(sweeps, 0, 'f', 0)
            .arg(s.dimers)
            .arg(g.num_vertices() - 2 * s.dimers)
            .arg(2.0 * s.dimers / g.num_vertices(), 0, 'f', 4)
            .arg(fps_, 0, 'f', 0)
            .arg(updates_per_s_ / 1e6, 0, 'f', 1) +
        QString("   %1").arg(controller_->backend_notice().isEmpty() ? controller_->backend()
                                                                     : controller_->backend_notice()));
}

void MainWindow::save_dialog() {
    const QString path = QFileDialog::getSaveFileName(this, "Save session", {}, "dimerlab sessions (*.json)");
    if (path.isEmpty()) return;
    try {
        controller_->save(path);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

void MainWindow::open_dialog() {
    const QString path = QFileDialog::getOpenFileName(this, "Open session", {}, "dimerlab sessions (*.json)");
    if (path.isEmpty()) return;
    try {
        open_session(load_session_file(path));
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

}  // namespace dimerlab::app
