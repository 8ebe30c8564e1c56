#pragma once
// The bounded faces of a planar straight-line drawing, traced from the drawing itself: around each
// vertex the edges are ordered by angle, and walking along an edge and turning to the next edge
// clockwise at each vertex goes once around a face. Used for families whose numbering is not a
// simple row-major lattice (the hexagon region) but whose layout is exact.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

// Every face of exactly `size` distinct vertices, each in cyclic order along its boundary, each
// face once (a region whose outer boundary is itself such a cycle still yields one face). The
// graph must have a layout with no two edges crossing; InputError without a layout.
std::vector<std::vector<VertexId>> faces_of_drawing(const Graph& graph, std::uint32_t size);

}  // namespace dimerlab
