#include "partition_panel.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMetaObject>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

#include "counting/approx/approx_count.hpp"
#include "counting/approx/estimate_cost.hpp"
#include "counting/approx/update_rate.hpp"
#include "counting/exact/matching_polynomial.hpp"
#include "counting/exact/perfect_matching_closed_forms.hpp"
#include "counting/exact/polynomial_zeros.hpp"
#include "counting/limits/graph_limit.hpp"
#include "diagnostics/cancelled.hpp"
#include "diagnostics/panel_applicability.hpp"
#include "dimerlab_lab/lambda_point.hpp"
#include "export/lecture_plots.hpp"
#include "export/zeros_plot.hpp"
#include "graph/graph_spec.hpp"
#include "lambda_spin_box.hpp"
#include "log_z_at_lambda.hpp"
#include "model/lambda_record.hpp"
#include "plot_view.hpp"
#include "series_chart.hpp"
#include "util/duration_text.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

namespace {

Graph build_for_counting(const std::string& spec) {
    BuildOptions options;
    options.with_layout = false;  // counting never draws: skip the igraph layout of random graphs
    return make_graph(spec, options);
}

std::string family_of(const std::string& spec) {
    try {
        return parse_graph_spec(spec).family;
    } catch (const std::exception&) {
        return {};
    }
}

struct LatticeFreeEnergy {
    double lambda;
    double f;
};
constexpr LatticeFreeEnergy kSquareLatticeF[] = {{0.25, 0.30026257002},
                                                 {0.5, 0.4607951374},
                                                 {1.0, kSquareLatticeLogZPerSite},
                                                 {2.0, 0.900940030},
                                                 {4.0, 1.1683758}};
// ln Z(L×L)/L² ≈ h₂ − 0.33/L on open grids at λ = 1 (docs/algorithms.md §7.2).
constexpr double kGridFiniteSizeSlope = 0.33;
// The calibration run: long enough to time a few sweeps of a large graph, short enough not to be
// noticed before the estimate starts.
constexpr double kCalibrationSeconds = 0.15;
// The estimator's default replica count: its threads never exceed it (ApproxOptions::threads).
constexpr unsigned kEstimateReplicas = 8;
// The lecture curves: λ from 1/20 to 20 (log scale), and the exact polynomial only when quick.
constexpr double kCurveLambdaLo = 0.05, kCurveLambdaHi = 20;
constexpr int kCurvePoints = 41;
constexpr std::uint64_t kCurveExactMaxStates = std::uint64_t{1} << 16;
// The estimated points: a few λ, each a chain of about this many updates (50 to 2000 sweeps), so a
// 256×256 grid takes seconds per point on one core.
constexpr int kCurveEstimatePoints = 9;
constexpr std::uint64_t kCurveUpdatesPerPoint = 20'000'000;

// Chain updates per second of the whole estimate on this graph (the threads the estimator uses).
double calibrate_update_rate(const Graph& g, double lambda, const TaskContext& task) {
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, kEstimateReplicas);
    return dimerlab::calibrate_update_rate(g, lambda, kCalibrationSeconds, threads,
                                           [&task] { return task.cancelled(); });
}

}  // namespace

std::optional<double> square_lattice_log_z_per_site(double lambda) {
    for (const LatticeFreeEnergy& p : kSquareLatticeF) {
        if (std::abs(lambda - p.lambda) <= 1e-12 * p.lambda) return p.f;
    }
    return std::nullopt;
}

QString estimate_at_infinity_text(const std::string& spec) {
    const RunKind run{Dynamics::glauber, true, GraphKind::general};
    QString text = QString::fromStdString(applicability(PanelItem::estimate, run).sentence);
    if (const auto closed = closed_form_perfect_matchings(spec))
        return text + " Exact gives their number in closed form.";
    return text + " Exact counts them on graphs small enough for it.";
}

QString duration_text(double seconds) {
    return QString::fromStdString(dimerlab::duration_text(seconds));
}

QString without_cli_flags(const QString& message) {
    QStringList kept;
    for (const QString& clause : message.split(';')) {
        if (!clause.contains("--")) kept << clause.trimmed();
    }
    return kept.isEmpty() ? QString("not possible for this graph") : kept.join("; ");
}

