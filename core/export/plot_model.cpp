#include "export/plot_model.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "util/errors.hpp"

namespace dimerlab {
namespace {

std::string fixed_text(double v, int decimals) {
    if (v == 0) v = 0;  // no "-0"
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
    return std::string(buf, r.ptr);
}

// Whether the segment a–b meets the rectangle (Liang–Barsky clipping of the segment to it).
bool segment_meets(PlotPoint a, PlotPoint b, const PlotRect& r) {
    double t0 = 0, t1 = 1;
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x - r.left, r.left + r.width - a.x, a.y - r.top, r.top + r.height - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}

// Whether anything drawn in the data area (a series' polyline, a single point, a reference line)
// passes through the rectangle.
bool data_meets(const Plot& plot, const PlotLayout& l, const PlotRect& r) {
    for (const PlotReference& ref : plot.references) {
        const double y = l.to_px_y(ref.value);
        if (y >= r.top && y <= r.top + r.height) return true;
    }
    for (const PlotSeries& s : plot.series) {
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            const PlotPoint b{l.to_px_x(s.x[i]), l.to_px_y(s.y[i])};
            const PlotPoint a = i == 0 ? b : PlotPoint{l.to_px_x(s.x[i - 1]), l.to_px_y(s.y[i - 1])};
            if (segment_meets(a, b, r)) return true;
        }
    }
    return false;
}

}  // namespace

PlotAxis nice_axis(double lo, double hi, int target) {
    if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) lo = 0, hi = 1;
    if (lo == hi) {
        const double pad = lo == 0 ? 1 : std::abs(lo) * 0.1;
        lo -= pad;
        hi += pad;
    }
    const double raw = (hi - lo) / std::max(1, target);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double f : {1.0, 2.0, 5.0, 10.0}) {
        step = f * magnitude;
        if (step >= raw) break;
    }
    PlotAxis axis;
    const double first = std::floor(lo / step), last = std::ceil(hi / step);
    axis.min = first * step;
    axis.max = last * step;
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    for (double k = first; k <= last + 0.5; k += 1) {
        axis.ticks.push_back(k * step);
        axis.tick_labels.push_back(fixed_text(k * step, decimals));
    }
    return axis;
}

PlotLayout layout_plot(const Plot& plot, int width, int height) {
    if (width < kMinPlotSide || height < kMinPlotSide || width > kMaxPlotSide || height > kMaxPlotSide) {
        throw InputError("plot size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is out of range: each side must be " + std::to_string(kMinPlotSide) + " to " +
                         std::to_string(kMaxPlotSide));
    }
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
    for (const PlotSeries& s : plot.series) {
        if (s.x.size() != s.y.size()) {
            throw InputError("plot series '" + s.label + "': x and y differ in length");
        }
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            x_lo = std::min(x_lo, s.x[i]);
            x_hi = std::max(x_hi, s.x[i]);
            y_lo = std::min(y_lo, s.y[i]);
            y_hi = std::max(y_hi, s.y[i]);
        }
    }
    for (const PlotReference& r : plot.references) {
        if (!std::isfinite(r.value)) continue;
        y_lo = std::min(y_lo, r.value);
        y_hi = std::max(y_hi, r.value);
    }
    PlotLayout l;
    l.width = width;
    l.height = height;
    l.font_size = std::clamp(std::min(width, height) / 36.0, 6.0, 48.0);
    l.x = nice_axis(x_lo, x_hi, std::clamp(width / 120, 3, 10));
    l.y = nice_axis(y_lo, y_hi, std::clamp(height / 90, 2, 8));
    const double f = l.font_size;
    std::size_t widest = 1;
    for (const std::string& t : l.y.tick_labels) widest = std::max(widest, t.size());
    // Text widths are estimated (0.6 em per character): the SVG has no font metrics to ask.
    const double left = f * (2.2 + 0.6 * static_cast<double>(widest) + 0.8);
    const double top = plot.title.empty() ? f * 1.2 : f * 2.6;
    const double bottom = f * (plot.x_label.empty() ? 2.2 : 3.8);
    const double right = f * 1.5;
    l.area = PlotRect{left, top, std::max(1.0, width - left - right), std::max(1.0, height - top - bottom)};
    l.title = PlotPoint{width / 2.0, f * 1.7};
    l.x_label = PlotPoint{l.area.left + l.area.width / 2, height - f * 0.8};
    l.y_label = PlotPoint{f * 1.3, l.area.top + l.area.height / 2};
    std::size_t rows = 0, longest = 0;
    for (const PlotSeries& s : plot.series) {
        if (s.label.empty()) continue;
        ++rows;
        longest = std::max(longest, s.label.size());
    }
    for (const PlotReference& r : plot.references) {
        if (r.label.empty()) continue;
        ++rows;
        longest = std::max(longest, r.label.size());
    }
    if (rows > 0) {
        l.legend_row = f * 1.4;
        const double w = f * (3.2 + 0.6 * static_cast<double>(longest));
        const double h = l.legend_row * static_cast<double>(rows) + f * 0.6;
        // The legend never covers data: the first free inner corner (top right, top left, bottom
        // right, bottom left; a margin of half an em kept clear around it), else a column right of
        // a narrower data area.
        const double m = f * 0.5;
        const PlotRect& a = l.area;
        const PlotRect corners[] = {{a.left + a.width - w - m, a.top + m, w, h},
                                    {a.left + m, a.top + m, w, h},
                                    {a.left + a.width - w - m, a.top + a.height - h - m, w, h},
                                    {a.left + m, a.top + a.height - h - m, w, h}};
        bool placed = false;
        for (const PlotRect& c : corners) {
            const PlotRect clear{c.left - m, c.top - m, c.width + 2 * m, c.height + 2 * m};
            if (c.left >= a.left && c.top >= a.top && !data_meets(plot, l, clear)) {
                l.legend = c;
                placed = true;
                break;
            }
        }
        if (!placed) {
            l.area.width = std::max(1.0, a.width - w - m);
            l.legend = PlotRect{l.area.left + l.area.width + m, l.area.top, w, h};
            l.x_label.x = l.area.left + l.area.width / 2;
        }
    }
    return l;
}

}  // namespace dimerlab
