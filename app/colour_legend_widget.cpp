#include "colour_legend_widget.hpp"

#include <QPainter>
#include <cmath>

namespace dimerlab::app {

namespace {
constexpr int kMargin = 4;
}

ColourLegendWidget::ColourLegendWidget(QWidget* parent) : QWidget(parent) {
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, Qt::white);  // the picture's background: the swatches read as there
    setPalette(p);
    set_mode(ColourMode::plain);
}

void ColourLegendWidget::set_mode(ColourMode mode, render::TileShape tiles) {
    mode_ = mode;
    tiles_ = tiles;
    legend_ = render::colour_legend(mode, tiles, palette_, &weights_);
    updateGeometry();
    update();
}

void ColourLegendWidget::set_weight_range(const render::WeightRange& range) {
    weights_ = range;
    set_mode(mode_, tiles_);
}

void ColourLegendWidget::set_colour_palette(render::PaletteKind palette) {
    palette_ = palette;
    set_mode(mode_, tiles_);
}

void ColourLegendWidget::set_point_size(double points) {
    QFont f = font();
    f.setPointSizeF(points);
    setFont(f);
    updateGeometry();
    update();
}

QSize ColourLegendWidget::sizeHint() const {
    const QSizeF s = render::legend_size(legend_, font());
    return {int(std::ceil(s.width())) + 2 * kMargin, int(std::ceil(s.height())) + 2 * kMargin};
}

void ColourLegendWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    render::paint_colour_legend(painter, QPointF(kMargin, kMargin), legend_, font());
}

}  // namespace dimerlab::app
