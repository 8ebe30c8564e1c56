#include "graph_view.hpp"

#include <QPainter>
#include <algorithm>

#include "model/matching_constants.hpp"

namespace dimerlab::app {

GraphView::GraphView(const Graph& graph, QWidget* parent) : QWidget(parent), graph_(graph) {
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, Qt::white);
    setPalette(pal);
    const auto& pos = graph_.layout();
    if (!pos.empty()) {
        min_x_ = max_x_ = pos[0].x;
        min_y_ = max_y_ = pos[0].y;
        for (const Point2& p : pos) {
            min_x_ = std::min(min_x_, p.x);
            max_x_ = std::max(max_x_, p.x);
            min_y_ = std::min(min_y_, p.y);
            max_y_ = std::max(max_y_, p.y);
        }
    }
    mate_.assign(graph_.num_vertices(), kNoMate);
}

void GraphView::show_matching(std::span<const std::uint32_t> mate) {
    mate_.assign(mate.begin(), mate.end());
    update();
}

void GraphView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto& pos = graph_.layout();
    if (pos.empty()) return;
    const double margin = 20;
    const double w = std::max(1e-9, max_x_ - min_x_), h = std::max(1e-9, max_y_ - min_y_);
    const double scale = std::min((width() - 2 * margin) / w, (height() - 2 * margin) / h);
    const double ox = (width() - scale * w) / 2, oy = (height() - scale * h) / 2;
    // y grows upwards in layouts, downwards on screen.
    auto to_screen = [&](const Point2& p) {
        return QPointF(ox + (p.x - min_x_) * scale, oy + (max_y_ - p.y) * scale);
    };
    // Long edges (torus wrap-arounds) would cross the picture; only short edges are drawn.
    const double long_edge = 0.5 * std::max(w, h);
    auto drawable = [&](const Point2& a, const Point2& b) {
        return graph_.edge_axes().empty() || std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)) < long_edge;
    };

    const double unit = std::clamp(scale * 0.12, 0.5, 6.0);
    painter.setPen(QPen(QColor(190, 190, 190), std::max(0.5, unit * 0.3)));
    for (const Edge& e : graph_.edges()) {
        if (drawable(pos[e.u], pos[e.v])) painter.drawLine(to_screen(pos[e.u]), to_screen(pos[e.v]));
    }
    painter.setPen(QPen(QColor(230, 120, 20), unit * 2.2, Qt::SolidLine, Qt::RoundCap));
    for (std::uint32_t v = 0; v < mate_.size(); ++v) {
        const std::uint32_t w2 = mate_[v];
        if (w2 != kNoMate && v < w2 && drawable(pos[v], pos[w2]))
            painter.drawLine(to_screen(pos[v]), to_screen(pos[w2]));
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(40, 90, 200));
    const double r = unit * 1.1;
    for (std::uint32_t v = 0; v < mate_.size(); ++v) {
        if (mate_[v] == kNoMate) painter.drawEllipse(to_screen(pos[v]), r, r);
    }
}

}  // namespace dimerlab::app
