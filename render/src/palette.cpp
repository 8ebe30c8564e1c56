#include "dimerlab_render/palette.hpp"

namespace dimerlab::render {

const Palette& palette_of(PaletteKind kind) {
    return kind == PaletteKind::classic ? palette::kClassic : palette::kColourBlindSafe;
}

std::string_view palette_name(PaletteKind kind) {
    return kind == PaletteKind::classic ? "classic" : "colour-blind-safe";
}

std::optional<PaletteKind> parse_palette_name(std::string_view name) {
    for (const PaletteKind k : kPaletteKinds) {
        if (palette_name(k) == name) return k;
    }
    return std::nullopt;
}

std::string_view palette_label(PaletteKind kind) {
    return kind == PaletteKind::classic ? "Classic (red, yellow, blue, green)"
                                        : "Colour-blind safe (default)";
}

}  // namespace dimerlab::render
