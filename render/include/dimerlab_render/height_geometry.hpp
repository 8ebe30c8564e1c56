#pragma once
// The `height` colour mode's picture: every face of a square-lattice or honeycomb region filled
// by Thurston's height of the matching (faces/height_function.hpp), on a ramp from the lowest to
// the highest height of that matching; faces at a monomer, where the height is not a function of
// the matching, in the defect grey. Kept free of GL like tile_geometry.
#include <memory>
#include <span>
#include <vector>

#include "dimerlab_render/scene_geometry.hpp"
#include "faces/height_function.hpp"

namespace dimerlab::render {

// The height function of the scene's graph, or null when it has none (not a lattice region with
// faces, or a torus): the mode then draws as plain.
std::unique_ptr<HeightFunction> height_function_for(const Graph& graph);

// The ramp position of a face: (h − min) / (max − min) in [0, 1] (0.5 when all are equal), or
// kDefectRampValue for a defect face.
inline constexpr float kDefectRampValue = -1.0f;
float height_ramp(const FaceHeights& heights, std::uint32_t face);

// Appends a triangle fan per face (x, y, ramp position triples) in the scene's vertex positions.
void append_height_triangles(const SceneGeometry& scene, const HeightFunction& height,
                             const FaceHeights& heights, std::vector<float>& out);

}  // namespace dimerlab::render
