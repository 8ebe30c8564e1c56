#include "draw_canvas.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace dimerlab::app {

namespace {

// The smallest grid; a larger opened region widens it.
constexpr int kCanvasSquareRows = 26;
constexpr int kCanvasSquareColumns = 36;
constexpr int kCanvasTriangleRows = 22;
constexpr int kCanvasTriangleColumns = 56;                // half a triangle's base each
const double kCanvasTriangleHeight = std::sqrt(3.0) / 2;  // per unit of base
constexpr double kCanvasMargin = 8;

}  // namespace

DrawCanvas::DrawCanvas(QWidget* parent) : QWidget(parent) {
    setObjectName("draw-canvas");
    setMouseTracking(false);
    setMinimumSize(240, 200);
    setAutoFillBackground(true);
    QPalette white = palette();
    white.setColor(QPalette::Window, Qt::white);
    setPalette(white);
}

void DrawCanvas::set_region(const DrawRegion& region) {
    region_ = region;
    update();
    emit region_edited();
}

void DrawCanvas::set_highlight(std::vector<DrawCell> cells, std::vector<DrawCell> neighbours) {
    highlight_ = std::move(cells);
    neighbours_ = std::move(neighbours);
    update();
}

void DrawCanvas::set_grid_scale(int scale) {
    scale = std::clamp(scale, 1, kMaxGridScale);
    if (scale == grid_scale_) return;
    grid_scale_ = scale;
    update();
}

int DrawCanvas::rows() const {
    int rows =
        grid_scale_ * (region_.lattice == RegionLattice::square ? kCanvasSquareRows : kCanvasTriangleRows);
    if (!region_.cells.empty()) rows = std::max(rows, region_.cells.rbegin()->row + 1);
    return rows;
}

int DrawCanvas::columns() const {
    int columns = grid_scale_ *
                  (region_.lattice == RegionLattice::square ? kCanvasSquareColumns : kCanvasTriangleColumns);
    for (const DrawCell& c : region_.cells) columns = std::max(columns, c.column + 1);
    return columns;
}

DrawCanvas::Geometry DrawCanvas::geometry() const {
    const double w = std::max(1.0, width() - 2 * kCanvasMargin);
    const double h = std::max(1.0, height() - 2 * kCanvasMargin);
    Geometry g;
    double used_w = 0;
    double used_h = 0;
    if (region_.lattice == RegionLattice::square) {
        g.cell = std::min(w / columns(), h / rows());
        used_w = g.cell * columns();
        used_h = g.cell * rows();
    } else {
        g.cell = std::min(w / ((columns() + 1) / 2.0), h / (rows() * kCanvasTriangleHeight));
        used_w = g.cell * (columns() + 1) / 2.0;
        used_h = g.cell * kCanvasTriangleHeight * rows();
    }
    g.origin = QPointF((width() - used_w) / 2, (height() - used_h) / 2);
    return g;
}

QPolygonF DrawCanvas::cell_shape(DrawCell cell) const {
    const Geometry g = geometry();
    if (region_.lattice == RegionLattice::square) {
        const QPointF a = g.origin + QPointF(cell.column * g.cell, cell.row * g.cell);
        return QPolygonF(QRectF(a, QSizeF(g.cell, g.cell)));
    }
    const double h = g.cell * kCanvasTriangleHeight;
    const double x = g.origin.x() + cell.column * g.cell / 2;
    const double y = g.origin.y() + cell.row * h;
    if (points_up(cell))
        return QPolygonF({QPointF(x, y + h), QPointF(x + g.cell, y + h), QPointF(x + g.cell / 2, y)});
    return QPolygonF({QPointF(x, y), QPointF(x + g.cell, y), QPointF(x + g.cell / 2, y + h)});
}

QPointF DrawCanvas::cell_centre(DrawCell cell) const {
    const QPolygonF shape = cell_shape(cell);
    QPointF sum;
    const int corners = region_.lattice == RegionLattice::square ? 4 : 3;
    for (int i = 0; i < corners; ++i) sum += shape[i];
    return sum / corners;
}

