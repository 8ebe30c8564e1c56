#pragma once
// A core plot (export/plot_model.hpp) on screen, drawn by paint_plot at the widget's size, with an
// "Export SVG…" button that writes the same plot through the core SVG writer (atomically).
#include <QString>
#include <QWidget>

#include "export/plot_model.hpp"

class QLabel;
class QPushButton;

namespace dimerlab::app {

class PlotCanvas;

class PlotView : public QWidget {
    Q_OBJECT
  public:
    explicit PlotView(QString export_name, QWidget* parent = nullptr);

    void set_plot(Plot plot);
    void clear();
    bool has_plot() const { return has_plot_; }
    const Plot& plot() const { return plot_; }
    QPushButton* export_button() const { return export_button_; }

    // Writes the plot as SVG (640×400 px); the error text, or empty on success, is also shown
    // under the plot.
    QString export_svg(const QString& path);

  private:
    void ask_and_export();

    Plot plot_;
    bool has_plot_ = false;
    QString export_name_;
    PlotCanvas* canvas_ = nullptr;
    QPushButton* export_button_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace dimerlab::app
