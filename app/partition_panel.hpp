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

class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
namespace dimerlab::app {
class SeriesChart;
}

namespace dimerlab::app {

// ln Z / n of the square lattice at λ = 1 in the limit of large grids (the monomer–dimer constant).
inline constexpr double kSquareLatticeLogZPerSite = 0.662798972834;
// f(λ) = lim ln Z/n of the square lattice at the λ tabulated in docs/algorithms.md §7.3 (converged digits).
std::optional<double> square_lattice_log_z_per_site(double lambda);

// What the panel says when the exact count would be too large: GUI words, never a command line.
inline constexpr const char* kTooLargeForExact = "too large for the exact method, use Estimate";
// A core error message without its clauses that name command-line flags ("use --epsilon E").
QString without_cli_flags(const QString& message);

class PartitionPanel : public QWidget {
    Q_OBJECT
  public:
    enum class JobState { idle, running, done, failed, cancelled };

    explicit PartitionPanel(QWidget* parent = nullptr);
    // Cancels a running estimate and waits for both workers: they never outlive the panel.
    ~PartitionPanel() override;

    // The graph and λ the results refer to; clears the results and cancels a running estimate.
    void set_problem(const std::string& spec, double lambda);
    void set_epsilon(double epsilon);

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

  public slots:
    void compute_exact();
    void compute_estimate();
    void cancel_estimate();

  signals:
    void exact_finished();
    void estimate_finished();

  private:
    void finish_exact(std::uint64_t job, std::optional<double> log_z, std::uint64_t n, const QString& text,
                      bool infeasible);
    void finish_estimate(std::uint64_t job, std::optional<double> log_z, double half_width, std::uint64_t n,
                         const QString& text, JobState state);
    void update_progress(std::uint64_t job, int permille, const QString& text);
    void add_convergence_point(std::uint64_t job, QPointF point);
    void record_per_site(double log_z, std::uint64_t n);
    void update_per_site_chart();
    void update_per_site();
    void update_buttons();

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

    QLabel* problem_label_ = nullptr;
    QLabel* exact_label_ = nullptr;
    QLabel* estimate_label_ = nullptr;
    QLabel* per_site_label_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QDoubleSpinBox* epsilon_box_ = nullptr;
    QPushButton* exact_button_ = nullptr;
    QPushButton* estimate_button_ = nullptr;
    QPushButton* cancel_button_ = nullptr;
    SeriesChart* convergence_chart_ = nullptr;
    QList<QPointF> convergence_;
    SeriesChart* per_site_chart_ = nullptr;
    // (family, λ) → spec → (1/√n, ln Z/n): results stay plotted when the problem changes, so
    // computing several sizes of a lattice shows ln Z/n approaching f(λ).
    std::map<std::pair<std::string, double>, std::map<std::string, QPointF>> per_site_points_;
    // Last members: destroyed first, they cancel what still runs and never wait for it.
    BackgroundTasks exact_tasks_;
    BackgroundTasks estimate_tasks_;
};

}  // namespace dimerlab::app
