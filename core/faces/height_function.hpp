#pragma once
// Thurston's height function of a matching on a simply connected region of the square lattice or
// of the honeycomb (docs/algorithms.md §2.8): an integer on every face, drawn by the `height`
// colour mode.
#include <cstdint>
#include <span>
#include <vector>

#include "faces/face_set.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

struct FaceHeights {
    // One value per face of the FaceSet, in its order.
    std::vector<std::int32_t> height;
    // Faces with a monomer at one of their corners: there the height is not a function of the
    // matching alone (see HeightFunction), so the view draws them as defects.
    std::vector<std::uint8_t> defect;
    // The height just beyond each boundary edge (an edge of only one face), in the order of
    // HeightFunction::boundary_edges(): Thurston's boundary values, the same for every perfect
    // matching of the region.
    std::vector<std::int32_t> boundary;
    std::int32_t min = 0, max = 0;  // over `height`
};

// The height of a matching M, computed on the faces. The vertices are 2-coloured (white: the
// side of vertex 0) and the faces oriented consistently; crossing an edge e from a face to its
// neighbour with the white end on the left changes the height by d·[e ∈ M] − 1, with the opposite
// sign when the white end is on the right; d is the lattice degree (4 on squares, 3 on hexagons).
// That is Thurston's convention: across a square-lattice edge ±1 off a dimer and ∓3 on one
// (+1 / −2 on the honeycomb). Around an inner vertex the changes sum to d·(dimers at v) − d, so
// for a perfect matching the height is well defined, and along the region's boundary (edges of
// one face) it is the same for every perfect matching. It is normalised so that the value beyond
// the first boundary edge is 0, which fixes the whole boundary.
//
// Monomers: around an unmatched inner vertex the height winds by ±d, so no function of the faces
// has these differences. The heights are then taken along a fixed spanning tree of the faces (a
// breadth-first search from face 0 across shared edges), which makes them a deterministic function
// of M with a seam behind each monomer, and the faces at a monomer are flagged as defects.
class HeightFunction {
  public:
    // Throws InputError unless `graph` has lattice faces (lattice_faces) that form a simply
    // connected region: every face reachable from face 0 across shared edges, and not a torus.
    explicit HeightFunction(const Graph& graph);
    HeightFunction(const Graph& graph, FaceSet faces);

    const FaceSet& faces() const { return faces_; }
    std::uint32_t lattice_degree() const { return degree_; }
    // Boundary edges as (face, a, b): the face and the edge a → b in that face's orientation.
    struct FaceEdge {
        std::uint32_t face;
        VertexId a, b;
    };
    const std::vector<FaceEdge>& boundary_edges() const { return boundary_; }

    FaceHeights heights(std::span<const VertexId> mate) const;

    // The height change crossing edge a → b out of a face oriented like it (the edge's left end,
    // seen from the face, is b), for matching `mate`.
    std::int32_t step(std::span<const VertexId> mate, VertexId a, VertexId b) const;
    // Its expectation when the edge holds a dimer with probability `occupied`: the change is
    // linear in the indicator [ab ∈ M], so d·P − 1 with the same sign. step() is this at 0 or 1.
    double expected_step(double occupied, VertexId b) const;

    // Every pair of faces sharing an edge, as (face, neighbour, a, b) with a → b in the first
    // face's orientation: what tests walk to check the local rule off the spanning tree.
    struct Crossing {
        std::uint32_t from, to;
        VertexId a, b;
    };
    const std::vector<Crossing>& crossings() const { return crossings_; }

  private:
    FaceSet faces_;
    std::uint32_t degree_ = 4;
    std::vector<std::uint8_t> white_;  // per vertex
    std::vector<Crossing> tree_;       // breadth-first order from face 0: parent → child
    std::vector<Crossing> crossings_;  // every shared edge once
    std::vector<FaceEdge> boundary_;
};

}  // namespace dimerlab
