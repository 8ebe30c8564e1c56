#pragma once
// What each colour of the picture means, for every colour mode: swatches for the dimer and
// monomer colours, and a colour scale for the heat-map modes. Painted with QPainter so the window,
// presentation mode and exported frames share one legend; colours come from palette.hpp.
#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <vector>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/edge_weight_shades.hpp"
#include "dimerlab_render/palette.hpp"
#include "dimerlab_render/tile_geometry.hpp"

class QPainter;

namespace dimerlab::render {

struct LegendSwatch {
    QString label;
    QColor colour;
    bool disc = false;  // a monomer (drawn as a disc), else a dimer bar
};

struct ColourLegend {
    std::vector<LegendSwatch> swatches;
    // Heat-map modes: a scale from `low` to `high` with its end labels and title.
    bool has_scale = false;
    QColor low, high;
    QColor mid;  // the scale's middle stop, where it has one (invalid: a two-colour scale)
    QString scale_title, low_label, high_label;
};

// The probability_difference mode's ramp runs from minus to plus this: near the end of a
// converging chain the differences are a few hundredths, and a frame's ±1 saturates either way.
inline constexpr double kProbabilityDifferenceScale = 0.25;

// `tiles`: what the tiles mode draws for the current graph (dominoes, lozenges, or neither, when
// it is drawn as orientation × parity). `weights`: the edge-weights mode's end labels (the graph's
// lightest and heaviest weights; "lightest" and "heaviest" when not given).
ColourLegend colour_legend(ColourMode mode, TileShape tiles = TileShape::domino,
                           PaletteKind palette = PaletteKind::colour_blind_safe,
                           const WeightRange* weights = nullptr);

// The legend's size at this font (one row), and painting it with its top left at `origin`.
QSizeF legend_size(const ColourLegend& legend, const QFont& font);
void paint_colour_legend(QPainter& painter, QPointF origin, const ColourLegend& legend, const QFont& font);

}  // namespace dimerlab::render
