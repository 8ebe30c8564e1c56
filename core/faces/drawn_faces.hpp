#pragma once
// The faces of a planar straight-line drawing, traced from the drawing itself: around each vertex
// the edges are ordered by angle, and walking along an edge and turning to the next edge clockwise
// at each vertex goes once around a face. Used for families whose numbering is not a simple
// row-major lattice (the hexagon region), and by Kasteleyn's count on any drawn planar graph.
#include <cstdint>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

// One closed boundary walk: vertices[i] → vertices[i+1] (cyclically) along edges[i].
struct FaceWalk {
    std::vector<VertexId> vertices;
    std::vector<EdgeId> edges;
    double signed_area = 0;  // shoelace over the walk: negative for the outer face of a component
};

// Every boundary walk of the rotation system the drawing defines, each directed edge in exactly
// one walk (isolated vertices have none). When the drawing has no crossings, these are the faces
// of the plane graph; a drawing with crossings still gives a rotation system, whose walks then
// fail Euler's formula V − E + F = 1 + C. InputError without a layout.
std::vector<FaceWalk> trace_drawing_faces(const Graph& graph);

// Every face of exactly `size` distinct vertices, each in cyclic order along its boundary, each
// face once (a region whose outer boundary is itself such a cycle still yields one face). The
// graph must have a layout with no two edges crossing; InputError without a layout.
std::vector<std::vector<VertexId>> faces_of_drawing(const Graph& graph, std::uint32_t size);

}  // namespace dimerlab
