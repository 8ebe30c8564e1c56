#pragma once
// The core plot model drawn with QPainter, for PNG export and on-screen previews. Every position
// comes from layout_plot, as in plot_svg, so a PNG and an SVG of one plot agree.
#include <QByteArray>
#include <QImage>
#include <QPainter>
#include <QString>

#include "export/plot_model.hpp"

namespace dimerlab::app {

// Draws into the rectangle (0, 0, layout.width, layout.height) of the painter's device.
void paint_plot(QPainter& painter, const Plot& plot, const PlotLayout& layout);

// InputError for sizes outside kMinPlotSide..kMaxPlotSide (layout_plot).
QImage render_plot_image(const Plot& plot, int width, int height);

// The image encoded as PNG.
QByteArray plot_png_bytes(const Plot& plot, int width, int height);

// PNG, written atomically; InputError naming the path for another extension, an unwritable folder
// or a full disk, leaving nothing behind.
void write_plot_png(const QString& path, const Plot& plot, int width, int height);

}  // namespace dimerlab::app
