#include "plot_painter.hpp"

#include <QBuffer>
#include <QFont>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include "export/measurement_export.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {
namespace {

QColor qcolour(Rgb c) {
    return QColor(c.r, c.g, c.b);
}

// Text anchored like SVG's text-anchor at a baseline point.
void draw_text(QPainter& p, double x, double y, const std::string& s, Qt::Alignment anchor) {
    const QString t = QString::fromStdString(s);
    const double w = p.fontMetrics().horizontalAdvance(t);
    double left = x;
    if (anchor == Qt::AlignHCenter) left = x - w / 2;
    if (anchor == Qt::AlignRight) left = x - w;
    p.drawText(QPointF(left, y), t);
}

QPen dashed_pen(Rgb colour, double width, double font) {
    QPen pen(qcolour(colour), width);
    // Qt's dash lengths are in pen widths; SVG's in pixels.
    pen.setDashPattern({font * 0.6 / width, font * 0.4 / width});
    return pen;
}

}  // namespace

void paint_plot(QPainter& p, const Plot& plot, const PlotLayout& l) {
    const double f = l.font_size;
    const PlotRect& a = l.area;
    const QRectF area(a.left, a.top, a.width, a.height);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(QRectF(0, 0, l.width, l.height), qcolour(kBackgroundColour));
    QFont font("sans-serif");
    font.setPixelSize(std::max(1, static_cast<int>(f + 0.5)));
    p.setFont(font);

    p.setPen(QPen(qcolour(kGridColour), 1));
    for (double t : l.x.ticks)
        p.drawLine(QPointF(l.to_px_x(t), a.top), QPointF(l.to_px_x(t), a.top + a.height));
    for (double t : l.y.ticks)
        p.drawLine(QPointF(a.left, l.to_px_y(t)), QPointF(a.left + a.width, l.to_px_y(t)));

    p.setPen(QPen(qcolour(kAxisColour), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    const double tick = f * 0.4;
    for (std::size_t i = 0; i < l.x.ticks.size(); ++i) {
        const double x = l.to_px_x(l.x.ticks[i]), y = a.top + a.height;
        p.drawLine(QPointF(x, y), QPointF(x, y + tick));
        draw_text(p, x, y + tick + f * 1.1, l.x.tick_labels[i], Qt::AlignHCenter);
    }
    for (std::size_t i = 0; i < l.y.ticks.size(); ++i) {
        const double y = l.to_px_y(l.y.ticks[i]);
        p.drawLine(QPointF(a.left - tick, y), QPointF(a.left, y));
        draw_text(p, a.left - tick - f * 0.3, y + f * 0.35, l.y.tick_labels[i], Qt::AlignRight);
    }
    if (!plot.title.empty()) {
        QFont bold = font;
        bold.setBold(true);
        p.setFont(bold);
        draw_text(p, l.title.x, l.title.y, plot.title, Qt::AlignHCenter);
        p.setFont(font);
    }
    if (!plot.x_label.empty()) draw_text(p, l.x_label.x, l.x_label.y, plot.x_label, Qt::AlignHCenter);
    if (!plot.y_label.empty()) {
        p.save();
        p.translate(l.y_label.x, l.y_label.y);
        p.rotate(-90);
        draw_text(p, 0, 0, plot.y_label, Qt::AlignHCenter);
        p.restore();
    }

    const double lw = std::max(1.0, f / 8);
    p.save();
    p.setClipRect(area);
    for (const PlotReference& r : plot.references) {
        p.setPen(dashed_pen(r.colour, lw, f));
        const double y = l.to_px_y(r.value);
        p.drawLine(QPointF(a.left, y), QPointF(a.left + a.width, y));
    }
    for (const PlotSeries& s : plot.series) {
        QPen pen = s.dashed ? dashed_pen(s.colour, lw, f) : QPen(qcolour(s.colour), lw);
        pen.setJoinStyle(Qt::RoundJoin);
        p.setPen(pen);
        QPolygonF line;
        line.reserve(static_cast<qsizetype>(s.x.size()));
        for (std::size_t i = 0; i < s.x.size(); ++i)
            line.append(QPointF(l.to_px_x(s.x[i]), l.to_px_y(s.y[i])));
        p.drawPolyline(line);
        if (s.markers) {
            p.setBrush(qcolour(s.colour));
            for (const QPointF& q : line) p.drawEllipse(q, f * 0.18, f * 0.18);
            p.setBrush(Qt::NoBrush);
        }
    }
    p.restore();

    if (l.legend.width > 0) {
        const PlotRect& g = l.legend;
        QColor fill = qcolour(kBackgroundColour);
        fill.setAlphaF(0.85f);
        p.setPen(QPen(qcolour(kGridColour), 1));
        p.setBrush(fill);
        p.drawRect(QRectF(g.left, g.top, g.width, g.height));
        p.setBrush(Qt::NoBrush);
        double y = g.top + f * 0.3 + l.legend_row / 2;
        auto row = [&](const std::string& label, Rgb c, bool dashed) {
            p.setPen(dashed ? dashed_pen(c, lw, f) : QPen(qcolour(c), lw));
            p.drawLine(QPointF(g.left + f * 0.5, y), QPointF(g.left + f * 2.3, y));
            p.setPen(qcolour(kAxisColour));
            draw_text(p, g.left + f * 2.7, y + f * 0.35, label, Qt::AlignLeft);
            y += l.legend_row;
        };
        for (const PlotSeries& s : plot.series)
            if (!s.label.empty()) row(s.label, s.colour, s.dashed);
        for (const PlotReference& r : plot.references)
            if (!r.label.empty()) row(r.label, r.colour, true);
    }
    p.restore();
}

QImage render_plot_image(const Plot& plot, int width, int height) {
    const PlotLayout layout = layout_plot(plot, width, height);
    QImage image(width, height, QImage::Format_RGB32);
    if (image.isNull())
        throw InfeasibleError("not enough memory for a " + std::to_string(width) + "x" +
                              std::to_string(height) + " plot image");
    image.fill(qcolour(kBackgroundColour));
    QPainter painter(&image);
    paint_plot(painter, plot, layout);
    painter.end();
    return image;
}

QByteArray plot_png_bytes(const Plot& plot, int width, int height) {
    const QImage image = render_plot_image(plot, width, height);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) throw std::runtime_error("PNG encoding of the plot failed");
    return bytes;
}

void write_plot_png(const QString& path, const Plot& plot, int width, int height) {
    const std::string target = path.toStdString();
    require_extension(target, {".png"}, "plot PNG");
    const QByteArray bytes = plot_png_bytes(plot, width, height);
    write_file_atomically(target,
                          std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

}  // namespace dimerlab::app
