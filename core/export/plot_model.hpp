#pragma once
#include <string>
#include <vector>

#include "export/figure_style.hpp"

namespace dimerlab {

// A line plot, free of Qt, so that the SVG writer (core) and the QPainter (app) draw the same
// figure from the same numbers: axes, ticks, labels, one polyline per series, dashed horizontal
// reference lines and a legend.
struct PlotSeries {
    std::string label;
    std::vector<double> x, y;  // equal lengths, finite
    Rgb colour;
    bool dashed = false;   // a limit or model curve, drawn (and shown in the legend) dashed
    bool markers = false;  // measured points: a dot at each, so a reader sees where they were taken
};

struct PlotReference {  // y = value across the whole plot, dashed
    std::string label;
    double value = 0;
    Rgb colour;
};

struct Plot {
    std::string title;
    std::string x_label;
    std::string y_label;
    std::vector<PlotSeries> series;
    std::vector<PlotReference> references;
};

// Series colours, in order; the first two are the figure colours, so plots and state pictures
// of one export read alike.
inline constexpr Rgb kPlotPalette[] = {kDimerColour, kMonomerColour, {39, 174, 96}, {142, 68, 173}};
inline constexpr Rgb kReferenceColour{60, 60, 60};
inline constexpr Rgb kAxisColour{40, 40, 40};
inline constexpr Rgb kGridColour{225, 225, 225};

// Plot sizes accepted by the writers, in pixels per side.
inline constexpr int kMinPlotSide = 64;
inline constexpr int kMaxPlotSide = 8192;

struct PlotAxis {
    double min = 0, max = 1;  // the drawn range: tick-aligned, contains every value
    std::vector<double> ticks;
    std::vector<std::string> tick_labels;  // same length as ticks; locale-independent
};

// 1-2-5 steps, about `target` ticks; a degenerate range (lo == hi) is widened around the value.
PlotAxis nice_axis(double lo, double hi, int target = 5);

struct PlotPoint {
    double x = 0, y = 0;
};

struct PlotRect {
    double left = 0, top = 0, width = 0, height = 0;
};

// Where everything goes, in pixels with y down. Both writers take every position from here.
struct PlotLayout {
    int width = 0, height = 0;
    double font_size = 12;  // pixels
    PlotRect area;          // the data area
    PlotAxis x, y;
    PlotPoint title;    // centre of the baseline
    PlotPoint x_label;  // centre of the baseline
    PlotPoint y_label;  // centre of the baseline before the -90° rotation
    PlotRect legend;    // empty (width 0) without labels
    double legend_row = 0;
    double to_px_x(double v) const { return area.left + (v - x.min) / (x.max - x.min) * area.width; }
    double to_px_y(double v) const { return area.top + (y.max - v) / (y.max - y.min) * area.height; }
};

// Throws InputError when a side is outside kMinPlotSide..kMaxPlotSide or a series' x and y differ
// in length.
PlotLayout layout_plot(const Plot& plot, int width, int height);

}  // namespace dimerlab
