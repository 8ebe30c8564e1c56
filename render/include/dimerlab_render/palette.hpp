#pragma once
// The colours the scene is drawn in (0..1 RGB), in one place: the renderer hands them to the
// shaders and the colour legend paints its swatches from them, so the legend cannot drift from
// the picture. The pixel tests look for the orange and the blue.
#include <array>

namespace dimerlab::render::palette {

using Rgb = std::array<float, 3>;

inline constexpr Rgb kBackground{1.0f, 1.0f, 1.0f};
inline constexpr Rgb kEdge{0.75f, 0.75f, 0.75f};
inline constexpr Rgb kMonomer{40 / 255.f, 90 / 255.f, 200 / 255.f};
// Horizontal even, horizontal odd, vertical even, vertical odd, and the plain orange.
inline constexpr float kDimerColours[5][3] = {{230 / 255.f, 120 / 255.f, 20 / 255.f},
                                              {235 / 255.f, 200 / 255.f, 40 / 255.f},
                                              {40 / 255.f, 160 / 255.f, 80 / 255.f},
                                              {160 / 255.f, 60 / 255.f, 170 / 255.f},
                                              {230 / 255.f, 120 / 255.f, 20 / 255.f}};
// The tiles mode: dominoes in the four classic arctic-circle colours (horizontal even/odd,
// vertical even/odd; a light blue, so that monomers stay apart at finite λ); lozenges in three
// shades of one hue, which read as the faces of cubes.
inline constexpr float kDominoColours[4][3] = {{215 / 255.f, 48 / 255.f, 39 / 255.f},
                                               {252 / 255.f, 210 / 255.f, 60 / 255.f},
                                               {110 / 255.f, 185 / 255.f, 235 / 255.f},
                                               {60 / 255.f, 170 / 255.f, 90 / 255.f}};
inline constexpr float kLozengeColours[4][3] = {{250 / 255.f, 225 / 255.f, 160 / 255.f},
                                                {205 / 255.f, 130 / 255.f, 60 / 255.f},
                                                {110 / 255.f, 60 / 255.f, 40 / 255.f},
                                                {0, 0, 0}};
// The height mode: faces on a three-stop ramp (viridis-like: purple, teal, yellow) from the lowest
// to the highest height of the matching shown, bright and far from grey at every point; faces at
// a monomer, where the height is undefined, in grey.
inline constexpr Rgb kHeightLow{68 / 255.f, 1 / 255.f, 84 / 255.f};
inline constexpr Rgb kHeightMid{33 / 255.f, 145 / 255.f, 140 / 255.f};
inline constexpr Rgb kHeightHigh{253 / 255.f, 231 / 255.f, 37 / 255.f};
inline constexpr Rgb kHeightDefect{150 / 255.f, 150 / 255.f, 150 / 255.f};
// The heat-map modes ramp each vertex from white (0) to the monomer colour (1) (points.frag).
inline constexpr Rgb kHeatLow{1.0f, 1.0f, 1.0f};

}  // namespace dimerlab::render::palette
