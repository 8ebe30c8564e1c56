#include "diagnostics_panel.hpp"

#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace dimerlab::app {

namespace {

constexpr std::size_t kPlotPoints = 600;
// Bounds the monitor's FFT work per refresh on a shared machine; older snapshots drop out.
constexpr std::size_t kMonitorCapacity = std::size_t{1} << 12;

// A minimal QPainter sparkline: no axes library needed for one series.
class Sparkline : public QWidget {
  public:
    Sparkline(const std::deque<double>& series, QWidget* parent) : QWidget(parent), data_(series) {
        setMinimumHeight(90);
    }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), QColor(0x1e, 0x1e, 0x22));
        if (data_.size() < 2) {
            p.setPen(Qt::gray);
            p.drawText(rect(), Qt::AlignCenter, "waiting for snapshots");
            return;
        }
        const auto [lo_it, hi_it] = std::minmax_element(data_.begin(), data_.end());
        double lo = *lo_it, hi = *hi_it;
        if (hi - lo < 1e-9) {
            lo -= 0.005;
            hi += 0.005;
        }
        const QRectF r = QRectF(rect()).adjusted(4, 14, -4, -4);
        QPainterPath path;
        for (std::size_t i = 0; i < data_.size(); ++i) {
            const double x =
                r.left() + r.width() * static_cast<double>(i) / static_cast<double>(data_.size() - 1);
            const double y = r.bottom() - r.height() * (data_[i] - lo) / (hi - lo);
            if (i == 0) {
                path.moveTo(x, y);
            } else {
                path.lineTo(x, y);
            }
        }
        p.setPen(QPen(QColor(0xff, 0x98, 0x00), 1.5));
        p.drawPath(path);
        p.setPen(Qt::lightGray);
        p.drawText(QPointF(4, 11), QString("density %1 … %2").arg(lo, 0, 'f', 4).arg(hi, 0, 'f', 4));
    }

  private:
    const std::deque<double>& data_;
};

}  // namespace

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : QWidget(parent) {
    plot_ = new Sparkline(density_, this);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel("Dimer density 2|M|/n, last 600 snapshots", this));
    layout->addWidget(plot_, 1);
    layout->addWidget(summary_);
    update_labels();
}

DiagnosticsPanel::~DiagnosticsPanel() = default;

void DiagnosticsPanel::reset(const Graph& graph) {
    graph_ = &graph;
    monitor_ = std::make_unique<ChainMonitor>(graph, std::nullopt, kMonitorCapacity);
    density_.clear();
    last_serial_ = UINT64_MAX;
    update_labels();
    plot_->update();
}

void DiagnosticsPanel::observe(const Snapshot& snapshot) {
    if (!graph_ || snapshot.serial == last_serial_) return;
    if (snapshot.mate.size() != graph_->num_vertices()) return;  // not yet published for this graph
    if (snapshot.generation != generation_) {
        generation_ = snapshot.generation;
        monitor_ = std::make_unique<ChainMonitor>(*graph_, std::nullopt, kMonitorCapacity);
        density_.clear();
    }
    last_serial_ = snapshot.serial;
    monitor_->observe(snapshot.mate);
    density_.push_back(2.0 * snapshot.dimers / std::max<std::uint32_t>(1, graph_->num_vertices()));
    while (density_.size() > kPlotPoints) density_.pop_front();
    // report() runs an FFT over the window: a few times a second is plenty for a label.
    if (monitor_->sweeps_observed() % 8 == 0 || monitor_->sweeps_observed() < 8) update_labels();
    plot_->update();
}

QString DiagnosticsPanel::summary_text() const {
    return summary_->text();
}

void DiagnosticsPanel::update_labels() {
    if (!monitor_ || monitor_->sweeps_observed() < 2) {
        summary_->setText("τ_int and ESS appear after a few snapshots.");
        return;
    }
    QStringList lines;
    lines << QString("snapshots observed: %1").arg(monitor_->sweeps_observed());
    if (!density_.empty()) lines << QString("density now: %1").arg(density_.back(), 0, 'f', 5);
    for (const ChainMonitor::Entry& e : monitor_->report()) {
        if (e.name != "dimers" && e.name != "imbalance") continue;
        const QString tau =
            std::isfinite(e.tau.tau)
                ? QString("%1 ± %2").arg(e.tau.tau, 0, 'f', 2).arg(e.tau.standard_error, 0, 'f', 2)
                : QString("undefined (constant)");
        lines << QString("%1: τ_int %2 snapshots%3, ESS %4")
                     .arg(QString::fromStdString(e.name), tau,
                          e.tau.reliable ? "" : " (unreliable: run longer)")
                     .arg(e.ess, 0, 'f', 0);
    }
    summary_->setText(lines.join('\n'));
}

}  // namespace dimerlab::app
