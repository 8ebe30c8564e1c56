#pragma once
// The grid Draw mode paints on: squares, or triangles alternating up and down as in the
// `.region` format. A left click toggles a cell; a left drag paints with the state opposite to
// the first cell's (adds from an empty cell, erases from a filled one); the right button, or
// Shift with the left, always erases. The cells of a tiling obstruction are shown in one colour
// and their too few neighbours in another. The wheel changes the grid's size: turned towards the
// user it shows more, smaller cells, so a larger region can be drawn.
#include <QWidget>
#include <optional>
#include <vector>

#include "draw_region.hpp"

namespace dimerlab::app {

class DrawCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit DrawCanvas(QWidget* parent = nullptr);

    const DrawRegion& region() const { return region_; }
    // Shows `region` (undo, redo and whole-region edits come through here, never a stroke).
    void set_region(const DrawRegion& region);
    void set_highlight(std::vector<DrawCell> cells, std::vector<DrawCell> neighbours);
    const std::vector<DrawCell>& highlighted() const { return highlight_; }
    const std::vector<DrawCell>& highlighted_neighbours() const { return neighbours_; }

    int rows() const;
    int columns() const;
    // The grid shows grid_scale() times the smallest grid's rows and columns, 1 .. kMaxGridScale.
    static constexpr int kMaxGridScale = 4;
    int grid_scale() const { return grid_scale_; }
    void set_grid_scale(int scale);
    // Where a cell is drawn (its centre; a triangle's centroid) and which cell a point is in.
    QPointF cell_centre(DrawCell cell) const;
    std::optional<DrawCell> cell_at(QPointF point) const;

    QSize sizeHint() const override { return {640, 480}; }

  signals:
    void region_edited();  // any change, a stroke's cells included as they are painted
    // A stroke ended having changed the region: one undo step.
    void stroke_finished(const dimerlab::app::DrawRegion& before, const dimerlab::app::DrawRegion& after);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

  private:
    struct Geometry {
        double cell = 1;  // a square's side, or a triangle's base
        QPointF origin;
    };
    Geometry geometry() const;
    QPolygonF cell_shape(DrawCell cell) const;
    void paint_to(QPointF point);

    DrawRegion region_;
    std::vector<DrawCell> highlight_;
    std::vector<DrawCell> neighbours_;
    int grid_scale_ = 1;
    int wheel_eighths_ = 0;  // turned but not yet a whole notch (touchpads send small steps)
    bool stroking_ = false;
    bool stroke_adds_ = true;
    DrawRegion stroke_before_;
    QPointF last_point_;
};

}  // namespace dimerlab::app
