#pragma once
// The Partition function panel: Z(G, λ) for the open graph. The exact matching polynomial and the
// replica estimate both run on worker threads (they can take seconds to minutes) and report back
// through queued calls, so the GUI thread never waits; the estimate can be cancelled. ln Z / n is
// compared with the square-lattice constant when the graph is a grid or torus at λ = 1.
//
// Two charts: the estimate's convergence (the interval's half-width on ln Z after each batch
// against the chain updates spent, with the target ε as a reference line; the estimator reports no
// running ln Z, only its interval) and ln Z/n against 1/√n for every result of this session's
// panel in the same family and λ, with the lattice value f(λ) (docs/algorithms.md §7.3) as the line the
// points approach, and for grids at λ = 1 the finite-size law h₂ − 0.33/L.
//
// Before an estimate runs, its time is projected (a short calibration run of the chain on the graph
// times the cost model of counting/approx/estimate_cost.hpp); above kLongEstimateSeconds the panel
// asks first, offering a larger ε, and while it runs it shows the time left.
//
// "Curves" draws the lecture figures off the GUI thread: the Heilmann–Lieb zeros of Z(G, λ), the
// covered fraction 2E|M|/n against λ (exact from the polynomial when feasible, else estimated by
// short chains with error bars) with the lattice limit of the graph's family, and τ_int against λ
// (estimated); each exportable as SVG. Pressing it again while it runs stops it. A finished TI
// estimate draws the covered fraction at its integration nodes (its node means, measured anyway)
// into the same figure, and Curves keeps those points among its own.
#include <QPointF>
#include <QString>
#include <QWidget>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "background_tasks.hpp"
#include "export/lecture_plots.hpp"

class QComboBox;
class QDoubleSpinBox;
class QWidget;
class QLabel;
class QProgressBar;
class QPushButton;
namespace dimerlab::app {
class PlotView;
class SeriesChart;
}  // namespace dimerlab::app

namespace dimerlab::app {

// ln Z / n of the square lattice at λ = 1 in the limit of large grids (the monomer–dimer constant).
inline constexpr double kSquareLatticeLogZPerSite = 0.662798972834;
// f(λ) = lim ln Z/n of the square lattice at the λ tabulated in docs/algorithms.md §7.3 (converged digits).
std::optional<double> square_lattice_log_z_per_site(double lambda);

// What the panel says when the exact count would be too large: GUI words, never a command line.
inline constexpr const char* kTooLargeForExact = "too large for the exact method, use Estimate";
// The same at λ = ∞, where the estimator does not apply and the graph has no closed-form count:
// said plainly, pointing at nothing.
inline constexpr const char* kTooLargeAtInfinity =
    "too large for the exact method, and no closed form is known for this graph: no count of its perfect "
    "matchings is available here";
// What Estimate says at λ = ∞: why it does not apply, and what gives the count instead.
QString estimate_at_infinity_text(const std::string& spec);
// A core error message without its clauses that name command-line flags ("use --epsilon E").
QString without_cli_flags(const QString& message);

// Above this projected time an estimate asks before it runs ("a few minutes"); the larger ε it
// offers is projected to take about kSuggestedEstimateSeconds.
inline constexpr double kLongEstimateSeconds = 180;
// Graphs above this many vertices default to a target per vertex, δ = kDefaultPerVertex.
inline constexpr std::uint64_t kPerVertexAbove = 4000;
inline constexpr double kDefaultPerVertex = 1e-4;
inline constexpr double kSuggestedEstimateSeconds = 60;

// "45 s", "3.2 min", "2.1 h".
QString duration_text(double seconds);

class PartitionPanel : public QWidget {
    Q_OBJECT
  public:
    // awaiting_choice: an estimate projected to take long waits for "Run anyway", the larger ε or
    // Cancel (the warning row is shown).
    enum class JobState { idle, running, awaiting_choice, done, failed, cancelled };

    explicit PartitionPanel(QWidget* parent = nullptr);
    // Cancels a running estimate and waits for both workers: they never outlive the panel.
    ~PartitionPanel() override;

    // The graph and λ the results refer to; clears the results and cancels a running estimate.
    // `vertices` (when known) picks the default target: above kPerVertexAbove vertices the
    // half-width is asked per vertex, as ln Z/n is what a large lattice is compared by, until the
    // user picks the target.
    void set_problem(const std::string& spec, double lambda, std::uint64_t vertices = 0);
    // The target value in the unit shown (ε on ln Z, or δ on ln Z/n).
    void set_epsilon(double epsilon);
    void set_per_vertex(bool per_vertex);
    bool per_vertex() const;
    // The half-width asked of ln Z itself: ε, or δ·n.
    double target_half_width(std::uint64_t vertices) const;

    // The λ the results refer to (set_problem's).
    double lambda() const { return lambda_; }
    JobState exact_state() const { return exact_state_; }
    JobState estimate_state() const { return estimate_state_; }
    std::optional<double> exact_log_z() const { return exact_log_z_; }
    std::optional<double> estimate_log_z() const { return estimate_log_z_; }
    QString exact_text() const;
    QString estimate_text() const;
    QString per_site_text() const;
    SeriesChart* convergence_chart() const { return convergence_chart_; }
    QPushButton* exact_button() const { return exact_button_; }
    QLabel* exact_label() const { return exact_label_; }
    SeriesChart* per_site_chart() const { return per_site_chart_; }

