#include "plot_view.hpp"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "export/plot_svg.hpp"
#include "plot_painter.hpp"

namespace dimerlab::app {

// The drawing surface: paints the view's plot at its own size.
class PlotCanvas : public QWidget {
  public:
    explicit PlotCanvas(const PlotView* view, QWidget* parent) : QWidget(parent), view_(view) {
        setMinimumHeight(180);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.fillRect(rect(), Qt::white);
        if (!view_->has_plot()) return;
        const int w = std::clamp(width(), kMinPlotSide, kMaxPlotSide);
        const int h = std::clamp(height(), kMinPlotSide, kMaxPlotSide);
        paint_plot(p, view_->plot(), layout_plot(view_->plot(), w, h));
    }

  private:
    const PlotView* view_;
};

PlotView::PlotView(QString export_name, QWidget* parent)
    : QWidget(parent), export_name_(std::move(export_name)) {
    canvas_ = new PlotCanvas(this, this);
    export_button_ = new QPushButton("Export SVG…", this);
    export_button_->setEnabled(false);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(export_button_);
    row->addWidget(status_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(canvas_, 1);
    layout->addLayout(row);
    connect(export_button_, &QPushButton::clicked, this, &PlotView::ask_and_export);
}

void PlotView::set_plot(Plot plot) {
    plot_ = std::move(plot);
    has_plot_ = true;
    export_button_->setEnabled(true);
    status_->clear();
    canvas_->update();
}

void PlotView::clear() {
    plot_ = Plot{};
    has_plot_ = false;
    export_button_->setEnabled(false);
    status_->clear();
    canvas_->update();
}

QString PlotView::export_svg(const QString& path) {
    QString error;
    try {
        write_plot_svg(path.toStdString(), plot_, 640, 400);
        status_->setText("written: " + path);
        status_->setStyleSheet("");
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
        status_->setText(error);
        status_->setStyleSheet("color: #c62828;");
    }
    return error;
}

void PlotView::ask_and_export() {
    QString path =
        QFileDialog::getSaveFileName(this, "Export plot as SVG", export_name_ + ".svg", "SVG (*.svg)");
    if (path.isEmpty()) return;
    if (!path.endsWith(".svg", Qt::CaseInsensitive)) path += ".svg";
    export_svg(path);
}

}  // namespace dimerlab::app
