#pragma once
#include <cstdint>

#include "graph/graph.hpp"

namespace dimerlab {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The four colours every exported picture uses. Few and fixed on purpose: a GIF palette can then
// hold them exactly, and SVG, TikZ and video frames of one state look alike.
inline constexpr Rgb kBackgroundColour{255, 255, 255};
inline constexpr Rgb kEdgeColour{200, 200, 200};
inline constexpr Rgb kDimerColour{230, 126, 34};
inline constexpr Rgb kMonomerColour{46, 134, 222};

// Largest frame side for rendered pictures and videos: 8192 already needs 200 MB per RGB frame,
// anything larger is a typo, not a request.
inline constexpr int kMaxFrameSide = 8192;

// Bounding box of a graph's layout; InputError when the graph has no layout (nothing to draw).
struct LayoutBox {
    double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    double width() const { return max_x - min_x; }
    double height() const { return max_y - min_y; }
};
LayoutBox layout_box(const Graph& g);

// Shortest distance between drawn vertices' layout positions along edges (the lattice spacing
// for lattices): sets line widths and dot sizes relative to the drawing, not to absolute units.
double typical_edge_length(const Graph& g);

}  // namespace dimerlab
