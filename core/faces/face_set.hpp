#pragma once
// The faces that the rotation dynamics turn (docs/algorithms.md §2.7): the unit squares of the
// square-lattice families and the hexagons of the honeycomb, read from the family the graph was
// built from rather than searched for, so a face is always a true face of the drawing.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

// All faces of one graph have the same length: 4 on square lattices, 6 on the honeycomb.
struct FaceSet {
    std::uint32_t face_size = 0;
    // Face f is vertices[f * face_size .. (f + 1) * face_size), in cyclic order along its boundary,
    // so that consecutive vertices (and the last with the first) are joined by a graph edge.
    std::vector<VertexId> vertices;

    std::uint32_t num_faces() const {
        return face_size == 0 ? 0u : static_cast<std::uint32_t>(vertices.size() / face_size);
    }
    std::span<const VertexId> face(std::uint32_t f) const {
        return {vertices.data() + std::size_t(f) * face_size, face_size};
    }
};

// The faces of a graph built from `grid`, `torus`, `aztec` (4-cycles), `hex` or `hexagon` (6-cycles), named
// by its spec(). Throws InputError for any other graph, naming the families that have faces, and
// InputError when the lattice is too small to have a face. Every face is checked against the
// graph's edges (std::logic_error on a mismatch: a builder and this file disagree).
FaceSet lattice_faces(const Graph& graph);

// Whether lattice_faces(graph) would succeed without building anything.
bool has_lattice_faces(const Graph& graph);

}  // namespace dimerlab
