#include "dimerlab_render/colour_legend.hpp"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include "dimerlab_render/palette.hpp"

namespace dimerlab::render {

namespace {

QColor colour(const float (&rgb)[3]) {
    return QColor::fromRgbF(rgb[0], rgb[1], rgb[2]);
}
QColor colour(const palette::Rgb& rgb) {
    return QColor::fromRgbF(rgb[0], rgb[1], rgb[2]);
}

// The edges' sequential ramp (edges.vert, mode 3), shared by the modes that colour each edge by a
// value in [0, 1]; a dimer is its edge's colour, drawn wider.
void set_edge_ramp(ColourLegend& l, const Palette& p, QString low_label, QString high_label, QString title) {
    l.has_scale = true;
    l.low = colour(p.height_low);
    l.mid = colour(p.height_mid);
    l.high = colour(p.height_high);
    l.low_label = std::move(low_label);
    l.high_label = std::move(high_label);
    l.scale_title = std::move(title);
}

// Layout in units of the font's height, so the legend scales with the caption's font.
struct Metrics {
    double h, swatch, gap, scale_width;
    explicit Metrics(const QFont& font) {
        h = QFontMetricsF(font).height();
        swatch = 1.6 * h;
        gap = 0.6 * h;
        scale_width = 10 * h;
    }
};

}  // namespace

ColourLegend colour_legend(ColourMode mode, TileShape tiles, PaletteKind kind, const WeightRange* weights) {
    const Palette& p = palette_of(kind);
    ColourLegend l;
    const LegendSwatch monomer{"monomer", colour(p.monomer), true};
    switch (mode) {
        case ColourMode::plain:
            l.swatches = {{"dimer", colour(p.dimer[4])}, monomer};
            break;
        case ColourMode::tiles:
            if (tiles == TileShape::domino) {
                l.swatches = {{"horizontal domino, even", colour(p.domino[0])},
                              {"horizontal, odd", colour(p.domino[1])},
                              {"vertical, even", colour(p.domino[2])},
                              {"vertical, odd", colour(p.domino[3])},
                              {"monomer (a hole)", colour(p.monomer), true}};
                break;
            }
            if (tiles == TileShape::lozenge) {
                // Each swatch labelled (a class reads its own), by the three dimer directions
                // 60° apart; which one is upright depends on how the honeycomb is turned.
                l.swatches = {{"lozenge, 1st direction", colour(p.lozenge[0])},
                              {"2nd direction", colour(p.lozenge[1])},
                              {"3rd direction", colour(p.lozenge[2])},
                              {"monomer (a hole)", colour(p.monomer), true}};
                break;
            }
            [[fallthrough]];  // not a tiling: drawn as orientation × parity
        case ColourMode::orientation_parity:
            l.swatches = {{"horizontal, even", colour(p.dimer[0])},
                          {"horizontal, odd", colour(p.dimer[1])},
                          {"vertical, even", colour(p.dimer[2])},
                          {"vertical, odd", colour(p.dimer[3])},
                          monomer};
            break;
        case ColourMode::monomer_heat:
        case ColourMode::exact_marginals:
            l.has_scale = true;
            l.low = colour(p.heat_low);
            l.high = colour(p.monomer);
            l.low_label = "0";
            l.high_label = "1";
            l.scale_title = mode == ColourMode::monomer_heat ? "share of frames as a monomer"
                                                             : "P(monomer), exact at this λ";
            break;
        case ColourMode::exact_probabilities:
            set_edge_ramp(l, p, "0", "1", "P(domino placed), exact");
            break;
        case ColourMode::probability_difference:
            l.has_scale = true;
            l.low = colour(p.monomer);
            l.mid = QColor(Qt::white);
            l.high = colour(p.dimer[0]);
            l.low_label = QString("−%1").arg(kProbabilityDifferenceScale);
            l.high_label = QString("+%1").arg(kProbabilityDifferenceScale);
            l.scale_title = "chain's share of frames − exact P(domino placed)";
            break;
        case ColourMode::edge_weights:  // over ln w
            set_edge_ramp(l, p, weights ? weights->lightest : QString("lightest"),
                          weights ? weights->heaviest : QString("heaviest"),
                          weights && weights->lightest == weights->heaviest
                              ? QString("edge weight: every edge weighs %1").arg(weights->lightest)
                              : QString("edge weight (log scale)"));
            break;
        case ColourMode::expected_slope:  // over |∇E h| / its largest value
            set_edge_ramp(l, p, "0: flat", "steepest", "slope of the expected height, exact");
            break;
        case ColourMode::height:
            // Thurston's height on the faces; a monomer is a defect around which it winds.
            l.swatches = {{"dimer", colour(p.dimer[4])},
                          {"face at a monomer (height undefined)", colour(p.height_defect)},
                          monomer};
            l.has_scale = true;
            l.low = colour(p.height_low);
            l.mid = colour(p.height_mid);
            l.high = colour(p.height_high);
            l.low_label = "lowest";
            l.high_label = "highest";
            l.scale_title = "height function on the faces";
            break;
    }
    return l;
}

QSizeF legend_size(const ColourLegend& legend, const QFont& font) {
    const Metrics m(font);
    const QFontMetricsF fm(font);
    double w = 0;
    for (const LegendSwatch& s : legend.swatches)
        w += m.swatch + 0.4 * m.h + fm.horizontalAdvance(s.label) + m.gap;
    if (legend.has_scale) {
        w += fm.horizontalAdvance(legend.scale_title) + m.gap + fm.horizontalAdvance(legend.low_label) +
             0.4 * m.h + m.scale_width + 0.4 * m.h + fm.horizontalAdvance(legend.high_label);
    }
    return {w, m.swatch};
}

void paint_colour_legend(QPainter& painter, QPointF origin, const ColourLegend& legend, const QFont& font) {
    const Metrics m(font);
    const QFontMetricsF fm(font);
    painter.save();
    painter.setFont(font);
    painter.setPen(Qt::black);
    double x = origin.x();
    const double y = origin.y();
    const auto text = [&](const QString& s) {
        painter.drawText(QRectF(x, y, fm.horizontalAdvance(s) + 1, m.swatch),
                         Qt::AlignVCenter | Qt::AlignLeft, s);
        x += fm.horizontalAdvance(s);
    };
    for (const LegendSwatch& s : legend.swatches) {
        // Solid fills without antialiasing: the swatch's pixels are exactly the drawn colour.
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(Qt::NoPen);
        painter.setBrush(s.colour);
        if (s.disc) {
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.drawEllipse(
                QRectF(x + 0.15 * m.swatch, y + 0.15 * m.swatch, 0.7 * m.swatch, 0.7 * m.swatch));
        } else {
            painter.drawRect(QRectF(x, y + 0.3 * m.swatch, m.swatch, 0.4 * m.swatch));
        }
        painter.setPen(Qt::black);
        x += m.swatch + 0.4 * m.h;
        text(s.label);
        x += m.gap;
    }
    if (legend.has_scale) {
        text(legend.scale_title);
        x += m.gap;
        text(legend.low_label);
        x += 0.4 * m.h;
        QLinearGradient ramp(QPointF(x, 0), QPointF(x + m.scale_width, 0));
        ramp.setColorAt(0, legend.low);
        if (legend.mid.isValid()) ramp.setColorAt(0.5, legend.mid);
        ramp.setColorAt(1, legend.high);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(QColor(0x75, 0x75, 0x75));
        painter.setBrush(ramp);
        painter.drawRect(QRectF(x, y + 0.2 * m.swatch, m.scale_width, 0.6 * m.swatch));
        painter.setPen(Qt::black);
        x += m.scale_width + 0.4 * m.h;
        text(legend.high_label);
    }
    painter.restore();
}

}  // namespace dimerlab::render