PartitionPanel::PartitionPanel(QWidget* parent) : QWidget(parent) {
    problem_label_ = new QLabel(this);
    problem_label_->setWordWrap(true);
    exact_label_ = new QLabel("—", this);
    exact_label_->setWordWrap(true);
    exact_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    estimate_label_ = new QLabel("—", this);
    estimate_label_->setWordWrap(true);
    estimate_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    per_site_label_ = new QLabel("—", this);
    per_site_label_->setWordWrap(true);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setTextVisible(true);
    progress_->setFormat("idle");
    epsilon_box_ = new QDoubleSpinBox(this);
    epsilon_box_->setRange(0.001, 1.0);
    epsilon_box_->setDecimals(3);
    epsilon_box_->setSingleStep(0.01);
    epsilon_box_->setValue(0.05);
    epsilon_box_->setToolTip("Target half-width of the 95% interval on ln Z, or on ln Z / n per vertex");
    target_box_ = new QComboBox(this);
    target_box_->addItem("on ln Z");
    target_box_->addItem("per vertex");
    target_box_->setToolTip("Per vertex: the interval on ln Z / n, so a half-width of δ·n on ln Z");
    exact_button_ = new QPushButton("Exact", this);
    exact_button_->setToolTip("Exact matching polynomial, when its estimated cost is feasible");
    estimate_button_ = new QPushButton("Estimate", this);
    estimate_button_->setToolTip(
        "Replica estimate of ln Z with a Student-t interval (thermodynamic integration with an exact control "
        "variate)");
    cancel_button_ = new QPushButton("Cancel", this);
    convergence_chart_ =
        new SeriesChart("Estimate: interval half-width on ln Z", "chain updates (millions)", "half-width");
    per_site_chart_ =
        new SeriesChart("ln Z / n against size", "1/√n", "ln Z / n", {"finite-size law h₂ − 0.33/L"});
    per_site_chart_->series()->setPointsVisible(true);

    // The long-estimate warning: hidden until a projection exceeds kLongEstimateSeconds.
    warning_ = new QWidget(this);
    warning_label_ = new QLabel(warning_);
    warning_label_->setWordWrap(true);
    warning_label_->setStyleSheet("color: #b26a00;");
    run_anyway_button_ = new QPushButton("Run anyway", warning_);
    larger_epsilon_button_ = new QPushButton(warning_);
    warning_cancel_button_ = new QPushButton("Cancel", warning_);
    {
        auto* choice = new QHBoxLayout;
        choice->addWidget(run_anyway_button_);
        choice->addWidget(larger_epsilon_button_);
        choice->addWidget(warning_cancel_button_);
        choice->addStretch(1);
        auto* box = new QVBoxLayout(warning_);
        box->setContentsMargins(0, 0, 0, 0);
        box->addWidget(warning_label_);
        box->addLayout(choice);
    }
    warning_->hide();

    curves_button_ = new QPushButton("Curves", this);
    curves_button_->setToolTip("Zeros of Z and the covered fraction against λ, from the exact polynomial");
    zeros_label_ = new QLabel(this);
    zeros_label_->setWordWrap(true);
    zeros_view_ = new PlotView("zeros", this);
    density_view_ = new PlotView("covered-fraction", this);
    tau_view_ = new PlotView("tau-int", this);

    // The buttons and ε come before the results: a result that wraps onto more lines grows the
    // panel below them, so the buttons never move under the mouse.
    // Two rows, so that the panel fits a dock a fifth of a 1920-pixel screen wide (one row made the
    // content wider than the dock, and the scroll area, which never scrolls sideways, cut it off).
    auto* buttons = new QVBoxLayout;
    auto* actions = new QHBoxLayout;
    actions->addWidget(exact_button_);
    actions->addWidget(estimate_button_);
    actions->addWidget(cancel_button_);
    actions->addStretch(1);
    auto* target = new QHBoxLayout;
    target->addWidget(new QLabel("target half-width ±", this));
    target->addWidget(epsilon_box_);
    target->addWidget(target_box_);
    target->addStretch(1);
    buttons->addLayout(actions);
    buttons->addLayout(target);
    auto* form = new QFormLayout;
    form->addRow("Exact ln Z", exact_label_);
    form->addRow("Estimate", estimate_label_);
    form->addRow("ln Z / n", per_site_label_);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(problem_label_);
    layout->addLayout(buttons);
    layout->addWidget(warning_);
    layout->addWidget(progress_);
    layout->addLayout(form);
    for (SeriesChart* c : {convergence_chart_, per_site_chart_}) {
        c->setMinimumHeight(150);
        c->setMaximumHeight(200);
        layout->addWidget(c);
    }
    auto* curves_row = new QHBoxLayout;
    curves_row->addWidget(curves_button_);
    curves_row->addWidget(new QLabel("lecture figures, exact where feasible", this), 1);
    layout->addLayout(curves_row);
    layout->addWidget(zeros_label_);
    for (PlotView* v : {zeros_view_, density_view_, tau_view_}) {
        v->setMinimumHeight(300);  // the plot font scales with the smaller side: readable from 300 px
        layout->addWidget(v);
    }
    layout->addStretch(1);
    // The charts' minimum heights must not set the window's: a small window scrolls the panel.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(exact_button_, &QPushButton::clicked, this, &PartitionPanel::compute_exact);
    connect(estimate_button_, &QPushButton::clicked, this, &PartitionPanel::compute_estimate);
    connect(cancel_button_, &QPushButton::clicked, this, &PartitionPanel::cancel_estimate);
    connect(run_anyway_button_, &QPushButton::clicked, this, [this] {
        if (estimate_state_ != JobState::awaiting_choice) return;
        hide_warning();
        start_estimate(pending_epsilon_, pending_updates_);
    });
    connect(larger_epsilon_button_, &QPushButton::clicked, this, [this] {
        if (estimate_state_ != JobState::awaiting_choice) return;
        hide_warning();
        epsilon_box_->setValue(per_vertex()
                                   ? suggested_epsilon_ / double(std::max<std::uint64_t>(1, vertices_))
                                   : suggested_epsilon_);
        projected_seconds_ = suggested_seconds_;
        start_estimate(suggested_epsilon_, suggested_updates_);
    });
    connect(warning_cancel_button_, &QPushButton::clicked, this, &PartitionPanel::cancel_estimate);
    connect(curves_button_, &QPushButton::clicked, this, &PartitionPanel::compute_curves);
    connect(target_box_, &QComboBox::activated, this, [this](int index) {
        target_chosen_ = true;
        set_per_vertex(index == 1);
    });
    set_problem(spec_, lambda_);
}

