#pragma once
// One live line chart for the docked panels (Qt Charts): a data series, optional extra series
// (an interval's bounds, a second curve) and an optional horizontal reference line, with axes that
// follow the data. Points arrive as whole lists (QLineSeries::replace), so a panel refreshes a
// chart with one call a few times a second rather than one per sample.
#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>
#include <optional>
#include <vector>

class QLineSeries;
class QValueAxis;

namespace dimerlab::app {

class SeriesChart : public QChartView {
    Q_OBJECT
  public:
    // `extra_series`: further curves drawn with the main one, named for the legend.
    SeriesChart(const QString& title, const QString& x_title, const QString& y_title,
                const QStringList& extra_series = {}, QWidget* parent = nullptr);

    void set_points(const QList<QPointF>& points);
    void set_extra_points(int index, const QList<QPointF>& points);
    // A horizontal line across the data's x range; empty hides it.
    void set_reference(std::optional<double> value, const QString& name = {});
    void set_title(const QString& title);
    // When set, the y axis always includes these bounds (e.g. ±1 for a correlation).
    void set_fixed_y(std::optional<std::pair<double, double>> range);
    void clear_all();

    int point_count() const;
    int extra_point_count(int index) const;
    std::optional<double> reference() const { return reference_; }
    QLineSeries* series() const { return series_; }
    QValueAxis* x_axis() const { return x_axis_; }
    QValueAxis* y_axis() const { return y_axis_; }

  private:
    void update_reference_line();
    void update_ranges();

    QLineSeries* series_ = nullptr;
    std::vector<QLineSeries*> extras_;
    QLineSeries* reference_line_ = nullptr;
    QValueAxis* x_axis_ = nullptr;
    QValueAxis* y_axis_ = nullptr;
    std::optional<double> reference_;
    std::optional<std::pair<double, double>> fixed_y_;
};

}  // namespace dimerlab::app
