#pragma once
// The colour legend of the current colour mode as a widget (under the picture, larger in
// presentation mode): swatches, or a colour scale for the heat-map modes (render/colour_legend).
#include <QWidget>

#include "dimerlab_render/colour_legend.hpp"

namespace dimerlab::app {

class ColourLegendWidget : public QWidget {
    Q_OBJECT
  public:
    explicit ColourLegendWidget(QWidget* parent = nullptr);
    void set_mode(ColourMode mode, render::TileShape tiles = render::TileShape::domino);
    // The edge-weights mode's end labels: the shown graph's lightest and heaviest weights.
    void set_weight_range(const render::WeightRange& range);
    const render::WeightRange& weight_range() const { return weights_; }
    void set_colour_palette(render::PaletteKind palette);
    render::PaletteKind colour_palette() const { return palette_; }
    ColourMode mode() const { return mode_; }
    render::TileShape tiles() const { return tiles_; }
    // Point size of the labels; swatches scale with it.
    void set_point_size(double points);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    ColourMode mode_ = ColourMode::plain;
    render::TileShape tiles_ = render::TileShape::domino;
    render::WeightRange weights_{"1", "1"};
    render::PaletteKind palette_ = render::PaletteKind::colour_blind_safe;
    render::ColourLegend legend_;
};

}  // namespace dimerlab::app