bool PartitionPanel::per_vertex() const {
    return target_box_->currentIndex() == 1;
}

void PartitionPanel::set_per_vertex(bool on) {
    const bool was = per_vertex();
    target_box_->setCurrentIndex(on ? 1 : 0);
    if (on == was && epsilon_box_->decimals() == (on ? 6 : 3)) return;
    // δ per vertex is a small number: six decimals, and a range that keeps δ·n sensible.
    epsilon_box_->setDecimals(on ? 6 : 3);
    epsilon_box_->setRange(on ? 1e-6 : 0.001, on ? 0.01 : 1.0);
    epsilon_box_->setSingleStep(on ? 1e-5 : 0.01);
    epsilon_box_->setValue(on ? kDefaultPerVertex : 0.05);
}

double PartitionPanel::target_half_width(std::uint64_t vertices) const {
    return per_vertex() ? epsilon_box_->value() * double(std::max<std::uint64_t>(1, vertices))
                        : epsilon_box_->value();
}

// The task members cancel and leave behind what still runs; the exact DP has no cancel flag and
// ends within ExactOptions' limits, its result dropped.
PartitionPanel::~PartitionPanel() = default;

void PartitionPanel::set_problem(const std::string& spec, double lambda, std::uint64_t vertices) {
    if (!target_chosen_ && vertices) set_per_vertex(vertices > kPerVertexAbove);
    if (spec == spec_ && lambda == lambda_ && job_ != 0) return;
    spec_ = spec;
    lambda_ = lambda;
    ++job_;
    estimate_tasks_.cancel_all();  // a running estimate is for the old problem
    exact_state_ = JobState::idle;
    estimate_state_ = JobState::idle;
    exact_log_z_.reset();
    estimate_log_z_.reset();
    estimate_nodes_.clear();
    vertices_ = 0;
    problem_label_->setText(
        QString("%1 at λ = %2").arg(QString::fromStdString(spec_)).arg(lambda_display_text(lambda_)));
    exact_label_->setText("—");
    estimate_label_->setText("—");
    progress_->setValue(0);
    progress_->setFormat("idle");
    hide_warning();
    projected_seconds_ = 0;
    cancel_requested_ = false;
    zeros_label_->clear();
    curve_tasks_.cancel_all();  // curves of the old problem
    zeros_view_->clear();
    density_view_->clear();
    tau_view_->clear();
    convergence_.clear();
    convergence_chart_->clear_all();
    convergence_chart_->set_reference(std::nullopt);
    update_per_site();
    update_per_site_chart();
    update_buttons();
}

void PartitionPanel::set_epsilon(double epsilon) {
    epsilon_box_->setValue(epsilon);
}

QString PartitionPanel::exact_text() const {
    return exact_label_->text();
}
QString PartitionPanel::estimate_text() const {
    return estimate_label_->text();
}
QString PartitionPanel::per_site_text() const {
    return per_site_label_->text();
}

