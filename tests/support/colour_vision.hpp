#pragma once
// Colour science for the palette tests: how a colour looks to a dichromat (Machado, Oliveira and
// Fernandes 2009, severity 1, applied to linear sRGB) and how far apart two colours look
// (CIEDE2000, Sharma, Wu and Dalal 2005, in CIELAB under D65).
#include <array>

namespace dimerlab::testing {

enum class ColourVision { normal, protanopia, deuteranopia, tritanopia };
inline constexpr ColourVision kColourVisions[] = {ColourVision::normal, ColourVision::protanopia,
                                                  ColourVision::deuteranopia, ColourVision::tritanopia};
const char* colour_vision_name(ColourVision v);

using Lab = std::array<double, 3>;
using Srgb = std::array<double, 3>;  // gamma-encoded, 0..1

// The CIELAB coordinates of what a viewer with colour vision `v` sees for the sRGB colour `c`.
Lab seen_as(ColourVision v, const Srgb& c);

// CIEDE2000 colour difference (k_L = k_C = k_H = 1).
double ciede2000(const Lab& a, const Lab& b);

}  // namespace dimerlab::testing
