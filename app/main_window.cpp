#include "main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

#include "colour_legend_widget.hpp"
#include "diagnostics_panel.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dimerlab_lab/region_store.hpp"
#include "dimerlab_render/edge_weight_shades.hpp"
#include "dimerlab_render/line_weights.hpp"
#include "dock_width.hpp"
#include "draw_canvas.hpp"
#include "draw_panel.hpp"
#include "export_animation_dialog.hpp"
#include "export_measurements_dialog.hpp"
#include "gl_viewport.hpp"
#include "gui_words.hpp"
#include "help_dialog.hpp"
#include "help_pages.hpp"
#include "lambda_range.hpp"
#include "lambda_spin_box.hpp"
#include "lecture_keys.hpp"
#include "memory_estimate.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "rate_text.hpp"
#include "sampling/perfect_matching.hpp"
#include "session_path.hpp"
#include "trimmed_spin_box.hpp"
#include "util/errors.hpp"
#include "verification_panel.hpp"

namespace dimerlab::app {

MainWindow::MainWindow(const Session& session, QWidget* parent) : QMainWindow(parent) {
    // The picture with, above it, the caption (presentation mode) and, below it, the colour legend.
    auto* centre = new QWidget(this);
    centre->setAutoFillBackground(true);  // white around the legend, as around the picture
    QPalette white = centre->palette();
    white.setColor(QPalette::Window, Qt::white);
    centre->setPalette(white);
    auto* centre_layout = new QVBoxLayout(centre);
    centre_layout->setContentsMargins(0, 0, 0, 0);
    centre_layout->setSpacing(0);
    caption_ = new QLabel(centre);
    caption_->setObjectName("presentation-caption");
    caption_->setAlignment(Qt::AlignCenter);
    caption_->setStyleSheet("background: white; color: black; padding: 8px;");
    base_point_size_ = caption_->font().pointSizeF();
    QFont caption_font = caption_->font();
    caption_font.setBold(true);
    caption_->setFont(caption_font);
    caption_->hide();
    // Right under the colour choice, on top of the picture, never only in a tooltip: why the
    // picture is not in the chosen colour mode.
    colour_note_ = new QLabel(centre);
    colour_note_->setObjectName("colour-note");
    colour_note_->setStyleSheet("background: #fff3e0; color: #8a4f00; padding: 4px;");
    colour_note_->setWordWrap(true);
    colour_note_->hide();
    view_ = new GlViewport(centre);
    legend_ = new ColourLegendWidget(centre);
    centre_layout->addWidget(caption_);
    centre_layout->addWidget(colour_note_);
    centre_layout->addWidget(view_, 1);
    centre_layout->addWidget(legend_, 0, Qt::AlignHCenter);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(centre);
    // Scrolled, as the docks are: Draw mode's minimum size must never decide the window's.
    auto* draw_scroll = new QScrollArea(stack_);
    draw_scroll->setWidgetResizable(true);
    draw_scroll->setFrameShape(QFrame::NoFrame);
    draw_panel_ = new DrawPanel(draw_scroll);
    draw_scroll->setWidget(draw_panel_);
    stack_->addWidget(draw_scroll);
    connect(draw_panel_, &DrawPanel::tile_requested, this, [this] { tile_drawn_region(); });
    connect(draw_panel_, &DrawPanel::leave_requested, this, [this] { set_draw_mode(false); });
    setCentralWidget(stack_);
    controller_ = std::make_unique<LabController>(session, *view_);
    build_toolbar();
    build_menus();
    size_caption_and_legend();
    build_docks();
    build_lecture_keys();
    status_ = new QLabel(this);
    statusBar()->addWidget(status_);
    refusal_ = new QLabel(this);
    refusal_->setObjectName("refusal");
    refusal_->setStyleSheet("color: #c62828;");
    refusal_->hide();
    statusBar()->addWidget(refusal_, 1);
    region_notice_ = new QLabel(this);
    region_notice_->setObjectName("region-notice");
    region_notice_->setStyleSheet("color: #8a4f00; font-weight: bold;");
    region_notice_->hide();
    statusBar()->addWidget(region_notice_);
    building_box_ = new QWidget(this);
    auto* building_row = new QHBoxLayout(building_box_);
    building_row->setContentsMargins(0, 0, 0, 0);
    building_label_ = new QLabel(building_box_);
    auto* busy = new QProgressBar(building_box_);
    busy->setRange(0, 0);  // busy: how long a build takes is not known ahead
    busy->setMaximumWidth(120);
    auto* cancel = new QPushButton("Cancel", building_box_);
    connect(cancel, &QPushButton::clicked, this, [this] { cancel_build(); });
    building_row->addWidget(building_label_);
    building_row->addWidget(busy);
    building_row->addWidget(cancel);
    building_box_->hide();
    statusBar()->addWidget(building_box_);
    hud_hint_ = new QLabel("HUD hidden: press H on the picture to bring it back", this);
    hud_hint_->setObjectName("hud-hint");
    hud_hint_->hide();
    statusBar()->addPermanentWidget(hud_hint_);
    gpu_label_ = new QLabel(this);
    gpu_label_->setObjectName("gpu-words");
    statusBar()->addPermanentWidget(gpu_label_);
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
        .set_lambda = [this](double lambda) { request_lambda(lambda); },
    });
    update_overlay();
    default_state_ = saveState();
}