void PartitionPanel::compute_exact() {
    if (exact_state_ == JobState::running) return;
    // A worker for an older problem may still run (its result is dropped); it ends by itself.
    exact_state_ = JobState::running;
    exact_label_->setText("computing…");
    update_buttons();
    const std::uint64_t job = job_;
    struct ExactOutcome {
        std::optional<double> log_z;
        std::uint64_t n = 0;
        QString text;
        bool infeasible = false;
        QString technical;
    };
    exact_tasks_.run(
        this,
        [spec = spec_, lambda = lambda_] {
            std::optional<double> log_z;
            std::uint64_t n = 0;
            QString text;
            QString technical;
            bool infeasible = false;
            try {
                const Graph g = build_for_counting(spec);
                n = g.num_vertices();
                // At λ = ∞ a region with a closed-form count needs no polynomial at all.
                const auto closed =
                    is_infinite_lambda(lambda) ? closed_form_perfect_matchings(g) : std::nullopt;
                if (closed) {
                    log_z = closed->log_count;
                    text = QString("%1  (ln of the number of perfect matchings: %2)")
                               .arg(*log_z, 0, 'g', 12)
                               .arg(QString::fromStdString(closed->formula));
                } else {
                    const MatchingPolynomial p = exact_matching_polynomial(g);
                    log_z = log_z_at_lambda(p, n, lambda);  // at λ = ∞: ln(number of perfect matchings)
                    text = QString("%1  (%2, %3 coefficients)")
                               .arg(*log_z, 0, 'g', 12)
                               .arg(QString::fromStdString(p.method))
                               .arg(p.coefficients.size());
                }
            } catch (const InfeasibleError& e) {
                infeasible = true;
                // GUI words; the counter's own message (sizes, and the command line's flags) is
                // the label's tooltip. At λ = ∞ the estimator does not apply either: say so, and
                // point at nothing.
                text = is_infinite_lambda(lambda) ? kTooLargeAtInfinity : kTooLargeForExact;
                technical = QString::fromUtf8(e.what());
            } catch (const std::exception& e) {
                text = QString("failed: %1").arg(without_cli_flags(QString::fromUtf8(e.what())));
                technical = QString::fromUtf8(e.what());
            }
            return ExactOutcome{log_z, n, text, infeasible, technical};
        },
        [this, job](ExactOutcome out) {
            finish_exact(job, out.log_z, out.n, out.text, out.infeasible);
            if (job == job_) exact_label_->setToolTip(out.technical);
        });
}

void PartitionPanel::finish_exact(std::uint64_t job, std::optional<double> log_z, std::uint64_t n,
                                  const QString& text, bool infeasible) {
    if (job != job_) return;
    exact_state_ = log_z ? JobState::done : JobState::failed;
    exact_log_z_ = log_z;
    if (n) vertices_ = n;
    exact_label_->setText(text);
    exact_label_->setStyleSheet(infeasible ? "color: #b26a00;" : (log_z ? "" : "color: #c62828;"));
    if (log_z && vertices_) record_per_site(*log_z, vertices_);
    update_per_site();
    update_buttons();
    emit exact_finished();
}

void PartitionPanel::compute_estimate() {
    if (estimate_state_ == JobState::running || estimate_state_ == JobState::awaiting_choice) return;
    if (is_infinite_lambda(lambda_)) {
        // The estimator integrates over finite λ; at ∞ the count is Exact's, when it can give it.
        estimate_state_ = JobState::failed;
        estimate_label_->setText(estimate_at_infinity_text(spec_));
        emit estimate_finished();
        return;
    }
    estimate_tasks_.cancel_all();  // an estimate for an older problem may still be ending
    estimate_state_ = JobState::running;
    cancel_requested_ = false;
    estimate_label_->setText("projecting the time…");
    convergence_.clear();
    convergence_chart_->clear_all();
    // The target on ln Z, when it is known before the projection (per vertex it needs n).
    if (!per_vertex() || vertices_)
        convergence_chart_->set_reference(target_half_width(vertices_), "target ε");
    progress_->setValue(0);
    progress_->setFormat("projecting the time");
    update_buttons();
    const std::uint64_t job = job_;
    struct Calibration {
        std::uint64_t n = 0;
        double rate = 0;
        QString error;
    };
    estimate_tasks_.run(
        this,
        [spec = spec_, lambda = lambda_, injected = injected_rate_](const TaskContext& task) {
            Calibration c;
            try {
                const Graph g = build_for_counting(spec);
                c.n = g.num_vertices();
                c.rate = injected ? *injected : calibrate_update_rate(g, lambda, task);
            } catch (const std::exception& e) {
                c.error = without_cli_flags(QString::fromUtf8(e.what()));
            }
            return c;
        },
        [this, job](Calibration c) { on_projection(job, c.n, c.rate, c.error); });
}

