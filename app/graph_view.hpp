#pragma once
// The first viewport: the graph and the current matching drawn with QPainter (grey edges, orange
// dimers, blue monomers). The OpenGL viewport of the app issue replaces it; this one needs no GL,
// so it also renders under the offscreen platform for screenshots and tests.
#include <QWidget>
#include <cstdint>
#include <span>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::app {

class GraphView : public QWidget {
    Q_OBJECT
  public:
    explicit GraphView(const Graph& graph, QWidget* parent = nullptr);
    // Copies the matching to draw; repaints later.
    void show_matching(std::span<const std::uint32_t> mate);
    QSize sizeHint() const override { return {800, 800}; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    const Graph& graph_;
    std::vector<std::uint32_t> mate_;
    double min_x_ = 0, min_y_ = 0, max_x_ = 1, max_y_ = 1;
};

}  // namespace dimerlab::app