MainWindow::~MainWindow() = default;

void MainWindow::apply_default_layout() {
    // The picture gets the largest share: each side's docks take a fifth of the width at most.
    const int side = std::clamp(width() / 5, kSideDockMinWidth, kSideDockMaxWidth);
    const QList<QDockWidget*> docks = findChildren<QDockWidget*>();
    QList<QDockWidget*> left, right;
    for (QDockWidget* d : docks) (dockWidgetArea(d) == Qt::LeftDockWidgetArea ? left : right) << d;
    if (!left.isEmpty() && !right.isEmpty())
        resizeDocks({left.front(), right.front()}, {side, side}, Qt::Horizontal);
}

void MainWindow::reset_layout() {
    restoreState(default_state_);
    for (QDockWidget* d : findChildren<QDockWidget*>()) d->show();
    apply_default_layout();
}

void MainWindow::save_layout(QSettings& settings) const {
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
}

bool MainWindow::restore_layout(const QSettings& settings) {
    const QByteArray geometry = settings.value("window/geometry").toByteArray();
    const QByteArray state = settings.value("window/state").toByteArray();
    if (geometry.isEmpty() && state.isEmpty()) return false;
    if (!geometry.isEmpty()) restoreGeometry(geometry);
    if (!state.isEmpty()) restoreState(state);
    return true;
}