void PartitionPanel::on_projection(std::uint64_t job, std::uint64_t vertices, double updates_per_second,
                                   const QString& error) {
    if (job != job_ || estimate_state_ != JobState::running) return;
    if (cancel_requested_) {
        finish_estimate(job, std::nullopt, 0, vertices, "cancelled", JobState::cancelled);
        return;
    }
    if (!error.isEmpty() || !(updates_per_second > 0)) {
        finish_estimate(job, std::nullopt, 0, vertices,
                        QString("failed: %1").arg(error.isEmpty() ? QString("no update rate") : error),
                        JobState::failed);
        return;
    }
    if (vertices) vertices_ = vertices;
    const double epsilon = target_half_width(vertices);
    const double largest = per_vertex()
                               ? epsilon_box_->maximum() * double(std::max<std::uint64_t>(1, vertices))
                               : epsilon_box_->maximum();
    const LongEstimateAdvice a = advise_estimate(vertices, lambda_, epsilon, updates_per_second,
                                                 kLongEstimateSeconds, kSuggestedEstimateSeconds, largest);
    projected_seconds_ = a.projection.seconds;
    pending_epsilon_ = epsilon;
    pending_updates_ = a.projection.updates;
    if (!a.warn) {
        start_estimate(epsilon, a.projection.updates);
        emit projection_ready();
        return;
    }
    suggested_epsilon_ = a.suggested_epsilon;
    suggested_updates_ = a.suggested.updates;
    suggested_seconds_ = a.suggested.seconds;
    warning_label_->setText(
        QString("This estimate would take about %1 (about %2 chain updates at %3 million updates/s, "
                "measured on this graph just now). The work grows as 1/ε², so a larger ε is much quicker.")
            .arg(duration_text(a.projection.seconds))
            .arg(a.projection.updates, 0, 'g', 2)
            .arg(updates_per_second / 1e6, 0, 'f', 1));
    larger_epsilon_button_->setText(
        per_vertex()
            ? QString("Use δ = %1 per vertex (≈ %2)")
                  .arg(a.suggested_epsilon / double(std::max<std::uint64_t>(1, vertices)), 0, 'g', 3)
                  .arg(duration_text(a.suggested.seconds))
            : QString("Use ε = %1 (≈ %2)").arg(a.suggested_epsilon).arg(duration_text(a.suggested.seconds)));
    larger_epsilon_button_->setVisible(a.suggested_epsilon > epsilon);
    warning_->show();
    estimate_state_ = JobState::awaiting_choice;
    estimate_label_->setText("waiting for a choice: see the time warning above");
    progress_->setFormat(QString("projected ≈ %1").arg(duration_text(a.projection.seconds)));
    update_buttons();
    emit projection_ready();
}

void PartitionPanel::hide_warning() {
    warning_->hide();
}

QString PartitionPanel::progress_text() const {
    return progress_->format();
}

