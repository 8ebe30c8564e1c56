#pragma once
// How heavy the picture and its words are drawn, in one table: the normal weights, and the
// projector's (View > High contrast, --high-contrast) for a room where a washed-out beamer and the
// back row thin every line. The renderer reads the lines, dimers and discs from it, the window the
// caption and legend sizes.
namespace dimerlab::render {

struct LineWeights {
    // An empty edge: this fraction of the lattice spacing, held between min and max pixels.
    float edge_fraction, edge_min_px, edge_max_px;
    // The empty edges' grey, as a factor on the palette's edge colour (below 1: darker).
    float edge_colour_factor;
    // A dimer: the scene's dimer width times this, and at least min pixels.
    float dimer_factor, dimer_min_px;
    // A monomer's disc: this fraction of the lattice spacing across, and at least min pixels.
    float monomer_fraction, monomer_min_px;
    // Presentation mode's caption, and the colour legend in and out of it, in multiples of the
    // window's font size.
    double caption_scale, legend_scale_presenting, legend_scale_docked;
    // The heads-up display's text, in multiples of its own font.
    double hud_scale;
};

inline constexpr LineWeights kNormalWeights{
    .edge_fraction = 0.06f,
    .edge_min_px = 1.0f,
    .edge_max_px = 3.0f,
    .edge_colour_factor = 1.0f,
    .dimer_factor = 1.0f,
    .dimer_min_px = 2.0f,
    .monomer_fraction = 0.45f,
    .monomer_min_px = 3.0f,
    .caption_scale = 2.2,
    .legend_scale_presenting = 1.8,
    .legend_scale_docked = 1.0,
    .hud_scale = 1.0,
};

// Edges twice as wide and darker, dimers 40% wider, discs larger; caption and legend half as large
// again, the heads-up display's text 60% larger.
inline constexpr LineWeights kProjectorWeights{
    .edge_fraction = 0.12f,
    .edge_min_px = 2.0f,
    .edge_max_px = 6.0f,
    .edge_colour_factor = 0.55f,
    .dimer_factor = 1.4f,
    .dimer_min_px = 4.0f,
    .monomer_fraction = 0.55f,
    .monomer_min_px = 4.0f,
    .caption_scale = 3.3,
    .legend_scale_presenting = 2.7,
    .legend_scale_docked = 1.5,
    .hud_scale = 1.6,
};

inline const LineWeights& line_weights(bool high_contrast) {
    return high_contrast ? kProjectorWeights : kNormalWeights;
}

}  // namespace dimerlab::render