void MainWindow::set_colour_palette(render::PaletteKind palette) {
    view_->set_colour_palette(palette);
    legend_->set_colour_palette(palette);
    for (qsizetype i = 0; i < palette_actions_.size(); ++i)
        palette_actions_[i]->setChecked(render::kPaletteKinds[i] == palette);
    if (remember_layout_) {
        const std::string_view name = render::palette_name(palette);
        QSettings().setValue("view/palette", QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
}

render::PaletteKind MainWindow::colour_palette() const {
    return view_->colour_palette();
}

void MainWindow::set_high_contrast(bool on) {
    view_->set_high_contrast(on);
    high_contrast_action_->setChecked(on);
    size_caption_and_legend();
    if (remember_layout_) QSettings().setValue("view/high_contrast", on);
}

bool MainWindow::high_contrast() const {
    return view_->high_contrast();
}

void MainWindow::size_caption_and_legend() {
    const render::LineWeights& w = render::line_weights(view_->high_contrast());
    // The weights' size, shrunk until the line fits the window: a long spec must not lose its ends.
    QFont caption_font = caption_->font();
    const double fit_width = 0.96 * std::max(width(), 200);
    for (double pt = base_point_size_ * w.caption_scale; pt >= base_point_size_; pt *= 0.95) {
        caption_font.setPointSizeF(pt);
        if (QFontMetricsF(caption_font).horizontalAdvance(caption_->text()) <= fit_width) break;
    }
    if (caption_font != caption_->font()) caption_->setFont(caption_font);
    legend_->set_point_size(base_point_size_ *
                            (presentation_ ? w.legend_scale_presenting : w.legend_scale_docked));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (presentation_) set_presentation(false);  // remember the working layout, not the full screen
    if (remember_layout_) {
        QSettings settings;
        save_layout(settings);
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (presentation_) size_caption_and_legend();  // the caption's fit depends on the width
}

void MainWindow::set_presentation(bool on) {
    if (on == presentation_) return;
    presentation_ = on;
    if (on) {
        state_before_presentation_ = saveState();
        was_maximized_ = isMaximized();
        for (QDockWidget* d : findChildren<QDockWidget*>()) d->hide();
        for (QToolBar* t : findChildren<QToolBar*>()) t->hide();
        menuBar()->hide();
        statusBar()->hide();
        caption_->show();
        size_caption_and_legend();
        showFullScreen();
    } else {
        menuBar()->show();
        statusBar()->show();
        for (QToolBar* t : findChildren<QToolBar*>()) t->show();
        restoreState(state_before_presentation_);
        caption_->hide();
        size_caption_and_legend();
        if (was_maximized_) {
            showMaximized();
        } else {
            showNormal();
        }
    }
    presentation_action_->setChecked(on);
    update_overlay();
}

QString MainWindow::caption_text() const {
    const Snapshot& s = controller_->snapshot();
    const Graph& g = controller_->graph();
    const double sweeps = g.num_edges() > 0 ? static_cast<double>(s.time) / g.num_edges() : 0;
    const QString title = controller_->opened_session().title;
    return QString("%1%2   ·   λ = %3   ·   %4 dynamics   ·   %5 sweeps")
        .arg(title.isEmpty() ? QString() : title + "   ·   ")
        .arg(QString::fromStdString(g.spec()))
        .arg(lambda_display_text(controller_->lambda()))
        .arg(QString::fromUtf8(dynamics_name(controller_->opened_session().dynamics)))
        .arg(sweeps, 0, 'f', 0);
}

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
    view->addSeparator();
    presentation_action_ = view->addAction("&Presentation mode");
    presentation_action_->setCheckable(true);
    presentation_action_->setToolTip(
        "Full screen, docks hidden, a large caption and the colour legend (Esc leaves)");
    connect(presentation_action_, &QAction::triggered, this, [this](bool on) { set_presentation(on); });
    high_contrast_action_ = view->addAction("&High contrast (projector)");
    high_contrast_action_->setCheckable(true);
    high_contrast_action_->setToolTip(
        "Thicker, darker lines and a larger caption and legend, for a projector");
    connect(high_contrast_action_, &QAction::triggered, this, [this](bool on) { set_high_contrast(on); });
    view->addAction("&Reset layout", this, [this] { reset_layout(); });
    QMenu* palettes = view->addMenu("&Palette");
    auto* palette_group = new QActionGroup(this);
    for (const render::PaletteKind kind : render::kPaletteKinds) {
        QAction* a = palettes->addAction(QString::fromUtf8(render::palette_label(kind).data(),
                                                           qsizetype(render::palette_label(kind).size())));
        a->setCheckable(true);
        a->setChecked(kind == render::PaletteKind::colour_blind_safe);
        palette_group->addAction(a);
        connect(a, &QAction::triggered, this, [this, kind] { set_colour_palette(kind); });
        palette_actions_ << a;
    }
    connect(model_panel_, &ModelPanel::apply_requested, this, [this](const Session& s) { apply_model(s); });
    connect(model_panel_, &ModelPanel::lambda_changed, this,
            [this](double l) { request_lambda(l, LambdaSource::model_panel); });
    verification_panel_->load();
    // Every drawn frame, however it was driven (frame clock or automation), feeds the diagnostics;
    // observe() ignores a snapshot it has already seen.
    connect(view_, &QOpenGLWidget::frameSwapped, this,
            [this] { diagnostics_panel_->observe(controller_->snapshot()); });
}

void MainWindow::apply_model(const Session& requested) {
    // The colour mode is the toolbar's, not the one the panel saw when it was last filled.
    Session session = requested;
    session.view.colour = view_->colour_mode();
    QString refusal;
    if (!confirm_graph_memory(this, session.graph, &refusal)) {
        if (!refusal.isEmpty()) show_refusal(refusal);
        return;
    }
    open_session_in_background(session, [this](const QString& error) {
        // Only building finds some errors (memory, no perfect matching); the old lab keeps running.
        show_refusal(error);
    });
}

void MainWindow::open_session_in_background(const Session& session,
                                            std::function<void(const QString&)> on_error) {
    const std::uint64_t job = ++build_job_;
    building_ = true;
    building_label_->setText(
        QString("Building %1 (graph, layout, chain)…").arg(QString::fromStdString(session.graph)));
    building_box_->show();
    struct Outcome {
        std::shared_ptr<PreparedLab> lab;
        QString error;
    };
    build_tasks_.run(
        this,
        [session] {
            Outcome out;
            try {
                out.lab = std::make_shared<PreparedLab>(prepare_lab(session));
            } catch (const std::exception& e) {
                out.error = QString::fromUtf8(e.what());
            }
            return out;
        },
        [this, job, session, on_error = std::move(on_error)](Outcome out) {
            if (job != build_job_) return;  // cancelled, or a newer build is on its way
            building_ = false;
            building_box_->hide();
            if (out.lab) {
                try {
                    controller_ = std::make_unique<LabController>(session, *view_, std::move(*out.lab));
                    refusal_->hide();
                    sync_controls();
                    panels_follow_session();
                    update_status();
                    update_overlay();
                    emit build_finished(true);
                    return;
                } catch (const std::exception& e) {
                    out.error = QString::fromUtf8(e.what());
                }
            }
            if (on_error) on_error(out.error);
            emit build_finished(false);
        });
}

void MainWindow::cancel_build() {
    if (!building_) return;
    ++build_job_;
    building_ = false;
    building_box_->hide();
}

void MainWindow::request_lambda(double lambda, LambdaSource source) {
    const double running = controller_->lambda();
    if (is_infinite_lambda(lambda) == is_infinite_lambda(running)) {
        if (lambda == running) return lambda_changed_elsewhere(lambda);
        try {
            controller_->set_lambda(lambda);
        } catch (const InputError& e) {
            show_refusal(QString::fromUtf8(e.what()));
            return;
        }
        refusal_->hide();
        lambda_changed_elsewhere(lambda);
        return;
    }
    // Across ∞: a new chain at update 0.
    const bool from_panel = source == LambdaSource::model_panel && model_panel_->spec_valid();
    Session next = from_panel ? model_panel_->pending_session() : controller_->current_session();
    next.record = LambdaRecord(lambda);
    next.update_index = 0;
    next.state_hash.reset();
    if (!from_panel) {
        // The preset's words described the old λ (a changed chain drops them, as in the panel).
        next.name = QString::fromStdString(next.graph);
        next.title.clear();
        next.description.clear();
    }
    if (is_infinite_lambda(lambda) && (next.start == StartKind::empty || next.start == StartKind::greedy))
        next.start = StartKind::maximum;
    try {
        // Cheap, and needs no graph: refused at once, without a build.
        require_dynamics_runs_at(next.dynamics, next.record);
    } catch (const std::exception& e) {
        show_refusal(QString::fromUtf8(e.what()));
        return;
    }
    if (from_panel) return apply_model(next);  // a new graph may need the memory question
    open_session_in_background(next, [this](const QString& error) { show_refusal(error); });
}

void MainWindow::show_refusal(const QString& message) {
    const QString words = in_gui_words(message);
    refusal_->setText(words);
    refusal_->setToolTip(words);
    refusal_->show();
    model_panel_->show_build_error(words);
    // Every control back to the λ that runs.
    lambda_changed_elsewhere(controller_->lambda());
}

void MainWindow::lambda_changed_elsewhere(double lambda) {
    const QSignalBlocker b(lambda_box_);
    lambda_box_->setValue(lambda);
    model_panel_->set_lambda(lambda);
    partition_panel_->set_problem(controller_->graph().spec(), lambda, controller_->graph().num_vertices());
}

void MainWindow::panels_follow_session() {
    // The session as opened, not current_session(): until the replay is shown, the snapshot's
    // record and update index are the start's.
    model_panel_->set_session(controller_->opened_session());
    model_panel_->set_lambda(controller_->lambda());
    model_panel_->show_graph_notices(controller_->graph().notices());
    partition_panel_->set_problem(controller_->graph().spec(), controller_->lambda(),
                                  controller_->graph().num_vertices());
    diagnostics_panel_->reset(controller_->shared_graph(), controller_->opened_session().dynamics);
    verification_panel_->set_graph(controller_->shared_graph());
    update_region_notice();
}

void MainWindow::update_region_notice() {
    const Session s = controller_->opened_session();
    const bool inexact = !region_spec_path(s.graph).isEmpty() && s.dynamics == Dynamics::rotation;
    region_notice_->setText("Not an exact sample (a region with a hole: rotation chain)");
    region_notice_->setToolTip(
        "Coupling from the past needs a region without holes; the rotation chain "
        "only approaches the uniform tiling.");
    region_notice_->setVisible(inexact);
}

bool MainWindow::draw_mode() const {
    return stack_->currentIndex() == 1;
}

void MainWindow::set_draw_mode(bool on) {
    if (on == draw_mode()) return;
    if (on) {
        running_before_draw_ = controller_->running();
        controller_->set_running(false);
        stack_->setCurrentIndex(1);
        draw_panel_->canvas()->setFocus();
    } else {
        stack_->setCurrentIndex(0);
        controller_->set_running(running_before_draw_);
    }
    draw_panel_->set_keys_enabled(on);
    for (QAction* action : lab_key_actions_) action->setEnabled(!on);
    const QSignalBlocker block(draw_action_);
    draw_action_->setChecked(on);
    sync_controls();
}

bool MainWindow::tile_drawn_region() {
    const RegionCheck& check = draw_panel_->check();
    if (!check.tileable) return false;
    const QString text = draw_panel_->text();
    Session s;
    try {
        s.graph = "region:" + store_region_text(text).toStdString();
    } catch (const std::exception& e) {
        show_refusal(QString::fromUtf8(e.what()));
        return false;
    }
    s.region_text = text;
    s.record = LambdaRecord(kInfiniteLambda);
    s.name = "drawn region";
    s.title = "A drawn region";
    if (check.has_hole) {
        // cftp needs a height function, which a region with a hole does not have.
        s.dynamics = Dynamics::rotation;
        s.start = StartKind::maximum;
        s.description =
            "A region with a hole, run by the rotation chain from a maximum matching. Its "
            "tilings are not exact samples: the chain only approaches the uniform law.";
    } else {
        s.dynamics = Dynamics::cftp;
        s.start = StartKind::exact;
        s.description =
            "Each frame is an exactly uniform tiling of the drawn region (coupling from the past).";
    }
    s.view.colour = ColourMode::tiles;
    running_before_draw_ = true;
    set_draw_mode(false);
    open_session_in_background(s, [this](const QString& error) { show_refusal(error); });
    return true;
}

void MainWindow::open_region_dialog() {
    set_draw_mode(true);
    draw_panel_->open_dialog();
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
    connect(play_, &QAction::triggered, this, [this] {
        controller_->set_running(!controller_->running());
        sync_controls();
    });
    QAction* step = step_action_ = bar->addAction("Step");
    step->setToolTip("Run one frame's worth of sweeps");
    connect(step, &QAction::triggered, this, [this] { controller_->step_frame(); });
    QAction* reset = reset_action_ = bar->addAction("Reset");
    reset->setToolTip("Restart the chain from its start state at the current λ");
    connect(reset, &QAction::triggered, this, [this] {
        if (controller_->opened_session().start != StartKind::exact) {
            controller_->reset();
            return;
        }
        // An exact start can take a minute (coupling from the past on a large hexagon): rebuild
        // off the GUI thread, with the building box and its Cancel, like opening a session.
        Session fresh = controller_->current_session();
        fresh.record = LambdaRecord(controller_->lambda());
        fresh.update_index = 0;
        fresh.state_hash.reset();
        open_session_in_background(fresh, [this](const QString& error) { show_refusal(error); });
    });
    bar->addSeparator();
    bar->addWidget(new QLabel(" λ ", this));
    lambda_box_ = new LambdaSpinBox(this);
    lambda_box_->setToolTip(
        "Dimer activity; a change is recorded at the update index the chain has reached. inf or ∞: "
        "perfect matchings (the chain restarts)");
    connect(lambda_box_, &QDoubleSpinBox::valueChanged, this, [this](double l) { request_lambda(l); });
    bar->addWidget(lambda_box_);
    bar->addWidget(new QLabel("  sweeps/frame ", this));
    speed_box_ = new SweepsSpinBox(this);
    connect(speed_box_, &QDoubleSpinBox::valueChanged, this, [this](double s) {
        controller_->set_sweeps_per_frame(s);
        model_panel_->set_speed(s);
    });
    bar->addWidget(speed_box_);
    bar->addWidget(new QLabel("  colour ", this));
    colour_box_ = new QComboBox(this);
    colour_box_->addItem("plain");
    colour_box_->addItem("orientation × parity");
    colour_box_->addItem("monomer heat map");
    colour_box_->addItem("exact marginals");
    colour_box_->addItem("tiles (dominoes, lozenges)");
    colour_box_->addItem("height function");
    colour_box_->addItem("exact probabilities (λ = ∞)");
    colour_box_->addItem("exact probabilities: chain − exact");
    colour_box_->addItem("edge weights");
    colour_box_->addItem("slope of the expected height (λ = ∞)");
    colour_box_->setToolTip(
        "Orientation × parity: four dimer colours (H/V × sublattice) on lattices; monomer heat map: how "
        "often each vertex was a monomer in the frames shown since the chain (re)started; exact "
        "marginals: P(vertex unmatched) at the current λ, for graphs small enough to count exactly; "
        "tiles: each dimer as its domino (square lattices, four colours) or lozenge (honeycomb, three "
        "shades: stacked cubes), other graphs as orientation × parity; height function: Thurston's height "
        "of the matching on the faces of square-lattice and honeycomb regions (grey faces touch a "
        "monomer, where the height is undefined), other graphs plain; exact probabilities: every edge by "
        "the exact probability that a dimer (domino) sits on it at λ = ∞, for aztec:N up to 400 and small "
        "drawn regions; chain − exact: the chain's share of frames with a dimer there minus that "
        "probability, fading to white as the chain converges; edge weights: every edge by its weight on a "
        "log "
        "scale from the lightest to the heaviest (weights from a file's ,weighted, aztec's a= b=, hexagon's "
        "q=, or h= v= on grid, torus and hex), dimers drawn wider in their edge's colour; slope of the "
        "expected height: how steep the average tiling's height surface is at each edge, exactly, at "
        "λ = ∞ (0 where it is flat: the two-periodic diamond's smooth gas phase; steepest in the frozen "
        "corners)");
    connect(colour_box_, &QComboBox::currentIndexChanged, this, [this](int i) {
        view_->set_colour_mode(ColourMode(i));  // the items follow the enum's order
        show_colour_note();
    });
    bar->addWidget(colour_box_);
    draw_action_ = bar->addAction("Draw");
    draw_action_->setCheckable(true);
    draw_action_->setToolTip("Draw a region of squares or triangles and tile it (Ctrl+D)");
    connect(draw_action_, &QAction::toggled, this, [this](bool on) { set_draw_mode(on); });
    // The key apart from the button: a click works wherever the focus is, the key never while a
    // text field has it.
    auto* draw_key = new QAction(this);
    draw_key->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(draw_key, &QAction::triggered, this, [this] {
        if (!text_field_has_focus()) set_draw_mode(!draw_mode());
    });
    addAction(draw_key);
    QAction* fit = bar->addAction("Fit");
    fit->setToolTip("Fit the graph in the view (F)");
    connect(fit, &QAction::triggered, this, [this] { view_->fit_view(); });
}

void MainWindow::build_lecture_keys() {
    shortcuts_overlay_ = new QLabel(centralWidget());
    shortcuts_overlay_->setObjectName("shortcuts-overlay");
    shortcuts_overlay_->setTextFormat(Qt::RichText);
    shortcuts_overlay_->setText("<h3>Keys (? or F1 hides this)</h3>" + shortcuts_table_html());
    shortcuts_overlay_->setStyleSheet(
        "QLabel { background: rgba(255, 255, 255, 235); color: black; border: 2px solid #444; padding: 10px; "
        "}");
    shortcuts_overlay_->hide();
    const QList<QString> preset_list = preset_names();
    for (const LectureKey& key : lecture_keys()) {
        QAction* action = nullptr;
        switch (key.action) {
            case LectureAction::play_pause:
                action = play_;
                break;
            case LectureAction::step:
                action = step_action_;
                break;
            case LectureAction::reset:
                action = reset_action_;
                break;
            case LectureAction::presentation:
                action = presentation_action_;
                break;
            case LectureAction::fit:
            case LectureAction::hud:
                continue;  // the picture's own keys (GlViewport)
            case LectureAction::open_preset:
                // One action per digit, so each knows its preset.
                for (const QKeySequence& seq : key.keys) {
                    const int digit = preset_digit(seq);
                    if (digit < 1 || digit > preset_list.size()) continue;
                    auto* open = new QAction(this);
                    open->setShortcut(seq);
                    const QString name = preset_list[digit - 1];
                    connect(open, &QAction::triggered, this, [this, name] {
                        try {
                            open_session_in_background(load_preset(name),
                                                       [this](const QString& error) { show_refusal(error); });
                        } catch (const std::exception& e) {
                            show_refusal(QString::fromUtf8(e.what()));
                        }
                    });
                    addAction(open);
                    lab_key_actions_.append(open);
                }
                continue;
            default:
                action = new QAction(this);
                break;
        }
        action->setShortcuts(key.keys);
        // On the window itself, so the keys work with the toolbar and the menus hidden
        // (presentation mode).
        addAction(action);
        if (key.action != LectureAction::shortcuts && key.action != LectureAction::leave)
            lab_key_actions_.append(action);
        switch (key.action) {
            case LectureAction::lambda_up:
            case LectureAction::lambda_down: {
                const int delta = key.action == LectureAction::lambda_up ? 1 : -1;
                connect(action, &QAction::triggered, this, [this, delta] {
                    const int at = lambda_slider_position(controller_->lambda());
                    const int to = std::clamp(at + delta, 0, lambda_slider_infinity_position());
                    if (to != at) request_lambda(lambda_at_slider_position(to));
                });
                break;
            }
            case LectureAction::slower:
            case LectureAction::faster: {
                const int steps = key.action == LectureAction::faster ? 1 : -1;
                connect(action, &QAction::triggered, this, [this, steps] { speed_box_->stepBy(steps); });
                break;
            }
            case LectureAction::shortcuts:
                connect(action, &QAction::triggered, this,
                        [this] { set_shortcuts_overlay(!shortcuts_overlay_visible()); });
                break;
            case LectureAction::leave:
                connect(action, &QAction::triggered, this, [this] {
                    set_shortcuts_overlay(false);
                    set_presentation(false);
                });
                break;
            default:
                break;
        }
    }
}

void MainWindow::set_shortcuts_overlay(bool visible) {
    if (visible) {
        shortcuts_overlay_->adjustSize();
        const QRect area = view_->geometry();
        shortcuts_overlay_->move(area.center() -
                                 QPoint(shortcuts_overlay_->width() / 2, shortcuts_overlay_->height() / 2));
        shortcuts_overlay_->raise();
    }
    shortcuts_overlay_->setVisible(visible);
}

bool MainWindow::shortcuts_overlay_visible() const {
    return shortcuts_overlay_->isVisible();
}

void MainWindow::build_menus() {
    QMenu* file = menuBar()->addMenu("&File");
    QMenu* presets = file->addMenu("Open &Preset");
    for (const QString& name : preset_names()) {
        connect(presets->addAction(name), &QAction::triggered, this, [this, name] {
            try {
                open_session_in_background(load_preset(name), [this](const QString& error) {
                    QMessageBox::warning(this, "dimerlab", error);
                });
            } catch (const std::exception& e) {
                QMessageBox::warning(this, "dimerlab", e.what());
            }
        });
    }
    QAction* open = file->addAction("&Open Session…", this, [this] { open_dialog(); });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction("&Save Session…", this, [this] { save_dialog(); });
    save->setShortcut(QKeySequence::Save);
    file->addSeparator();
    file->addAction(draw_action_);
    file->addAction("Open &Region…", this, [this] { open_region_dialog(); });
    file->addAction("Save Re&gion…", this, [this] {
        set_draw_mode(true);
        draw_panel_->save_dialog();
    });
    file->addSeparator();
    file->addAction("Export &Measurements…", this, [this] {
        ExportMeasurementsDialog::run(this, controller_->graph(), controller_->current_session());
    });
    file->addAction("Export &Animation…", this, [this] {
        ExportAnimationDialog::run(this, controller_->current_session(), {colour_palette(), high_contrast()});
    });
    file->addSeparator();
    QAction* quit = file->addAction("&Quit", this, [this] { close(); });
    quit->setShortcut(QKeySequence::Quit);

    QMenu* help = menuBar()->addMenu("&Help");
    auto page = [this](HelpDialog::Page p) {
        if (!help_) help_ = new HelpDialog(this);
        help_->show_page(p);
    };
    help->addAction("&What am I looking at?", this, [page] { page(HelpDialog::Page::what_am_i_looking_at); });
    help->addAction("&Graph specs", this, [page] { page(HelpDialog::Page::graph_specs); });
    help->addAction("&Keyboard and mouse", this, [page] { page(HelpDialog::Page::shortcuts); });
    help->addSeparator();
    help->addAction("&About dimerlab", this,
                    [this] { QMessageBox::about(this, "About dimerlab", about_html()); });
}

HelpDialog& MainWindow::help_dialog() {
    if (!help_) help_ = new HelpDialog(this);
    return *help_;
}

void MainWindow::open_session(const Session& session) {
    // The new controller is built first: on a bad session the old one keeps running.
    auto next = std::make_unique<LabController>(session, *view_);
    controller_ = std::move(next);
    refusal_->hide();
    sync_controls();
    panels_follow_session();
    update_status();
    update_overlay();
}

void MainWindow::sync_controls() {
    const QSignalBlocker b1(lambda_box_), b2(speed_box_), b3(colour_box_);
    lambda_box_->setValue(controller_->lambda());
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
        const std::uint64_t serial = controller_->snapshot().serial;
        snapshots_per_s_ = serial >= last_serial_ ? (serial - last_serial_) / dt : 0;
        last_serial_ = serial;
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
    o.samples_per_s = snapshots_per_s_;
    o.sweeps = g.num_edges() > 0 ? static_cast<double>(s.time) / g.num_edges() : 0;
    o.dimers = s.dimers;
    o.monomers = g.num_vertices() - 2 * s.dimers;
    o.lambda = lambda_box_->value();  // the commanded λ; the snapshot's lags until the chain runs
    o.running = controller_->running();
    o.coalescence_sweeps = s.coalescence_sweeps;
    o.sampling = dynamics_row(controller_->opened_session().dynamics).sampling;
    // shuffle-steps: the unmatched squares are the part of the diamond not built yet, drawn empty.
    view_->set_monomers_visible(!s.shuffle_step.has_value());
    view_->overlay().set_stats(o);
    if (legend_->mode() != view_->colour_mode() || legend_->tiles() != view_->tile_shape())
        legend_->set_mode(view_->colour_mode(), view_->tile_shape());
    if (const render::WeightRange range = render::weight_range(g);
        range.lightest != legend_->weight_range().lightest ||
        range.heaviest != legend_->weight_range().heaviest)
        legend_->set_weight_range(range);
    if (presentation_) {
        const QString caption = caption_text();
        if (caption_->text() != caption) {
            caption_->setText(caption);
            size_caption_and_legend();
        }
    }
    hud_hint_->setVisible(!view_->overlay().visible());
    const GpuWords gpu = gpu_in_class_words(cuda_availability(), controller_->backend());
    if (gpu_label_->text() != gpu.text) {
        gpu_label_->setText(gpu.text);
        gpu_label_->setToolTip(gpu.details);
        view_->set_gpu_words(gpu.text);
    }
    show_colour_note();
}

void MainWindow::show_colour_note() {
    const QString& note = view_->colour_note();
    if (colour_note_->text() != note) colour_note_->setText(note);
    colour_note_->setVisible(!note.isEmpty());
}

void MainWindow::update_status() {
    const Snapshot& s = controller_->snapshot();
    const Graph& g = controller_->graph();
    const double sweeps = static_cast<double>(s.time) / g.num_edges();
    status_->setText(QString("%1   λ = %2   sweeps %3   dimers %4   monomers %5   covered %6   %7 fps   %8")
                         .arg(QString::fromStdString(g.spec()))
                         .arg(lambda_display_text(controller_->lambda()))
                         .arg(sweeps, 0, 'f', 0)
                         .arg(s.dimers)
                         .arg(g.num_vertices() - 2 * s.dimers)
                         .arg(2.0 * s.dimers / g.num_vertices(), 0, 'f', 4)
                         .arg(fps_, 0, 'f', 0)
                         .arg(update_rate_text(updates_per_s_, controller_->running())) +
                     QString("   %1").arg(backend_in_plain_words(controller_->backend())));
    // The backend's technical name, and why a requested device is not used, a tooltip away.
    status_->setToolTip(controller_->backend_notice().isEmpty()
                            ? controller_->backend()
                            : controller_->backend() + ": " + controller_->backend_notice());
}

void MainWindow::save_dialog() {
    const QString path = with_session_suffix(
        QFileDialog::getSaveFileName(this, "Save session", {}, "dimerlab sessions (*.dimerlab.json)"));
    if (path.isEmpty()) return;
    try {
        controller_->save(path);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

void MainWindow::open_dialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, "Open session", {}, "dimerlab sessions (*.dimerlab.json *.json)");
    if (path.isEmpty()) return;
    try {
        open_session_in_background(load_session_file(path), [this](const QString& error) {
            QMessageBox::warning(this, "dimerlab", error);
        });
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

}  // namespace dimerlab::app
