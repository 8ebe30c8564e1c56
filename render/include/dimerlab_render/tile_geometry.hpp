#pragma once
// The tiling picture of a matching: on a square-lattice drawing each dimer is the domino made of
// the two unit squares centred on its ends; on a honeycomb drawing it is the lozenge made of the
// two triangles (of the dual triangular lattice) centred on its ends, so perfect matchings of a
// hexagon show as stacked cubes. Kept free of GL like scene_geometry.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "dimerlab_render/scene_geometry.hpp"

namespace dimerlab::render {

enum class TileShape { none, domino, lozenge };

// none unless every drawn (not wrapped) edge has the unit length and the edge directions are the
// two axes (domino) or three directions 60° apart on a bipartite graph (lozenge).
TileShape tile_shape(const SceneGeometry& scene);

// Colour class of each instance's tile: dominoes take the scene's orientation × parity class
// (0..3), lozenges their direction (0..2, by angle), kOtherClass without a tiling.
std::vector<std::uint8_t> tile_classes(const SceneGeometry& scene, TileShape shape);

// Appends two triangles (six x, y, class triples) per instance whose state is 1. A wrapped
// torus edge's stubs each get the square at their own end, so the domino shows as two halves at
// the picture's opposite sides. Lozenge stubs are not drawn (the honeycomb does not wrap).
void append_tile_triangles(const SceneGeometry& scene, TileShape shape, std::span<const std::uint8_t> classes,
                           std::span<const std::uint8_t> instance_states, std::vector<float>& out);

// The tile's corners in order around it, in world units; `stub` for a wrapped edge's half.
std::array<glm::dvec2, 4> tile_corners(TileShape shape, const EdgeInstance& segment, bool stub, double unit);

}  // namespace dimerlab::render