void PartitionPanel::start_estimate(double epsilon_value, double projected_updates) {
    estimate_state_ = JobState::running;
    estimate_label_->setText("running…");
    convergence_.clear();
    convergence_chart_->clear_all();
    convergence_chart_->set_reference(epsilon_value, "target ε");
    progress_->setValue(0);
    progress_->setFormat(QString("starting (projected ≈ %1)").arg(duration_text(projected_seconds_)));
    update_buttons();
    const std::uint64_t job = job_;
    struct EstimateOutcome {
        std::optional<double> log_z;
        double half_width = 0;
        std::uint64_t n = 0;
        QString text;
        JobState state = JobState::failed;
        std::vector<EstimatedPoint> nodes;
        std::optional<Plot> density;
    };
    estimate_tasks_.run(
        this,
        [this, job, spec = spec_, lambda = lambda_, epsilon = epsilon_value,
         projected_updates](const TaskContext& task) {
            std::optional<double> log_z;
            double half_width = 0;
            std::uint64_t n = 0;
            QString text;
            JobState state = JobState::failed;
            std::vector<EstimatedPoint> nodes;
            std::optional<Plot> density;
            try {
                const Graph g = build_for_counting(spec);
                n = g.num_vertices();
                ApproxOptions options;
                options.lambda = lambda;
                options.epsilon = epsilon;
                options.cancel = task.cancel_flag();
                auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
                double last_half_width = std::numeric_limits<double>::quiet_NaN();
                options.progress = [&](const ApproxProgress& p) {
                    // Every new interval is a point of the convergence chart; they come once per batch.
                    if (std::isfinite(p.half_width) && p.half_width != last_half_width) {
                        last_half_width = p.half_width;
                        const QPointF point(static_cast<double>(p.updates) / 1e6, p.half_width);
                        task.post([this, job, point] { add_convergence_point(job, point); });
                    }
                    // Throttled: the callback can fire per stage, far faster than a screen refreshes.
                    const auto now = std::chrono::steady_clock::now();
                    if (now - last < std::chrono::milliseconds(100)) return !task.cancelled();
                    last = now;
                    const double frac =
                        p.stages ? std::min(1.0, p.stage / static_cast<double>(p.stages)) : 0.0;
                    QString msg =
                        QString("%1, batch %2: %3%").arg(QString::fromStdString(p.phase)).arg(p.attempt);
                    msg = msg.arg(std::lround(frac * 100));
                    if (std::isfinite(p.half_width)) msg += QString("  ±%1").arg(p.half_width, 0, 'g', 3);
                    // Time left: the projected updates not yet spent, at the rate seen so far.
                    const double left = estimate_seconds_left(projected_updates, p.updates, p.seconds);
                    if (left > 0 && std::isfinite(left)) {
                        msg += QString("  ≈ %1 left").arg(duration_text(left));
                    } else if (left == 0) {
                        msg += "  (longer than projected)";
                    }
                    task.post(
                        [this, job, frac, msg] { update_progress(job, static_cast<int>(frac * 1000), msg); });
                    return !task.cancelled();
                };
                const ApproxResult r = dimerlab::estimate_log_z(g, options);
                log_z = r.log_z;
                half_width = r.half_width;
                const QPointF point(static_cast<double>(r.updates) / 1e6, r.half_width);
                task.post([this, job, point] { add_convergence_point(job, point); });
                state = JobState::done;
                // The node means are E|M| along the path: the covered fraction from λ_0 to λ at no
                // extra cost, drawn against the lattice limit over the same range.
                if (r.node_lambdas.size() >= 1 && r.node_lambdas.front() < lambda) {
                    nodes = covered_fraction_at_nodes(n, r.node_lambdas, r.node_mean_dimers,
                                                      r.node_mean_dimers_error);
                    density = covered_fraction_plot(
                        g.spec(), n, nullptr, limit_lattice_of(g),
                        geometric_lambda_grid(r.node_lambdas.front(), lambda, kCurvePoints), {}, nodes);
                }
                // The control variate integrates over nodes, with the quadrature bound in the ±.
                const QString path = r.node_lambdas.empty()
                                         ? QString("%1 stages").arg(r.stages)
                                         : QString("%1 integration nodes, quadrature bound %2")
                                               .arg(r.stages)
                                               .arg(r.quadrature_bound, 0, 'g', 2);
                text = QString("%1 ± %2  [%3, %4] at %5%, %6 replicas, %7, %8 s")
                           .arg(r.log_z, 0, 'f', 6)
                           .arg(r.half_width, 0, 'f', 6)
                           .arg(r.ci_lo, 0, 'f', 6)
                           .arg(r.ci_hi, 0, 'f', 6)
                           .arg(r.confidence * 100, 0, 'f', 0)
                           .arg(r.replicas)
                           .arg(path)
                           .arg(r.seconds, 0, 'f', 1);
                // Both half-widths, as the JSON gives them: on ln Z and on ln Z / n.
                text += QString("; per vertex %1 ± %2")
                            .arg(r.log_z / double(std::max<std::uint64_t>(1, n)), 0, 'f', 8)
                            .arg(r.half_width / double(std::max<std::uint64_t>(1, n)), 0, 'g', 3);
            } catch (const CountCancelled&) {
                state = JobState::cancelled;
                text = "cancelled";
            } catch (const std::exception& e) {
                text = QString("failed: %1").arg(without_cli_flags(QString::fromUtf8(e.what())));
            }
            return EstimateOutcome{log_z, half_width, n, text, state, std::move(nodes), std::move(density)};
        },
        [this, job](EstimateOutcome out) {
            finish_estimate(job, out.log_z, out.half_width, out.n, out.text, out.state, std::move(out.nodes),
                            std::move(out.density));
        });
}

void PartitionPanel::update_progress(std::uint64_t job, int permille, const QString& text) {
    if (job != job_ || estimate_state_ != JobState::running) return;
    progress_->setValue(permille);
    progress_->setFormat(text);
}

void PartitionPanel::finish_estimate(std::uint64_t job, std::optional<double> log_z, double half_width,
                                     std::uint64_t n, const QString& text, JobState state,
                                     std::vector<EstimatedPoint> nodes, std::optional<Plot> density) {
    if (job != job_) return;
    estimate_state_ = state;
    if (state == JobState::done) estimate_nodes_ = std::move(nodes);
    // Running curves draw their own figure, with these nodes among its points.
    if (density && !curves_running_) density_view_->set_plot(*density);
    estimate_log_z_ = log_z;
    estimate_half_width_ = half_width;
    if (n) vertices_ = n;
    // An exact value for the same problem is the better point; an estimate only fills a gap.
    if (log_z && vertices_ && !exact_log_z_) record_per_site(*log_z, vertices_);
    estimate_label_->setText(text);
    progress_->setValue(state == JobState::done ? 1000 : progress_->value());
    progress_->setFormat(state == JobState::done ? "done" : text);
    update_per_site();
    update_buttons();
    emit estimate_finished();
}

void PartitionPanel::add_convergence_point(std::uint64_t job, QPointF point) {
    if (job != job_) return;
    if (!convergence_.isEmpty() && convergence_.back() == point) return;
    convergence_.append(point);
    convergence_chart_->set_points(convergence_);
}