std::optional<DrawCell> DrawCanvas::cell_at(QPointF point) const {
    const Geometry g = geometry();
    const QPointF p = point - g.origin;
    if (region_.lattice == RegionLattice::square) {
        const DrawCell c{int(std::floor(p.y() / g.cell)), int(std::floor(p.x() / g.cell))};
        if (c.row < 0 || c.column < 0 || c.row >= rows() || c.column >= columns()) return std::nullopt;
        return c;
    }
    const int row = int(std::floor(p.y() / (g.cell * kCanvasTriangleHeight)));
    if (row < 0 || row >= rows()) return std::nullopt;
    const int guess = int(std::floor(p.x() / (g.cell / 2)));
    for (int column : {guess, guess - 1}) {
        if (column < 0 || column >= columns()) continue;
        if (cell_shape({row, column}).containsPoint(point, Qt::OddEvenFill)) return DrawCell{row, column};
    }
    return std::nullopt;
}

void DrawCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const std::set<DrawCell> hot(highlight_.begin(), highlight_.end());
    const std::set<DrawCell> near(neighbours_.begin(), neighbours_.end());
    const QPen grid_pen(QColor(0xd0, 0xd0, 0xd0), 1);
    const QPen cell_pen(QColor(0x37, 0x47, 0x4f), 1.2);
    for (int r = 0; r < rows(); ++r) {
        for (int c = 0; c < columns(); ++c) {
            const DrawCell cell{r, c};
            const bool in = region_.cells.contains(cell);
            QColor fill = Qt::white;
            if (in) {
                // The two colour classes in two shades: an imbalance is visible at a glance.
                fill = (r + c) % 2 == 0 ? QColor(0x64, 0xb5, 0xf6) : QColor(0xbb, 0xde, 0xfb);
                if (hot.contains(cell)) fill = QColor(0xd8, 0x1b, 0x60);
                if (near.contains(cell)) fill = QColor(0xff, 0xc1, 0x07);
            }
            painter.setPen(in ? cell_pen : grid_pen);
            painter.setBrush(fill);
            painter.drawPolygon(cell_shape(cell));
        }
    }
}

void DrawCanvas::paint_to(QPointF point) {
    // Sampled along the segment from the last point, so a fast drag leaves no gaps.
    const Geometry g = geometry();
    const QPointF delta = point - last_point_;
    const int steps = std::max(1, int(std::ceil(std::hypot(delta.x(), delta.y()) / (g.cell / 4))));
    bool changed = false;
    for (int i = 1; i <= steps; ++i) {
        const std::optional<DrawCell> cell = cell_at(last_point_ + delta * (double(i) / steps));
        if (!cell) continue;
        if (stroke_adds_)
            changed |= region_.cells.insert(*cell).second;
        else
            changed |= region_.cells.erase(*cell) > 0;
    }
    last_point_ = point;
    if (changed) {
        update();
        emit region_edited();
    }
}

void DrawCanvas::mousePressEvent(QMouseEvent* event) {
    const bool erase = event->button() == Qt::RightButton ||
                       (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    if (stroking_ || (event->button() != Qt::LeftButton && !erase)) return;
    const std::optional<DrawCell> first = cell_at(event->position());
    if (!first) return;
    stroking_ = true;
    stroke_adds_ = !erase && !region_.cells.contains(*first);
    stroke_before_ = region_;
    last_point_ = event->position();
    paint_to(event->position());
}

void DrawCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (stroking_) paint_to(event->position());
}

void DrawCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (!stroking_) return;
    paint_to(event->position());
    stroking_ = false;
    if (region_ != stroke_before_) emit stroke_finished(stroke_before_, region_);
}

void DrawCanvas::wheelEvent(QWheelEvent* event) {
    // One notch is 120 eighths of a degree; away from the user the cells grow (fewer of them).
    wheel_eighths_ += event->angleDelta().y();
    while (std::abs(wheel_eighths_) >= 120) {
        const int notch = wheel_eighths_ > 0 ? 1 : -1;
        wheel_eighths_ -= 120 * notch;
        if (!stroking_) set_grid_scale(grid_scale_ - notch);
    }
    event->accept();
}

}  // namespace dimerlab::app
