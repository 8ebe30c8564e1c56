#pragma once
// The Diagnostics panel: live charts of the dimer density 2|M|/n against sweeps with a reference
// line (the exact mean from the matching polynomial when it is feasible, else the square-lattice
// limit when the graph is a lattice at a tabulated λ), the H−V imbalance on lattices and the
// autocorrelation of the density; and the numbers τ_int ± standard error and ESS (ChainMonitor),
// split-R̂ (needs ≥ 4 chains: on demand, four chains from dispersed starts), coalescence of the
// bounding chain and Jacobi rounds per block (both on demand).
//
// Snapshots arrive once per published block, not once per sweep, so τ_int is measured in
// snapshots and converted with the mean spacing. Memory is bounded: the charts keep the last
// kWindow snapshots and the monitor its own ring. observe() only appends; the charts are redrawn
// at most kRefreshMs apart (refresh_now() forces it). Everything expensive (the exact reference,
// the on-demand measurements) runs on worker threads with a bounded cost, so the GUI never waits.
#include <QElapsedTimer>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>

#include "background_tasks.hpp"
#include "diagnostics/chain_monitor.hpp"
#include "diagnostics/panel_applicability.hpp"
#include "diagnostics/series_monitor.hpp"
#include "faces/height_function.hpp"
#include "graph/graph.hpp"
#include "snapshot.hpp"

class QLabel;
class QPushButton;
class QTimer;

namespace dimerlab {
struct MatchingPolynomial;
}

namespace dimerlab::app {

class SeriesChart;

// Covered fraction 2E|M|/n of the square lattice in the limit of large grids at the λ of
// docs/algorithms.md §7.3 (transfer-matrix values with converged digits); empty for other λ.
std::optional<double> square_lattice_density(double lambda);

class DiagnosticsPanel : public QWidget {
    Q_OBJECT
  public:
    static constexpr std::size_t kWindow = 2000;  // snapshots kept for the charts
    static constexpr int kRefreshMs = 250;
    static constexpr std::size_t kMaxLag = 200;  // autocorrelation lags shown, in snapshots

    explicit DiagnosticsPanel(QWidget* parent = nullptr);
    ~DiagnosticsPanel() override;

    // A new graph (and the dynamics that runs on it): clears the series and starts the exact
    // reference on a worker thread. What each diagnostic does for that run comes from
    // diagnostics/panel_applicability.hpp: one that does not apply says why in its own row.
    void reset(std::shared_ptr<const Graph> graph, Dynamics dynamics = Dynamics::glauber);
    RunKind run_kind() const;
    // Feeds a snapshot if it is new; a changed generation (chain reset) restarts the series.
    void observe(const Snapshot& snapshot);
    // The λ the chain runs at (observe() follows the snapshots' too). A change marks the on-demand
    // results (R̂, coalescence, rounds) stale, since they were measured at the old λ.
    void set_lambda(double lambda);
    // Redraws the charts and numbers from the data so far (the throttle does this by itself).
    void refresh_now();

    std::uint64_t observed() const { return monitor_ ? monitor_->sweeps_observed() : 0; }
    const std::deque<double>& density() const { return density_; }
    QString summary_text() const;
    // The reference line's value and what it is ("exact …", "square lattice …"); empty: none.
    std::optional<double> reference_density() const { return reference_; }
    QString reference_text() const;
    QString rhat_text() const;
    QString coalescence_text() const;
    QString rounds_text() const;

    SeriesChart* density_chart() const { return density_chart_; }
    SeriesChart* imbalance_chart() const { return imbalance_chart_; }
    // Honeycomb regions: the stepped surface's volume (Σ heights / 3, in cubes up to a
    // constant), the observable a lozenge lecture follows; hidden elsewhere.
    SeriesChart* volume_chart() const { return volume_chart_; }
    SeriesChart* acf_chart() const { return acf_chart_; }
    QPushButton* rhat_button() const { return rhat_button_; }
    QPushButton* coalescence_button() const { return coalescence_button_; }
    QPushButton* rounds_button() const { return rounds_button_; }

  public slots:
    // On demand, on worker threads; each emits its signal when its result is shown.
    void measure_coalescence();
    void measure_rounds();
    void measure_rhat();

  signals:
    void reference_ready();
    void coalescence_finished();
    void rounds_finished();
    void rhat_finished();

  private:
    void restart_series();
    void update_reference();
    void update_numbers();
    void set_busy(QPushButton* button, bool busy);
    // The table's verdicts for the run: buttons enabled only where their diagnostic runs, and the
    // sentence in the row of each that does not.
    void apply_applicability();
    // Whether the diagnostic runs for this run (it computes, or computes Glauber's for another
    // chain); when it does not, its label says why.
    bool diagnostic_runs(PanelItem item, QLabel* label) const;

    std::shared_ptr<const Graph> graph_;
    std::unique_ptr<ChainMonitor> monitor_;
    bool lattice_ = false;  // grid or torus: the lattice-limit reference applies
    Dynamics dynamics_ = Dynamics::glauber;
    GraphKind graph_kind_ = GraphKind::general;
    std::deque<double> sweeps_;
    std::deque<double> density_;
    std::deque<double> imbalance_;
    std::deque<double> volume_;
    std::unique_ptr<HeightFunction> heights_;  // lozenge regions only
    std::unique_ptr<SeriesMonitor> volume_monitor_;
    std::uint64_t last_serial_ = UINT64_MAX;
    std::uint64_t generation_ = 0;
    double lambda_ = 1;
    std::vector<std::uint32_t> last_mate_;
    std::uint64_t graph_job_ = 0;    // bumped by reset: results for an older graph are dropped
    std::uint64_t measure_job_ = 0;  // bumped by reset and λ changes: on-demand results are dropped
    std::shared_ptr<const MatchingPolynomial> polynomial_;
    QString exact_status_;
    std::optional<double> reference_;
    QString reference_name_;

    QElapsedTimer since_refresh_;
    QTimer* refresh_timer_ = nullptr;
    SeriesChart* density_chart_ = nullptr;
    SeriesChart* imbalance_chart_ = nullptr;
    SeriesChart* volume_chart_ = nullptr;
    SeriesChart* acf_chart_ = nullptr;
    QLabel* reference_label_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* rhat_label_ = nullptr;
    QLabel* coalescence_label_ = nullptr;
    QLabel* rounds_label_ = nullptr;
    QPushButton* rhat_button_ = nullptr;
    QPushButton* coalescence_button_ = nullptr;
    QPushButton* rounds_button_ = nullptr;
    // Declared last, destroyed first: running tasks are joined while the panel is still whole.
    BackgroundTasks tasks_;
};

}  // namespace dimerlab::app
