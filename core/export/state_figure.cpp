#include "export/state_figure.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "export/figure_style.hpp"
#include "export/measurement_export.hpp"
#include "export/xml_escape.hpp"
#include "model/matching.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab {

LayoutBox layout_box(const Graph& g) {
    const std::vector<Point2>& p = g.layout();
    if (p.empty() || p.size() != g.num_vertices()) {
        throw InputError("graph '" + g.spec() + "' has no layout: nothing to draw");
    }
    LayoutBox b{p[0].x, p[0].y, p[0].x, p[0].y};
    for (const Point2& q : p) {
        b.min_x = std::min(b.min_x, q.x);
        b.max_x = std::max(b.max_x, q.x);
        b.min_y = std::min(b.min_y, q.y);
        b.max_y = std::max(b.max_y, q.y);
    }
    return b;
}

double typical_edge_length(const Graph& g) {
    const std::vector<Point2>& p = g.layout();
    double best = std::numeric_limits<double>::infinity();
    // A sample of edges is enough and keeps this O(1) for huge graphs.
    const std::uint32_t m = g.num_edges();
    const std::uint32_t step = std::max<std::uint32_t>(1, m / 4096);
    for (std::uint32_t e = 0; e < m; e += step) {
        const Edge& ed = g.edge(e);
        const double len = std::hypot(p[ed.u].x - p[ed.v].x, p[ed.u].y - p[ed.v].y);
        if (len > 0) best = std::min(best, len);
    }
    if (!std::isfinite(best)) {
        const LayoutBox b = layout_box(g);
        best = std::max({b.width(), b.height(), 1.0}) / 10;
    }
    return best;
}

namespace {

// Fixed 3 decimals, trailing zeros trimmed; locale-independent.
std::string num(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 3);
    std::string s(buf, r.ptr);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string hex_colour(Rgb c) {
    static const char* digits = "0123456789abcdef";
    std::string s = "#";
    for (std::uint8_t v : {c.r, c.g, c.b}) {
        s += digits[v >> 4];
        s += digits[v & 15];
    }
    return s;
}

// LaTeX comment text: a newline would end the comment and turn the rest into code.
std::string latex_comment(const std::string& text) {
    std::string out;
    for (char c : text) out += (c == '\n' || c == '\r') ? ' ' : c;
    return out;
}

void check_mate(const Graph& g, std::span<const std::uint32_t> mate) {
    if (mate.size() != g.num_vertices()) throw std::invalid_argument("mate array size differs from graph");
}

}  // namespace

std::string state_svg(const Graph& g, std::span<const std::uint32_t> mate) {
    check_mate(g, mate);
    const LayoutBox box = layout_box(g);
    const double unit = typical_edge_length(g);
    // User units: one layout unit = 20 / unit, so a lattice spacing is 20 whatever the layout scale.
    const double s = 20.0 / unit;
    const double margin = 20.0;
    const double w = box.width() * s + 2 * margin, h = box.height() * s + 2 * margin;
    const std::vector<Point2>& p = g.layout();
    auto X = [&](VertexId v) { return num((p[v].x - box.min_x) * s + margin); };
    auto Y = [&](VertexId v) { return num((box.max_y - p[v].y) * s + margin); };

    std::string out;
    out.reserve(std::size_t(g.num_edges()) * 80 + 1024);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(w) + "\" height=\"" +
           num(h) + "\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\">\n";
    out += "<title>dimerlab " DIMERLAB_VERSION ": " + xml_escape(g.spec()) + " (graph hash " +
           hex16(g.content_hash()) + ", state hash " + hex16(state_hash(mate)) + ", " +
           std::to_string(count_dimers(mate)) + " dimers)</title>\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"" + hex_colour(kBackgroundColour) + "\"/>\n";
    out += "<g id=\"edges\" stroke=\"" + hex_colour(kEdgeColour) + "\" stroke-width=\"1.5\">\n";
    for (const Edge& e : g.edges()) {
        out += "<line x1=\"" + X(e.u) + "\" y1=\"" + Y(e.u) + "\" x2=\"" + X(e.v) + "\" y2=\"" + Y(e.v) +
               "\"/>\n";
    }
    out += "</g>\n<g id=\"dimers\" stroke=\"" + hex_colour(kDimerColour) +
           "\" stroke-width=\"7\" stroke-linecap=\"round\">\n";
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const std::uint32_t u = mate[v];
        if (u == kNoMate || u < v) continue;
        out += "<line class=\"dimer\" x1=\"" + X(v) + "\" y1=\"" + Y(v) + "\" x2=\"" + X(u) + "\" y2=\"" +
               Y(u) + "\"/>\n";
    }
    out += "</g>\n<g id=\"monomers\" fill=\"" + hex_colour(kMonomerColour) + "\">\n";
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        if (mate[v] != kNoMate) continue;
        out += "<circle class=\"monomer\" cx=\"" + X(v) + "\" cy=\"" + Y(v) + "\" r=\"4\"/>\n";
    }
    out += "</g>\n</svg>\n";
    return out;
}

