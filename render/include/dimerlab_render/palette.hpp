#pragma once
// The colours the scene is drawn in (0..1 RGB), in one place: the renderer hands them to the
// shaders and the colour legend paints its swatches from them, so the legend cannot drift from
// the picture. Two palettes: the default one, chosen so that every pair of colours a picture
// asks a class to tell apart stays apart for the three dichromacies too (tested by simulating
// them), and the classic arctic-circle colours, kept for those who know them.
#include <array>
#include <optional>
#include <string_view>

namespace dimerlab::render {

enum class PaletteKind { colour_blind_safe, classic };

namespace palette {

using Rgb = std::array<float, 3>;

constexpr Rgb rgb8(int r, int g, int b) {
    return {float(r) / 255.f, float(g) / 255.f, float(b) / 255.f};
}

}  // namespace palette

struct Palette {
    palette::Rgb background;
    palette::Rgb edge;
    palette::Rgb monomer;
    // Dimers by horizontal even, horizontal odd, vertical even, vertical odd, and the plain colour.
    float dimer[5][3];
    // The tiles mode: dominoes by the same four classes; lozenges by their three directions (the
    // fourth entry unused), in three shades of one hue that read as the faces of cubes.
    float domino[4][3];
    float lozenge[4][3];
    // The height mode: faces on a three-stop ramp (viridis-like: purple, teal, yellow) from the
    // lowest to the highest height shown; faces at a monomer, where the height is undefined, apart
    // from every point of the ramp.
    palette::Rgb height_low, height_mid, height_high, height_defect;
    // The heat-map modes ramp each vertex from this (0) to the monomer colour (1) (points.frag).
    palette::Rgb heat_low;
};

namespace palette {

// Plain mode is orange dimers and blue monomers in both: that pair is told apart by every kind
// of colour vision. The four classes are vermilion, yellow, sky blue and a dark aubergine (after
// Okabe and Ito's set, with the dark one for lightness), where the classic red and green merge
// for deuteranopes; height defects are black, where the classic grey sat on the teal of the ramp.
inline constexpr Palette kColourBlindSafe{
    .background = {1.0f, 1.0f, 1.0f},
    .edge = {0.75f, 0.75f, 0.75f},
    .monomer = rgb8(40, 90, 200),
    .dimer = {{213 / 255.f, 94 / 255.f, 0},
              {240 / 255.f, 228 / 255.f, 66 / 255.f},
              {86 / 255.f, 180 / 255.f, 233 / 255.f},
              {40 / 255.f, 20 / 255.f, 60 / 255.f},
              {230 / 255.f, 120 / 255.f, 20 / 255.f}},
    .domino = {{213 / 255.f, 94 / 255.f, 0},
               {240 / 255.f, 228 / 255.f, 66 / 255.f},
               {86 / 255.f, 180 / 255.f, 233 / 255.f},
               {40 / 255.f, 20 / 255.f, 60 / 255.f}},
    .lozenge = {{250 / 255.f, 225 / 255.f, 160 / 255.f},
                {205 / 255.f, 130 / 255.f, 60 / 255.f},
                {110 / 255.f, 60 / 255.f, 40 / 255.f},
                {0, 0, 0}},
    .height_low = rgb8(68, 1, 84),
    .height_mid = rgb8(33, 145, 140),
    .height_high = rgb8(253, 231, 37),
    .height_defect = rgb8(0, 0, 0),
    .heat_low = {1.0f, 1.0f, 1.0f},
};

// The colours of the first versions: the four classic arctic-circle domino colours (red, yellow,
// light blue, green) and a grey for height defects.
inline constexpr Palette kClassic{
    .background = {1.0f, 1.0f, 1.0f},
    .edge = {0.75f, 0.75f, 0.75f},
    .monomer = rgb8(40, 90, 200),
    .dimer = {{230 / 255.f, 120 / 255.f, 20 / 255.f},
              {235 / 255.f, 200 / 255.f, 40 / 255.f},
              {40 / 255.f, 160 / 255.f, 80 / 255.f},
              {160 / 255.f, 60 / 255.f, 170 / 255.f},
              {230 / 255.f, 120 / 255.f, 20 / 255.f}},
    .domino = {{215 / 255.f, 48 / 255.f, 39 / 255.f},
               {252 / 255.f, 210 / 255.f, 60 / 255.f},
               {110 / 255.f, 185 / 255.f, 235 / 255.f},
               {60 / 255.f, 170 / 255.f, 90 / 255.f}},
    .lozenge = {{250 / 255.f, 225 / 255.f, 160 / 255.f},
                {205 / 255.f, 130 / 255.f, 60 / 255.f},
                {110 / 255.f, 60 / 255.f, 40 / 255.f},
                {0, 0, 0}},
    .height_low = rgb8(68, 1, 84),
    .height_mid = rgb8(33, 145, 140),
    .height_high = rgb8(253, 231, 37),
    .height_defect = rgb8(150, 150, 150),
    .heat_low = {1.0f, 1.0f, 1.0f},
};

}  // namespace palette

const Palette& palette_of(PaletteKind kind);
// "colour-blind-safe" and "classic": the names the CLI, the settings and the menu use.
std::string_view palette_name(PaletteKind kind);
std::optional<PaletteKind> parse_palette_name(std::string_view name);
// What the View menu shows: "Colour-blind safe (default)", "Classic".
std::string_view palette_label(PaletteKind kind);
inline constexpr PaletteKind kPaletteKinds[] = {PaletteKind::colour_blind_safe, PaletteKind::classic};

}  // namespace dimerlab::render
