#include "diagnostics_panel.hpp"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <tuple>

#include "counting/exact/matching_polynomial.hpp"
#include "diagnostics/autocorrelation.hpp"
#include "diagnostics/bounding_chain.hpp"
#include "diagnostics/chain_ensemble.hpp"
#include "diagnostics/split_rhat.hpp"
#include "diagnostics_readings.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/graph_spec.hpp"
#include "lambda_spin_box.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "parallel/jacobi_parallel_sampler.hpp"
#include "sampling/observables.hpp"
#include "series_chart.hpp"

namespace dimerlab::app {

namespace {

// Bounds the monitor's FFT work per refresh on a shared machine; older snapshots drop out.
constexpr std::size_t kMonitorCapacity = std::size_t{1} << 12;
// Budget of chain updates for one on-demand measurement (a second or two on one slow core), so a
// closing window never waits long for a worker it has to join.
constexpr double kUpdateBudget = 3e7;
// Kept small so the exact reference is either quick or refused by its own cost estimate.
constexpr std::uint64_t kExactMaxStates = std::uint64_t{1} << 20;
constexpr std::uint64_t kExactMaxBytes = std::uint64_t{512} << 20;

struct LatticePoint {
    double lambda;
    double density;
};
// docs/algorithms.md §7.3: digits converged in the strip width (the ≈ rows are left out).
constexpr LatticePoint kSquareLattice[] = {
    {0.25, 0.400645180}, {0.5, 0.524913002}, {1.0, 0.6381231092}, {2.0, 0.73276757}, {4.0, 0.8072765}};

QString number(double x, int digits = 4) {
    return QString::number(x, 'g', digits);
}

}  // namespace

std::optional<double> square_lattice_density(double lambda) {
    for (const LatticePoint& p : kSquareLattice) {
        if (std::abs(lambda - p.lambda) <= 1e-12 * p.lambda) return p.density;
    }
    return std::nullopt;
}

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : QWidget(parent) {
    density_chart_ = new SeriesChart("Dimer density 2|M|/n", "sweeps", "density");
    imbalance_chart_ = new SeriesChart("H − V imbalance (dimers)", "sweeps", "H − V");
    volume_chart_ = new SeriesChart("Volume of the stepped surface (cubes)", "sweeps", "volume");
    // The panel sees the snapshots the window draws, not every sample: where the sampler is slower
    // than the frames (coupling from the past on a large hexagon) the points are sparse, and the
    // dots show which values were measured and which are only the line between them.
    for (SeriesChart* c : {imbalance_chart_, volume_chart_}) c->series()->setPointsVisible(true);
    acf_chart_ = new SeriesChart("Autocorrelation of the density", "lag (snapshots)", "ρ(k)");
    acf_chart_->set_reference(0.0, "ρ = 0 (independent)");
    acf_chart_->set_fixed_y(std::pair{-0.2, 1.0});
    // Three charts and the numbers share a dock with the Model panel: modest fixed heights.
    for (SeriesChart* c : {density_chart_, imbalance_chart_, volume_chart_, acf_chart_}) {
        c->setMinimumHeight(150);
        c->setMaximumHeight(190);
    }
    reference_label_ = new QLabel(this);
    reference_label_->setWordWrap(true);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto result_label = [this] {
        auto* l = new QLabel("—", this);
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    rhat_label_ = result_label();
    coalescence_label_ = result_label();
    rounds_label_ = result_label();
    rhat_button_ = new QPushButton("Run 4 chains", this);
    rhat_button_->setToolTip(
        "Split-R̂ needs ≥ 4 chains: runs four Glauber chains from dispersed starts (empty, maximum, "
        "horizontal, vertical) at the current λ on a worker thread");
    coalescence_button_ = new QPushButton("Coalescence", this);
    coalescence_button_->setToolTip(
        "Bounding-chain coalescence times of 8 Glauber tapes: P(τ_coal > t) bounds the distance to "
        "equilibrium after t updates");
    rounds_button_ = new QPushButton("Parallel rounds", this);
    rounds_button_->setToolTip("Jacobi rounds per one-sweep block (cpu-parallel) from the current state");

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    // The on-demand buttons come first, in one row, and their results below them: a result that
    // wraps onto more lines grows the panel below the buttons, so they never move under the mouse.
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(rhat_button_);
    buttons->addWidget(coalescence_button_);
    buttons->addWidget(rounds_button_);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    const auto row = [&](int r, const char* name, QLabel* label) {
        grid->addWidget(new QLabel(name, content), r, 0, Qt::AlignTop);
        grid->addWidget(label, r, 1);
    };
    row(0, "R̂", rhat_label_);
    row(1, "Coalescence", coalescence_label_);
    row(2, "Rounds", rounds_label_);
    layout->addLayout(grid);
    layout->addWidget(density_chart_);
    layout->addWidget(reference_label_);
    layout->addWidget(imbalance_chart_);
    layout->addWidget(volume_chart_);
    layout->addWidget(acf_chart_);
    layout->addWidget(summary_);
    layout->addStretch(1);
    // The dock is shared with the Model panel: scroll rather than squeeze the charts flat.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    refresh_timer_ = new QTimer(this);
    refresh_timer_->setSingleShot(true);
    connect(refresh_timer_, &QTimer::timeout, this, [this] { refresh_now(); });
    connect(rhat_button_, &QPushButton::clicked, this, &DiagnosticsPanel::measure_rhat);
    connect(coalescence_button_, &QPushButton::clicked, this, &DiagnosticsPanel::measure_coalescence);
    connect(rounds_button_, &QPushButton::clicked, this, &DiagnosticsPanel::measure_rounds);
    restart_series();
    update_reference();
}

DiagnosticsPanel::~DiagnosticsPanel() = default;

void DiagnosticsPanel::reset(std::shared_ptr<const Graph> graph, Dynamics dynamics) {
    graph_ = std::move(graph);
    dynamics_ = dynamics;
    graph_kind_ = graph_kind(*graph_);
    heights_.reset();
    if (graph_kind_ == GraphKind::lozenge_region) {
        try {
            heights_ = std::make_unique<HeightFunction>(*graph_);
        } catch (const std::exception&) {  // not simply connected: no volume to follow
        }
    }
    volume_chart_->setVisible(heights_ != nullptr);
    ++graph_job_;
    ++measure_job_;
    polynomial_.reset();
    last_serial_ = UINT64_MAX;
    last_mate_.clear();
    lattice_ = false;
    try {
        const std::string family = parse_graph_spec(graph_->spec()).family;
        lattice_ = family == "grid" || family == "torus";
    } catch (const std::exception&) {
    }
    restart_series();
    rhat_label_->setText("needs ≥ 4 chains (this lab runs one): press Run 4 chains");
    coalescence_label_->setText("—");
    rounds_label_->setText("—");
    apply_applicability();
    exact_status_ = "exact mean: computing…";
    reference_label_->setToolTip({});
    update_reference();
    const std::uint64_t job = graph_job_;
    tasks_.run(
        this,
        [graph = graph_] {
            std::pair<std::shared_ptr<const MatchingPolynomial>, QString> out;
            try {
                ExactOptions options;
                options.max_states = kExactMaxStates;
                options.max_bytes = kExactMaxBytes;
                out.first =
                    std::make_shared<const MatchingPolynomial>(exact_matching_polynomial(*graph, options));
            } catch (const std::exception& e) {
                out.second = QString::fromUtf8(e.what());
            }
            return out;
        },
        [this, job](std::pair<std::shared_ptr<const MatchingPolynomial>, QString> result) {
            if (job != graph_job_) return;
            polynomial_ = result.first;
            exact_status_ =
                polynomial_ ? QString() : "exact mean: not feasible for this graph (hover for why)";
            reference_label_->setToolTip(result.second);
            update_reference();
            emit reference_ready();
        });
    refresh_now();
}

void DiagnosticsPanel::restart_series() {
    monitor_ = graph_ ? std::make_unique<ChainMonitor>(*graph_, std::nullopt, kMonitorCapacity) : nullptr;
    sweeps_.clear();
    density_.clear();
    imbalance_.clear();
    volume_.clear();
    volume_monitor_ = std::make_unique<SeriesMonitor>(kMonitorCapacity);
    volume_chart_->clear_all();
    density_chart_->clear_all();
    imbalance_chart_->clear_all();
    acf_chart_->clear_all();
}

void DiagnosticsPanel::observe(const Snapshot& snapshot) {
    if (!graph_ || snapshot.serial == last_serial_) return;
    if (snapshot.mate.size() != graph_->num_vertices()) return;  // not yet published for this graph
    if (snapshot.generation != generation_) {
        generation_ = snapshot.generation;
        restart_series();
    }
    const bool first_of_this_lab = last_serial_ == UINT64_MAX;  // reset() leaves it so
    last_serial_ = snapshot.serial;
    if (first_of_this_lab) {
        // The new lab's own λ, not a change: nothing was measured at the previous one's.
        lambda_ = snapshot.lambda;
        update_reference();
        apply_applicability();
    } else {
        set_lambda(snapshot.lambda);
    }
    monitor_->observe(snapshot.mate);
    last_mate_ = snapshot.mate;
    const double n = std::max<std::uint32_t>(1, graph_->num_vertices());
    sweeps_.push_back(static_cast<double>(snapshot.time) / std::max<std::uint32_t>(1, graph_->num_edges()));
    density_.push_back(2.0 * snapshot.dimers / n);
    if (imbalance_chart_->isVisibleTo(this) || graph_kind_ == GraphKind::square_edges) {
        imbalance_.push_back(
            static_cast<double>(measure_state(*graph_, snapshot.mate).axis_imbalance.value_or(0)));
    }
    while (sweeps_.size() > kWindow) sweeps_.pop_front();
    while (density_.size() > kWindow) density_.pop_front();
    while (imbalance_.size() > kWindow) imbalance_.pop_front();
    // The volume only where the heights are a function of the tiling: no monomer anywhere.
    if (heights_ && snapshot.dimers * 2 == graph_->num_vertices()) {
        const FaceHeights h = heights_->heights(snapshot.mate);
        const double volume = std::accumulate(h.height.begin(), h.height.end(), 0.0) / 3.0;
        volume_.push_back(volume);
        volume_monitor_->add(volume);
        while (volume_.size() > kWindow) volume_.pop_front();
    }
    // Redrawing a chart costs far more than a sample: at most one redraw per kRefreshMs.
    if (!since_refresh_.isValid() || since_refresh_.elapsed() >= kRefreshMs) {
        refresh_now();
    } else if (!refresh_timer_->isActive()) {
        refresh_timer_->start(static_cast<int>(kRefreshMs - since_refresh_.elapsed()));
    }
}

void DiagnosticsPanel::set_lambda(double lambda) {
    if (lambda == lambda_) return;
    const double before = lambda_;
    lambda_ = lambda;
    update_reference();
    // The on-demand results were measured at the old λ: they no longer describe this chain, and a
    // measurement still running at the old λ is dropped when it ends.
    ++measure_job_;
    const QString stale = QString("— (λ changed from %1: measure again)").arg(lambda_display_text(before));
    rhat_label_->setText(stale);
    coalescence_label_->setText(stale);
    rounds_label_->setText(stale);
    apply_applicability();
}

RunKind DiagnosticsPanel::run_kind() const {
    return {dynamics_, is_infinite_lambda(lambda_), graph_kind_};
}

bool DiagnosticsPanel::diagnostic_runs(PanelItem item, QLabel* label) const {
    const Applicability a = applicability(item, run_kind());
    const bool runs =
        a.verdict == Verdict::computes ||
        (a.verdict == Verdict::variant && dynamics_row(dynamics_).sampling == SamplingKind::markov_chain);
    if (!runs) {
        // The rows below R̂ that do not apply for the same reason say so in three words, not thrice.
        const bool as_rhat =
            item != PanelItem::rhat && applicability(PanelItem::rhat, run_kind()).sentence == a.sentence;
        label->setText(as_rhat ? QString("As for R̂.") : QString::fromStdString(a.sentence));
        label->setToolTip(QString::fromStdString(a.sentence));
    }
    return runs;
}

void DiagnosticsPanel::apply_applicability() {
    for (const auto& [item, button, label] :
         {std::tuple{PanelItem::rhat, rhat_button_, rhat_label_},
          std::tuple{PanelItem::coalescence, coalescence_button_, coalescence_label_},
          std::tuple{PanelItem::parallel_rounds, rounds_button_, rounds_label_}})
        button->setEnabled(diagnostic_runs(item, label));
    imbalance_chart_->setVisible(applicability(PanelItem::imbalance_plot, run_kind()).verdict ==
                                 Verdict::computes);
}

void DiagnosticsPanel::refresh_now() {
    since_refresh_.start();
    refresh_timer_->stop();
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(density_.size()));
    for (std::size_t i = 0; i < density_.size(); ++i) points.append(QPointF(sweeps_[i], density_[i]));
    density_chart_->set_points(points);
    if (imbalance_chart_->isVisibleTo(this) || !imbalance_.empty()) {
        points.clear();
        for (std::size_t i = 0; i < imbalance_.size(); ++i) points.append(QPointF(sweeps_[i], imbalance_[i]));
        imbalance_chart_->set_points(points);
    }
    if (heights_) {
        points.clear();
        // The volume's own sweeps: the last ones observed (it is skipped while monomers exist).
        const std::size_t offset = sweeps_.size() >= volume_.size() ? sweeps_.size() - volume_.size() : 0;
        for (std::size_t i = 0; i < volume_.size() && offset + i < sweeps_.size(); ++i)
            points.append(QPointF(sweeps_[offset + i], volume_[i]));
        volume_chart_->set_points(points);
    }
    points.clear();
    // At λ = ∞ the density is constant: a lozenge region's autocorrelation is its volume's.
    const bool of_volume = heights_ && is_infinite_lambda(lambda_);
    acf_chart_->set_title(of_volume ? "Autocorrelation of the volume" : "Autocorrelation of the density");
    const std::deque<double>& series = of_volume ? volume_ : density_;
    if (series.size() >= 8) {
        const std::vector<double> window(series.begin(), series.end());
        const std::vector<double> c = autocovariance(window, std::min(kMaxLag, window.size() / 3));
        // A constant window has no correlation to show (c(0) = 0).
        if (!c.empty() && c[0] > 0) {
            for (std::size_t k = 0; k < c.size(); ++k) points.append(QPointF(double(k), c[k] / c[0]));
        }
    }
    acf_chart_->set_points(points);
    update_numbers();
}

void DiagnosticsPanel::update_reference() {
    reference_.reset();
    reference_name_.clear();
    if (is_infinite_lambda(lambda_)) {
        // The dimer model: every vertex covered, density 1 exactly (a lab at λ = ∞ opens only on a
        // graph with a perfect matching).
        reference_ = 1.0;
        reference_name_ = "perfect matchings";
    } else if (polynomial_ && graph_ && graph_->num_vertices() > 0) {
        reference_ = 2.0 * polynomial_->mean_dimers(lambda_) / graph_->num_vertices();
        reference_name_ = "exact mean";
    } else if (lattice_) {
        reference_ = square_lattice_density(lambda_);
        if (reference_) reference_name_ = "square lattice, n → ∞";
    }
    density_chart_->set_reference(reference_, reference_name_);
    QString text;
    if (reference_) {
        text = QString("reference (%1) at λ = %2: %3")
                   .arg(reference_name_, lambda_display_text(lambda_), number(*reference_, 8));
        if (!density_.empty())
            text +=
                QString(", window mean %1")
                    .arg(number(
                        std::accumulate(density_.begin(), density_.end(), 0.0) / double(density_.size()), 6));
    } else {
        text = QString("no reference value at λ = %1").arg(lambda_display_text(lambda_));
    }
    // At λ = ∞ the reference above is exact already: the polynomial's fate is beside the point.
    if (!exact_status_.isEmpty() && !polynomial_ && !is_infinite_lambda(lambda_))
        text += "\n" + exact_status_;
    reference_label_->setText(text);
}

QString DiagnosticsPanel::summary_text() const {
    return summary_->text();
}
QString DiagnosticsPanel::reference_text() const {
    return reference_label_->text();
}
QString DiagnosticsPanel::rhat_text() const {
    return rhat_label_->text();
}
QString DiagnosticsPanel::coalescence_text() const {
    return coalescence_label_->text();
}
QString DiagnosticsPanel::rounds_text() const {
    return rounds_label_->text();
}

void DiagnosticsPanel::update_numbers() {
    update_reference();  // the window mean next to the reference moves with the data
    const Applicability live = applicability(PanelItem::live_mixing, run_kind());
    if (live.verdict != Verdict::computes) {
        // Exact samples: the observables' errors are their spread over √(samples), with no
        // τ to correct for; the shuffling steps have neither.
        QString text = QString::fromStdString(live.sentence);
        if (dynamics_row(dynamics_).sampling == SamplingKind::exact_samples && density_.size() >= 2) {
            const double n = std::max<std::uint32_t>(1, graph_->num_vertices());
            const double count = double(density_.size());
            const double mean = std::accumulate(density_.begin(), density_.end(), 0.0) / count;
            double ss = 0;
            for (double d : density_) ss += (d - mean) * (d - mean);
            const double se = std::sqrt(ss / (count - 1) / count);
            text += QString("\n%1 samples: dimers %2 ± %3 (standard error)")
                        .arg(density_.size())
                        .arg(number(mean * n / 2, 6))
                        .arg(number(se * n / 2, 2));
        }
        summary_->setText(text);
        return;
    }
    if (!monitor_ || monitor_->sweeps_observed() < 2) {
        summary_->setText("τ_int and ESS appear after a few snapshots.");
        return;
    }
    // Snapshots are one published block apart; the mean spacing converts τ to sweeps.
    const double spacing =
        sweeps_.size() >= 2 ? (sweeps_.back() - sweeps_.front()) / double(sweeps_.size() - 1) : 0.0;
    QStringList lines;
    QString reading;
    lines << QString("snapshots observed: %1 (every %2 sweeps)")
                 .arg(monitor_->sweeps_observed())
                 .arg(number(spacing, 3));
    for (const ChainMonitor::Entry& e : monitor_->report()) {
        if (e.name != "dimers" && e.name != "imbalance") continue;
        // H − V only where the table defines it; |M| is constant at λ = ∞, so it has no τ.
        if (e.name == "imbalance" &&
            applicability(PanelItem::imbalance_plot, run_kind()).verdict != Verdict::computes)
            continue;
        if (e.name == "dimers" && is_infinite_lambda(lambda_)) {
            lines << "dimers: constant at λ = ∞ (every vertex is covered), so it has no τ_int";
            continue;
        }
        QString tau = "undefined (constant)";
        if (std::isfinite(e.tau.tau)) {
            tau = QString("%1 ± %2 snapshots").arg(number(e.tau.tau, 3), number(e.tau.standard_error, 2));
            if (spacing > 0) tau += QString(" ≈ %1 sweeps").arg(number(e.tau.tau * spacing, 3));
        }
        lines << QString("%1: τ_int %2%3, ESS %4")
                     .arg(QString::fromStdString(e.name), tau,
                          e.tau.reliable ? "" : " (unreliable: run longer)")
                     .arg(std::isfinite(e.ess) ? QString::number(e.ess, 'f', 0) : QString("—"));
        if (e.name == "dimers")
            reading = tau_reading(std::isfinite(e.tau.tau) && spacing > 0
                                      ? e.tau.tau * spacing
                                      : std::numeric_limits<double>::quiet_NaN(),
                                  e.ess);
    }
    if (heights_ && volume_monitor_->size() >= 2) {
        const TauEstimate t = volume_monitor_->estimate();
        QString tau = "undefined (constant)";
        if (std::isfinite(t.tau)) {
            tau = QString("%1 ± %2 snapshots").arg(number(t.tau, 3), number(t.standard_error, 2));
            if (spacing > 0) tau += QString(" ≈ %1 sweeps").arg(number(t.tau * spacing, 3));
        }
        lines << QString("volume: τ_int %1%2").arg(tau, t.reliable ? "" : " (unreliable: run longer)");
    }
    if (!reading.isEmpty()) lines << "→ " + reading;
    summary_->setText(lines.join('\n'));
}

void DiagnosticsPanel::set_busy(QPushButton* button, bool busy) {
    button->setEnabled(!busy);
}

void DiagnosticsPanel::measure_rhat() {
    if (!graph_) return;
    if (!diagnostic_runs(PanelItem::rhat, rhat_label_)) {
        emit rhat_finished();
        return;
    }
    if (!rhat_button_->isEnabled()) return;
    const std::string note = applicability(PanelItem::rhat, run_kind()).sentence;
    set_busy(rhat_button_, true);
    const double m = std::max<std::uint32_t>(1, graph_->num_edges());
    EnsembleOptions options;
    options.chains = 4;
    options.lambda = lambda_;
    options.sweeps = static_cast<std::uint64_t>(std::clamp(kUpdateBudget / (4 * m), 8.0, 2000.0));
    options.seed = 1;
    // The four chains advance together as one ensemble, on the device when there is one (the
    // same chains bit for bit either way); run_chain_ensemble falls back to the CPU if it fails.
    std::string no_device;  // the panel's run line names the backend that ran
    options.ensemble = make_ensemble_factory(Backend::automatic, "the diagnostics panel", "", no_device);
    rhat_label_->setText(QString("running 4 chains × %1 sweeps…").arg(options.sweeps));
    const std::uint64_t job = measure_job_;
    tasks_.run(
        this,
        [graph = graph_, options, note] {
            try {
                const EnsembleRun run = run_chain_ensemble(*graph, options);
                QStringList parts;
                double worst = 0;
                for (std::size_t o = 0; o < run.observables.size(); ++o) {
                    if (run.observables[o] == "monomers") continue;  // the same R̂ as dimers
                    const RhatResult r = split_rhat(run.series[o]);
                    worst = std::isfinite(r.max()) && std::isfinite(worst)
                                ? std::max(worst, r.max())
                                : std::numeric_limits<double>::quiet_NaN();
                    const bool ok = r.max() < 1.01;
                    parts << QString("%1 %2%3").arg(
                        QString::fromStdString(run.observables[o]), number(r.max(), 4),
                        std::isfinite(r.max()) ? (ok ? " (< 1.01)" : " (≥ 1.01: not mixed)") : "");
                }
                QString text =
                    QString("split-R̂ over 4 chains × %1 sweeps from dispersed starts (%2 ensemble): %3")
                        .arg(options.sweeps)
                        .arg(QString::fromStdString(run.backend), parts.join(", "));
                if (!run.notice.empty()) text += "\n" + QString::fromStdString(run.notice);
                if (!note.empty()) text += "\n" + QString::fromStdString(note);
                return "→ " + rhat_reading(worst) + "\n" + text;
            } catch (const std::exception& e) {
                return QString("failed: %1").arg(QString::fromUtf8(e.what()));
            }
        },
        [this, job](QString text) {
            set_busy(rhat_button_, false);
            if (job != measure_job_) return;
            rhat_label_->setText(text);
            emit rhat_finished();
        });
}

void DiagnosticsPanel::measure_coalescence() {
    if (!graph_) return;
    if (!diagnostic_runs(PanelItem::coalescence, coalescence_label_)) {
        emit coalescence_finished();
        return;
    }
    if (!coalescence_button_->isEnabled()) return;
    const std::string note = applicability(PanelItem::coalescence, run_kind()).sentence;
    set_busy(coalescence_button_, true);
    constexpr std::uint32_t kRuns = 8;
    const double m = std::max<std::uint32_t>(1, graph_->num_edges());
    const auto cap = static_cast<std::uint64_t>(std::clamp(kUpdateBudget / (kRuns * m), 4.0, 5000.0));
    coalescence_label_->setText(QString("running %1 bounding chains (cap %2 sweeps)…").arg(kRuns).arg(cap));
    const std::uint64_t job = measure_job_;
    tasks_.run(
        this,
        [graph = graph_, lambda = lambda_, cap, note] {
            try {
                const CoalescenceSummary s = dimerlab::measure_coalescence(*graph, lambda, kRuns, 1, cap);
                QString text =
                    QString("%1 of %2 coalesced within %3 sweeps").arg(s.completed()).arg(kRuns).arg(cap);
                if (const auto median = s.quantile_sweeps(0.5))
                    text += QString("; median %1 sweeps").arg(number(*median, 4));
                if (const auto q90 = s.quantile_sweeps(0.875))
                    text += QString(", 7/8 by %1 sweeps").arg(number(*q90, 4));
                if (s.completed() < kRuns) text += " (censored by the cap: the bound is not reached here)";
                if (!note.empty()) text += "\n" + QString::fromStdString(note);
                return "→ " + coalescence_reading(s.completed(), kRuns, cap, s.quantile_sweeps(0.5)) + "\n" +
                       text;
            } catch (const std::exception& e) {
                return QString("failed: %1").arg(QString::fromUtf8(e.what()));
            }
        },
        [this, job](QString text) {
            set_busy(coalescence_button_, false);
            if (job != measure_job_) return;
            coalescence_label_->setText(text);
            emit coalescence_finished();
        });
}

void DiagnosticsPanel::measure_rounds() {
    if (!graph_) return;
    if (!diagnostic_runs(PanelItem::parallel_rounds, rounds_label_)) {
        emit rounds_finished();
        return;
    }
    if (!rounds_button_->isEnabled()) return;
    set_busy(rounds_button_, true);
    const double m = std::max<std::uint32_t>(1, graph_->num_edges());
    const auto blocks = static_cast<std::uint64_t>(std::clamp(kUpdateBudget / m, 1.0, 20.0));
    MateArray start = last_mate_.size() == graph_->num_vertices()
                          ? MateArray(last_mate_.begin(), last_mate_.end())
                          : MateArray(graph_->num_vertices(), kNoMate);
    rounds_label_->setText(QString("running %1 one-sweep blocks…").arg(blocks));
    const std::uint64_t job = measure_job_;
    const std::string note = applicability(PanelItem::parallel_rounds, run_kind()).sentence;
    tasks_.run(
        this,
        [graph = graph_, lambda = lambda_, blocks, start = std::move(start), note] {
            try {
                JacobiOptions options;
                options.threads = 2;  // a measurement of rounds, which do not depend on threads
                JacobiParallelSampler sampler(*graph, 1, LambdaRecord(lambda), start, options);
                sampler.advance(blocks * sampler.block_updates());
                const JacobiTotals& t = sampler.totals();
                const double per_block = t.blocks ? double(t.rounds) / double(t.blocks) : 0.0;
                return "→ " + rounds_reading(per_block) + "\n" +
                       QString(
                           "%1 rounds per block of %2 updates (max %3; work %4 × the updates) over %5 blocks")
                           .arg(number(per_block, 4))
                           .arg(sampler.block_updates())
                           .arg(t.max_rounds)
                           .arg(number(t.updates ? double(t.work) / double(t.updates) : 0.0, 3))
                           .arg(t.blocks) +
                       (note.empty() ? QString() : "\n" + QString::fromStdString(note));
            } catch (const std::exception& e) {
                return QString("failed: %1").arg(QString::fromUtf8(e.what()));
            }
        },
        [this, job](QString text) {
            set_busy(rounds_button_, false);
            if (job != measure_job_) return;
            rounds_label_->setText(text);
            emit rounds_finished();
        });
}

}  // namespace dimerlab::app
