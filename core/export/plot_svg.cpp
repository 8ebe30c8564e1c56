#include "export/plot_svg.hpp"

#include <charconv>

#include "export/measurement_export.hpp"
#include "export/xml_escape.hpp"
#include "util/atomic_file.hpp"

namespace dimerlab {
namespace {

// Two decimals: a hundredth of a pixel is below any renderer's resolution and keeps files small.
std::string px(double v) {
    if (v == 0) v = 0;
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 2);
    return std::string(buf, r.ptr);
}

std::string colour(Rgb c) {
    return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

void line(std::string& out, double x1, double y1, double x2, double y2, const std::string& attrs) {
    out += "<line x1=\"" + px(x1) + "\" y1=\"" + px(y1) + "\" x2=\"" + px(x2) + "\" y2=\"" + px(y2) + "\" " +
           attrs + "/>\n";
}

void text(std::string& out, double x, double y, const std::string& anchor, const std::string& body,
          const std::string& extra = {}) {
    out += "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\" text-anchor=\"" + anchor + "\"" + extra + ">" +
           xml_escape(body) + "</text>\n";
}

}  // namespace

std::string plot_svg(const Plot& plot, int width, int height) {
    const PlotLayout l = layout_plot(plot, width, height);
    const double f = l.font_size;
    const PlotRect& a = l.area;
    std::string out;
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
           std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " +
           std::to_string(height) + "\" font-family=\"sans-serif\" font-size=\"" + px(f) + "\">\n";
    out += "<title>" + xml_escape(plot.title) + "</title>\n";
    out += "<defs><clipPath id=\"data-area\"><rect x=\"" + px(a.left) + "\" y=\"" + px(a.top) +
           "\" width=\"" + px(a.width) + "\" height=\"" + px(a.height) + "\"/></clipPath></defs>\n";
    out += "<rect width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" fill=\"" +
           colour(kBackgroundColour) + "\"/>\n";

    out += "<g id=\"grid\" stroke=\"" + colour(kGridColour) + "\" stroke-width=\"1\">\n";
    for (double t : l.x.ticks) line(out, l.to_px_x(t), a.top, l.to_px_x(t), a.top + a.height, "");
    for (double t : l.y.ticks) line(out, a.left, l.to_px_y(t), a.left + a.width, l.to_px_y(t), "");
    out += "</g>\n";

    out += "<g id=\"axes\" fill=\"" + colour(kAxisColour) + "\" stroke=\"" + colour(kAxisColour) + "\">\n";
    out += "<rect x=\"" + px(a.left) + "\" y=\"" + px(a.top) + "\" width=\"" + px(a.width) + "\" height=\"" +
           px(a.height) + "\" fill=\"none\" stroke-width=\"1\"/>\n";
    const double tick = f * 0.4;
    for (std::size_t i = 0; i < l.x.ticks.size(); ++i) {
        const double x = l.to_px_x(l.x.ticks[i]), y = a.top + a.height;
        line(out, x, y, x, y + tick, "");
        text(out, x, y + tick + f * 1.1, "middle", l.x.tick_labels[i], " stroke=\"none\"");
    }
    for (std::size_t i = 0; i < l.y.ticks.size(); ++i) {
        const double y = l.to_px_y(l.y.ticks[i]);
        line(out, a.left - tick, y, a.left, y, "");
        text(out, a.left - tick - f * 0.3, y + f * 0.35, "end", l.y.tick_labels[i], " stroke=\"none\"");
    }
    out += "</g>\n";
    if (!plot.title.empty()) {
        text(out, l.title.x, l.title.y, "middle", plot.title, " class=\"title\" font-weight=\"bold\"");
    }
    if (!plot.x_label.empty())
        text(out, l.x_label.x, l.x_label.y, "middle", plot.x_label, " class=\"x-label\"");
    if (!plot.y_label.empty()) {
        text(out, l.y_label.x, l.y_label.y, "middle", plot.y_label,
             " class=\"y-label\" transform=\"rotate(-90 " + px(l.y_label.x) + " " + px(l.y_label.y) + ")\"");
    }

    out += "<g id=\"data\" clip-path=\"url(#data-area)\" fill=\"none\">\n";
    const std::string lw = px(std::max(1.0, f / 8));
    for (const PlotReference& r : plot.references) {
        const double y = l.to_px_y(r.value);
        line(out, a.left, y, a.left + a.width, y,
             "class=\"reference\" stroke=\"" + colour(r.colour) + "\" stroke-width=\"" + lw +
                 "\" stroke-dasharray=\"" + px(f * 0.6) + " " + px(f * 0.4) + "\"");
    }
    for (const PlotSeries& s : plot.series) {
        const std::string dash =
            s.dashed ? " stroke-dasharray=\"" + px(f * 0.6) + " " + px(f * 0.4) + "\"" : std::string();
        out += "<polyline class=\"series\" stroke=\"" + colour(s.colour) + "\" stroke-width=\"" + lw + "\"" +
               dash + " stroke-linejoin=\"round\" points=\"";
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            if (i > 0) out += ' ';
            out += px(l.to_px_x(s.x[i])) + "," + px(l.to_px_y(s.y[i]));
        }
        out += "\"><title>" + xml_escape(s.label) + "</title></polyline>\n";
        if (s.markers)
            for (std::size_t i = 0; i < s.x.size(); ++i)
                out += "<circle class=\"marker\" cx=\"" + px(l.to_px_x(s.x[i])) + "\" cy=\"" +
                       px(l.to_px_y(s.y[i])) + "\" r=\"" + px(f * 0.18) + "\" fill=\"" + colour(s.colour) +
                       "\"/>\n";
    }
    out += "</g>\n";

    if (l.legend.width > 0) {
        const PlotRect& g = l.legend;
        out += "<g id=\"legend\">\n<rect x=\"" + px(g.left) + "\" y=\"" + px(g.top) + "\" width=\"" +
               px(g.width) + "\" height=\"" + px(g.height) + "\" fill=\"" + colour(kBackgroundColour) +
               "\" fill-opacity=\"0.85\" stroke=\"" + colour(kGridColour) + "\"/>\n";
        double y = g.top + f * 0.3 + l.legend_row / 2;
        auto row = [&](const std::string& label, Rgb c, bool dashed) {
            line(out, g.left + f * 0.5, y, g.left + f * 2.3, y,
                 "stroke=\"" + colour(c) + "\" stroke-width=\"" + lw + "\"" +
                     (dashed ? " stroke-dasharray=\"" + px(f * 0.6) + " " + px(f * 0.4) + "\"" : ""));
            text(out, g.left + f * 2.7, y + f * 0.35, "start", label,
                 " fill=\"" + colour(kAxisColour) + "\"");
            y += l.legend_row;
        };
        for (const PlotSeries& s : plot.series)
            if (!s.label.empty()) row(s.label, s.colour, s.dashed);
        for (const PlotReference& r : plot.references)
            if (!r.label.empty()) row(r.label, r.colour, true);
        out += "</g>\n";
    }
    out += "</svg>\n";
    return out;
}

void write_plot_svg(const std::string& path, const Plot& plot, int width, int height) {
    require_extension(path, {".svg"}, "plot SVG");
    write_file_atomically(path, plot_svg(plot, width, height));
}

}  // namespace dimerlab