void PartitionPanel::record_per_site(double log_z, std::uint64_t n) {
    const double x = 1.0 / std::sqrt(static_cast<double>(n));
    per_site_points_[{family_of(spec_), lambda_}][spec_] = QPointF(x, log_z / static_cast<double>(n));
    update_per_site_chart();
}

void PartitionPanel::update_per_site_chart() {
    const std::string family = family_of(spec_);
    const bool lattice = family == "grid" || family == "torus";
    QList<QPointF> points;
    double max_x = 0;
    if (auto it = per_site_points_.find({family, lambda_}); it != per_site_points_.end()) {
        for (const auto& [spec, p] : it->second) points.append(p);
    }
    std::sort(points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    for (const QPointF& p : points) max_x = std::max(max_x, p.x());
    per_site_chart_->set_points(points);
    const std::optional<double> f = lattice ? square_lattice_log_z_per_site(lambda_) : std::nullopt;
    per_site_chart_->set_reference(f, lambda_ == 1.0 ? "h₂ (square lattice)" : "f(λ) (square lattice)");
    QList<QPointF> law;
    if (family == "grid" && lambda_ == 1.0) {
        // L = √n for square grids; drawn from the limit (1/√n = 0) out past the largest point.
        const double end = std::max(0.3, 1.1 * max_x);
        law = {QPointF(0, kSquareLatticeLogZPerSite),
               QPointF(end, kSquareLatticeLogZPerSite - kGridFiniteSizeSlope * end)};
    }
    per_site_chart_->set_extra_points(0, law);
    per_site_chart_->set_title(QString("ln Z / n against size (%1, λ = %2)")
                                   .arg(family.empty() ? QString("?") : QString::fromStdString(family))
                                   .arg(lambda_));
}

void PartitionPanel::cancel_estimate() {
    if (estimate_state_ == JobState::awaiting_choice) {
        hide_warning();
        // Reported from the event loop, as a running estimate's end is, so a caller that cancels
        // and then waits for estimate_finished sees it either way.
        estimate_state_ = JobState::running;
        cancel_requested_ = true;
        QMetaObject::invokeMethod(
            this,
            [this, job = job_] {
                if (job == job_ && estimate_state_ == JobState::running && cancel_requested_)
                    finish_estimate(job, std::nullopt, 0, 0, "cancelled", JobState::cancelled);
            },
            Qt::QueuedConnection);
        return;
    }
    if (estimate_state_ != JobState::running) return;
    cancel_requested_ = true;
    estimate_tasks_.cancel_all();
    progress_->setFormat("cancelling…");
}

void PartitionPanel::update_per_site() {
    bool lattice = false;
    try {
        const std::string family = parse_graph_spec(spec_).family;
        lattice = family == "grid" || family == "torus";
    } catch (const std::exception&) {
    }
    QString text;
    const std::optional<double> value = exact_log_z_ ? exact_log_z_ : estimate_log_z_;
    if (value && vertices_ > 0) {
        const double per_site = *value / static_cast<double>(vertices_);
        text = QString("%1 (%2)").arg(per_site, 0, 'f', 9).arg(exact_log_z_ ? "exact" : "estimate");
        if (estimate_log_z_ && !exact_log_z_) {
            text += QString(" ± %1").arg(estimate_half_width_ / static_cast<double>(vertices_), 0, 'g', 3);
        }
    } else {
        text = "—";
    }
    if (lattice && lambda_ == 1.0) {
        text += QString("\nsquare lattice (n → ∞): %1").arg(kSquareLatticeLogZPerSite, 0, 'f', 12);
        if (value && vertices_ > 0) {
            text += QString(", difference %1 (boundary effects shrink as the grid grows)")
                        .arg(*value / static_cast<double>(vertices_) - kSquareLatticeLogZPerSite, 0, 'g', 4);
        }
    } else if (lattice) {
        text += "\nthe square-lattice constant is for λ = 1";
    }
    per_site_label_->setText(text);
}

void PartitionPanel::update_buttons() {
    exact_button_->setEnabled(exact_state_ != JobState::running);
    const bool pending = estimate_state_ == JobState::running || estimate_state_ == JobState::awaiting_choice;
    estimate_button_->setEnabled(!pending);
    cancel_button_->setEnabled(pending);
}

void PartitionPanel::compute_curves() {
    if (curves_running_) {  // the button reads "Stop curves" meanwhile
        curve_tasks_.cancel_all();
        return;
    }
    curves_running_ = true;
    curves_button_->setText("Stop curves");
    zeros_label_->setText("computing the curves…");
    zeros_view_->clear();
    density_view_->clear();
    tau_view_->clear();
    const std::uint64_t job = job_;
    struct Exact {
        std::optional<Plot> zeros;
        QString text;
    };
    struct Estimates {
        std::vector<EstimatedPoint> covered, tau;
    };
    // The last estimate's nodes inside the figure's λ range are drawn with the curves.
    std::vector<EstimatedPoint> path_nodes;
    for (const EstimatedPoint& q : estimate_nodes_)
        if (q.lambda >= kCurveLambdaLo && q.lambda <= kCurveLambdaHi) path_nodes.push_back(q);
    curve_tasks_.run(
        this,
        [this, job, spec = spec_, path_nodes](const TaskContext& task) {
            try {
                const Graph g = build_for_counting(spec);
                ExactOptions options;
                options.max_states = kCurveExactMaxStates;  // seconds at most: a figure, not a count
                options.max_bytes = std::uint64_t{1} << 30;
                std::optional<MatchingPolynomial> p;
                try {
                    p = exact_matching_polynomial(g, options);
                } catch (const InfeasibleError&) {
                }
                Exact e;
                if (p && p->coefficients.size() > 1) {
                    const std::uint32_t delta = g.max_degree();
                    const std::vector<double> zeros = matching_polynomial_zeros(*p);
                    const double bound = heilmann_lieb_zero_bound(delta);
                    e.zeros = zeros_plot(g.spec(), zeros, bound);
                    e.text = delta >= 2
                                 ? QString(
                                       "All %1 zeros of Z lie on the negative real axis, beyond the "
                                       "Heilmann–Lieb bound −1/(4(Δ−1)) = %2 (Δ = %3); the nearest is %4.")
                                       .arg(zeros.size())
                                       .arg(bound, 0, 'g', 4)
                                       .arg(delta)
                                       .arg(zeros.front(), 0, 'g', 4)
                                 : QString("No two edges touch: Z = (1 + λ)^m, every zero is at −1.");
                } else {
                    e.text = p ? QString("The graph has no edges: Z = 1 has no zeros.")
                               : QString(
                                     "Too large for the exact method: no zeros; the covered fraction "
                                     "is estimated (error bars: τ-corrected standard errors).");
                }
                const std::optional<LimitLattice> limit = limit_lattice_of(g);
                const std::vector<double> grid =
                    geometric_lambda_grid(kCurveLambdaLo, kCurveLambdaHi, kCurvePoints);
                const std::string name = g.spec();
                const double n = g.num_vertices();
                const Plot exact_density = covered_fraction_plot(name, g.num_vertices(), p ? &*p : nullptr,
                                                                 limit, grid, {}, path_nodes);
                task.post([this, job, e, exact_density] {
                    if (job != job_) return;
                    zeros_label_->setText(e.text);
                    if (e.zeros) zeros_view_->set_plot(*e.zeros);
                    density_view_->set_plot(exact_density);
                });
                // Short chains at a few λ for τ_int (always estimated) and, without the exact
                // polynomial, the covered fraction; each point is drawn as soon as it is measured.
                const std::uint64_t m = std::max<std::uint32_t>(g.num_edges(), 1);
                const std::uint64_t sweeps = std::clamp<std::uint64_t>(kCurveUpdatesPerPoint / m, 50, 2000);
                Estimates est;
                const std::vector<double> points =
                    geometric_lambda_grid(kCurveLambdaLo, kCurveLambdaHi, kCurveEstimatePoints);
                for (std::size_t i = 0; i < points.size(); ++i) {
                    const double lambda = points[i];
                    LambdaPointOptions lo;
                    lo.lambda = lambda;
                    lo.seed = derive_seed(1, i, 0);  // one tape per point, the same on every run
                    lo.burn_in = sweeps / 4;
                    lo.sweeps = sweeps;
                    lo.cancel = task.cancel_flag();
                    const LambdaPoint point = measure_lambda_point(g, lo);
                    if (!p)
                        est.covered.push_back(
                            {lambda, 2 * point.dimers.mean / n, 2 * point.dimers.error / n});
                    if (std::isfinite(point.dimers.tau.tau))
                        est.tau.push_back({lambda, point.dimers.tau.tau, point.dimers.tau.standard_error});
                    const Plot density = covered_fraction_plot(name, g.num_vertices(), p ? &*p : nullptr,
                                                               limit, grid, est.covered, path_nodes);
                    const Plot tau = tau_plot(name, est.tau);
                    task.post([this, job, density, tau] {
                        if (job != job_) return;
                        density_view_->set_plot(density);
                        tau_view_->set_plot(tau);
                    });
                }
                return QString();
            } catch (const DiagnosticsCancelled&) {
                return QString("stopped");
            } catch (const std::exception& e) {
                return QString("failed: %1").arg(without_cli_flags(QString::fromUtf8(e.what())));
            }
        },
        [this, job](QString error) {
            curves_running_ = false;
            curves_button_->setText("Curves");
            if (job != job_) return;
            if (!error.isEmpty()) zeros_label_->setText(zeros_label_->text() + "  (" + error + ")");
            emit curves_finished();
        });
}

}  // namespace dimerlab::app
