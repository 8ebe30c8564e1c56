#include "series_chart.hpp"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace dimerlab::app {

namespace {

// 1, 2 or 5 times a power of ten, about a quarter of the span: round tick labels (0.6, 0.65, …)
// without widening the range the way QValueAxis::applyNiceNumbers does.
double nice_step(double span) {
    if (!(span > 0) || !std::isfinite(span)) return 1;
    const double raw = span / 4;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 5.0}) {
        if (f * decade >= raw) return f * decade;
    }
    return 10 * decade;
}

// Qt Charts lays the ticks out on every range or interval change: a wide range under the old,
// narrow interval would create millions of tick items. So the interval grows before the range
// does and shrinks after it.
void set_range_with_nice_ticks(QValueAxis* axis, double lo, double hi) {
    const double step = nice_step(hi - lo);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    if (step >= axis->tickInterval()) {
        axis->setTickInterval(step);
        axis->setRange(lo, hi);
    } else {
        axis->setRange(lo, hi);
        axis->setTickInterval(step);
    }
}

const QColor kExtraColours[] = {QColor(0x90, 0xa4, 0xae), QColor(0x90, 0xa4, 0xae), QColor(0x6a, 0x1b, 0x9a)};

}  // namespace

SeriesChart::SeriesChart(const QString& title, const QString& x_title, const QString& y_title,
                         const QStringList& extra_series, QWidget* parent)
    : QChartView(parent) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setBackgroundRoundness(0);
    QFont title_font = chart->titleFont();
    title_font.setPointSizeF(title_font.pointSizeF() * 0.9);
    title_font.setBold(true);
    chart->setTitleFont(title_font);
    series_ = new QLineSeries;
    series_->setName(y_title);
    series_->setPen(QPen(QColor(0xe6, 0x7e, 0x00), 1.5));
    chart->addSeries(series_);
    for (int i = 0; i < extra_series.size(); ++i) {
        auto* s = new QLineSeries;
        s->setName(extra_series[i]);
        s->setPen(QPen(kExtraColours[std::min<std::size_t>(std::size_t(i), std::size(kExtraColours) - 1)],
                       1.2, Qt::DashLine));
        chart->addSeries(s);
        extras_.push_back(s);
    }
    reference_line_ = new QLineSeries;
    reference_line_->setPen(QPen(QColor(0x1e, 0x88, 0xe5), 1.5, Qt::DashLine));
    chart->addSeries(reference_line_);

    x_axis_ = new QValueAxis;
    x_axis_->setTitleText(x_title);
    x_axis_->setLabelFormat("%.6g");
    y_axis_ = new QValueAxis;
    y_axis_->setLabelFormat("%.6g");
    QFont axis_font = x_axis_->titleFont();
    axis_font.setPointSizeF(axis_font.pointSizeF() * 0.85);
    x_axis_->setTitleFont(axis_font);
    QFont label_font = x_axis_->labelsFont();
    label_font.setPointSizeF(label_font.pointSizeF() * 0.85);
    x_axis_->setLabelsFont(label_font);
    y_axis_->setLabelsFont(label_font);
    for (QValueAxis* axis : {x_axis_, y_axis_}) {
        axis->setRange(0, 1);
        axis->setTickAnchor(0);
        axis->setTickInterval(0.25);
        axis->setTickType(QValueAxis::TicksDynamic);
    }
    chart->addAxis(x_axis_, Qt::AlignBottom);
    chart->addAxis(y_axis_, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x_axis_);
        s->attachAxis(y_axis_);
    }
    // Only named extras and the reference line need a legend; the title names the main series.
    chart->legend()->setVisible(!extra_series.isEmpty());
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(label_font);
    chart->legend()->markers(series_).value(0)->setVisible(false);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(150);
    update_ranges();
}

void SeriesChart::set_points(const QList<QPointF>& points) {
    series_->replace(points);
    update_reference_line();
    update_ranges();
}

void SeriesChart::set_extra_points(int index, const QList<QPointF>& points) {
    if (index < 0 || std::size_t(index) >= extras_.size()) return;
    extras_[std::size_t(index)]->replace(points);
    update_reference_line();
    update_ranges();
}

void SeriesChart::set_reference(std::optional<double> value, const QString& name) {
    reference_ = value;
    reference_line_->setName(name);
    chart()->legend()->setVisible(!extras_.empty() || value.has_value());
    update_reference_line();
    update_ranges();
}

void SeriesChart::set_title(const QString& title) {
    chart()->setTitle(title);
}

void SeriesChart::set_fixed_y(std::optional<std::pair<double, double>> range) {
    fixed_y_ = range;
    update_ranges();
}

void SeriesChart::clear_all() {
    series_->clear();
    for (QLineSeries* s : extras_) s->clear();
    update_reference_line();
    update_ranges();
}

int SeriesChart::point_count() const {
    return static_cast<int>(series_->count());
}

int SeriesChart::extra_point_count(int index) const {
    if (index < 0 || std::size_t(index) >= extras_.size()) return 0;
    return static_cast<int>(extras_[std::size_t(index)]->count());
}

void SeriesChart::update_reference_line() {
    reference_line_->clear();
    if (!reference_) return;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    auto span = [&](const QLineSeries* s) {
        for (const QPointF& p : s->points()) {
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
        }
    };
    span(series_);
    for (const QLineSeries* s : extras_) span(s);
    if (!std::isfinite(lo)) {
        lo = 0;
        hi = 1;
    }
    reference_line_->append(lo, *reference_);
    reference_line_->append(hi, *reference_);
}

void SeriesChart::update_ranges() {
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
    double y_lo = x_lo, y_hi = -x_lo;
    auto span = [&](const QLineSeries* s) {
        for (const QPointF& p : s->points()) {
            if (!std::isfinite(p.y())) continue;
            x_lo = std::min(x_lo, p.x());
            x_hi = std::max(x_hi, p.x());
            y_lo = std::min(y_lo, p.y());
            y_hi = std::max(y_hi, p.y());
        }
    };
    span(series_);
    for (const QLineSeries* s : extras_) span(s);
    if (reference_) {
        y_lo = std::min(y_lo, *reference_);
        y_hi = std::max(y_hi, *reference_);
    }
    if (fixed_y_) {
        y_lo = std::min(y_lo, fixed_y_->first);
        y_hi = std::max(y_hi, fixed_y_->second);
    }
    if (!std::isfinite(x_lo)) {
        x_lo = 0;
        x_hi = 1;
    }
    if (!std::isfinite(y_lo)) {
        y_lo = 0;
        y_hi = 1;
    }
    if (x_hi - x_lo <= 0) x_hi = x_lo + 1;
    // A flat series still gets a visible band around it.
    const double pad = y_hi - y_lo > 0 ? 0.05 * (y_hi - y_lo) : std::max(1e-3, 0.01 * std::abs(y_hi));
    set_range_with_nice_ticks(x_axis_, x_lo, x_hi);
    set_range_with_nice_ticks(y_axis_, y_lo - pad, y_hi + pad);
}

}  // namespace dimerlab::app