std::string state_tikz(const Graph& g, std::span<const std::uint32_t> mate) {
    check_mate(g, mate);
    if (g.num_edges() > kMaxTikzEdges) {
        throw InputError("TikZ export is limited to " + std::to_string(kMaxTikzEdges) + " edges and graph '" +
                         g.spec() + "' has " + std::to_string(g.num_edges()) +
                         ": LaTeX would run out of memory or take minutes; use SVG instead");
    }
    const LayoutBox box = layout_box(g);
    const double unit = typical_edge_length(g);
    const std::vector<Point2>& p = g.layout();
    // Coordinates in lattice spacings, scaled by x=/y= so the whole picture is at most ~12 cm.
    const double extent = std::max({box.width() / unit, box.height() / unit, 1.0});
    const double cm = std::min(0.6, 12.0 / extent);
    auto P = [&](VertexId v) {
        return "(" + num((p[v].x - box.min_x) / unit) + "," + num((p[v].y - box.min_y) / unit) + ")";
    };
    auto rgb = [](Rgb c) {
        return std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b);
    };
    std::string out;
    out += "% dimerlab " DIMERLAB_VERSION ": " + latex_comment(g.spec()) + ", graph hash " +
           hex16(g.content_hash()) + ", state hash " + hex16(state_hash(mate)) + ", " +
           std::to_string(count_dimers(mate)) + " dimers\n";
    out += "% needs \\usepackage{tikz}\n";
    out += "\\definecolor{dimerlabedge}{RGB}{" + rgb(kEdgeColour) + "}\n";
    out += "\\definecolor{dimerlabdimer}{RGB}{" + rgb(kDimerColour) + "}\n";
    out += "\\definecolor{dimerlabmonomer}{RGB}{" + rgb(kMonomerColour) + "}\n";
    out += "\\begin{tikzpicture}[x=" + num(cm) + "cm,y=" + num(cm) + "cm]\n";
    for (const Edge& e : g.edges()) {
        out += "\\draw[dimerlabedge,line width=0.4pt] " + P(e.u) + " -- " + P(e.v) + ";\n";
    }
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        const std::uint32_t u = mate[v];
        if (u == kNoMate || u < v) continue;
        out += "\\draw[dimerlabdimer,line width=" + num(cm * 8) + "pt,line cap=round] " + P(v) + " -- " +
               P(u) + ";\n";
    }
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        if (mate[v] != kNoMate) continue;
        out += "\\fill[dimerlabmonomer] " + P(v) + " circle[radius=0.15];\n";
    }
    out += "\\end{tikzpicture}\n";
    return out;
}

void write_state_svg(const std::string& path, const Graph& g, std::span<const std::uint32_t> mate) {
    require_extension(path, {".svg"}, "SVG export");
    write_file_atomically(path, state_svg(g, mate));
}

void write_state_tikz(const std::string& path, const Graph& g, std::span<const std::uint32_t> mate) {
    require_extension(path, {".tex", ".tikz"}, "TikZ export");
    write_file_atomically(path, state_tikz(g, mate));
}

}  // namespace dimerlab
