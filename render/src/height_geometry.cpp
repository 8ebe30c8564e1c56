#include "dimerlab_render/height_geometry.hpp"

#include "faces/face_set.hpp"
#include "util/errors.hpp"

namespace dimerlab::render {

std::unique_ptr<HeightFunction> height_function_for(const Graph& graph) {
    if (!has_lattice_faces(graph)) return nullptr;
    try {
        return std::make_unique<HeightFunction>(graph);
    } catch (const InputError&) {
        return nullptr;  // a torus, or a lattice too small to have a face
    }
}

float height_ramp(const FaceHeights& heights, std::uint32_t face) {
    if (heights.defect[face]) return kDefectRampValue;
    if (heights.max == heights.min) return 0.5f;
    return float(heights.height[face] - heights.min) / float(heights.max - heights.min);
}

void append_height_triangles(const SceneGeometry& scene, const HeightFunction& height,
                             const FaceHeights& heights, std::vector<float>& out) {
    const FaceSet& faces = height.faces();
    const auto& xy = scene.vertex_xy();
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) {
        const auto c = faces.face(f);
        const float value = height_ramp(heights, f);
        // Faces are convex (squares and hexagons), so a fan from the first corner covers each.
        for (std::uint32_t i = 1; i + 1 < c.size(); ++i) {
            for (VertexId v : {c[0], c[i], c[i + 1]}) {
                out.push_back(xy[2 * std::size_t(v)]);
                out.push_back(xy[2 * std::size_t(v) + 1]);
                out.push_back(value);
            }
        }
    }
}

}  // namespace dimerlab::render
