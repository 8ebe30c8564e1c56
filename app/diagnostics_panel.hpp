#pragma once
// The Diagnostics panel: the dimer density of the shown snapshots as a sparkline, and the
// integrated autocorrelation time and effective sample size from a ChainMonitor fed once per new
// snapshot. Snapshots arrive once per published block, not once per sweep, so τ_int is in units
// of snapshots, and the labels say so.
#include <QWidget>
#include <cstdint>
#include <deque>
#include <memory>

#include "diagnostics/chain_monitor.hpp"
#include "graph/graph.hpp"
#include "snapshot.hpp"

class QLabel;

namespace dimerlab::app {

class DiagnosticsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);
    ~DiagnosticsPanel() override;

    // A new graph (the controller's; it must outlive the next reset or the panel).
    void reset(const Graph& graph);
    // Feeds a snapshot if it is new; a changed generation (chain reset) restarts the series.
    void observe(const Snapshot& snapshot);

    std::uint64_t observed() const { return monitor_ ? monitor_->sweeps_observed() : 0; }
    const std::deque<double>& density() const { return density_; }
    QString summary_text() const;

  private:
    void update_labels();

    const Graph* graph_ = nullptr;
    std::unique_ptr<ChainMonitor> monitor_;
    std::deque<double> density_;
    std::uint64_t last_serial_ = UINT64_MAX;
    std::uint64_t generation_ = 0;
    QWidget* plot_ = nullptr;
    QLabel* summary_ = nullptr;
};

}  // namespace dimerlab::app