    // Updates per second the projection uses instead of a calibration run (tests inject it);
    // nullopt: calibrate on the graph.
    void set_update_rate(std::optional<double> updates_per_second) { injected_rate_ = updates_per_second; }
    QWidget* long_estimate_warning() const { return warning_; }
    QLabel* long_estimate_text() const { return warning_label_; }
    QPushButton* run_anyway_button() const { return run_anyway_button_; }
    QPushButton* larger_epsilon_button() const { return larger_epsilon_button_; }
    QPushButton* warning_cancel_button() const { return warning_cancel_button_; }
    double suggested_epsilon() const { return suggested_epsilon_; }
    // The projection of the estimate that runs or waits: seconds; 0 before one is made.
    double projected_seconds() const { return projected_seconds_; }
    QString progress_text() const;

    PlotView* zeros_view() const { return zeros_view_; }
    PlotView* density_view() const { return density_view_; }
    PlotView* tau_view() const { return tau_view_; }
    bool curves_running() const { return curves_running_; }
    QLabel* zeros_text() const { return zeros_label_; }
    QPushButton* curves_button() const { return curves_button_; }

  public slots:
    void compute_exact();
    void compute_estimate();
    void cancel_estimate();
    void compute_curves();

  signals:
    void exact_finished();
    void estimate_finished();
    void projection_ready();  // the projection is known: the estimate started, or the warning shows
    void curves_finished();

  private:
    void finish_exact(std::uint64_t job, std::optional<double> log_z, std::uint64_t n, const QString& text,
                      bool infeasible);
    void finish_estimate(std::uint64_t job, std::optional<double> log_z, double half_width, std::uint64_t n,
                         const QString& text, JobState state, std::vector<EstimatedPoint> nodes = {},
                         std::optional<Plot> density = std::nullopt);
    void update_progress(std::uint64_t job, int permille, const QString& text);
    void add_convergence_point(std::uint64_t job, QPointF point);
    void record_per_site(double log_z, std::uint64_t n);
    void update_per_site_chart();
    void update_per_site();
    void update_buttons();
    void on_projection(std::uint64_t job, std::uint64_t vertices, double updates_per_second,
                       const QString& error);
    void start_estimate(double epsilon, double projected_updates);
    void hide_warning();

    std::string spec_ = "grid:4x4";
    double lambda_ = 1;
    std::uint64_t vertices_ = 0;
    // Bumped by set_problem: a worker's result for an older problem is dropped.
    std::uint64_t job_ = 0;
    JobState exact_state_ = JobState::idle;
    JobState estimate_state_ = JobState::idle;
    std::optional<double> exact_log_z_;
    std::optional<double> estimate_log_z_;
    double estimate_half_width_ = 0;
    // The last estimate's covered fraction at its integration nodes (TI only).
    std::vector<EstimatedPoint> estimate_nodes_;

    QLabel* problem_label_ = nullptr;
    QLabel* exact_label_ = nullptr;
    QLabel* estimate_label_ = nullptr;
    QLabel* per_site_label_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QDoubleSpinBox* epsilon_box_ = nullptr;
    QComboBox* target_box_ = nullptr;  // "on ln Z" or "per vertex"
    bool target_chosen_ = false;       // the user picked the target: set_problem keeps it
    QPushButton* exact_button_ = nullptr;
    QPushButton* estimate_button_ = nullptr;
    QPushButton* cancel_button_ = nullptr;
    SeriesChart* convergence_chart_ = nullptr;
    QList<QPointF> convergence_;
    SeriesChart* per_site_chart_ = nullptr;
    std::optional<double> injected_rate_;
    double projected_seconds_ = 0;
    double suggested_epsilon_ = 0;
    bool cancel_requested_ = false;  // Cancel while the time was being projected
    double pending_epsilon_ = 0;
    double pending_updates_ = 0;
    double suggested_updates_ = 0;
    double suggested_seconds_ = 0;  // the projection at suggested_epsilon_
    QWidget* warning_ = nullptr;
    QLabel* warning_label_ = nullptr;
    QPushButton* run_anyway_button_ = nullptr;
    QPushButton* larger_epsilon_button_ = nullptr;
    QPushButton* warning_cancel_button_ = nullptr;
    QPushButton* curves_button_ = nullptr;
    QLabel* zeros_label_ = nullptr;
    PlotView* zeros_view_ = nullptr;
    PlotView* density_view_ = nullptr;
    PlotView* tau_view_ = nullptr;
    bool curves_running_ = false;
    // (family, λ) → spec → (1/√n, ln Z/n): results stay plotted when the problem changes, so
    // computing several sizes of a lattice shows ln Z/n approaching f(λ).
    std::map<std::pair<std::string, double>, std::map<std::string, QPointF>> per_site_points_;
    // Last members: destroyed first, they cancel what still runs and never wait for it.
    BackgroundTasks exact_tasks_;
    BackgroundTasks estimate_tasks_;
    BackgroundTasks curve_tasks_;
};

}  // namespace dimerlab::app
