#pragma once
#include <cstdint>
#include <vector>

#include "faces/face_set.hpp"

namespace dimerlab {

// A proper colouring of faces: no two faces of one class share a vertex, so the rotations of one
// class touch disjoint mate entries and may run in any order or at once.
struct FaceColouring {
    std::vector<std::uint32_t> order;        // face ids, class by class, ascending within a class
    std::vector<std::uint32_t> class_begin;  // class c is order[class_begin[c] .. class_begin[c+1])
    std::uint32_t num_classes() const { return static_cast<std::uint32_t>(class_begin.size()) - 1; }
};

// Greedy in face order (each face takes the smallest class no earlier face at one of its vertices
// has): a pure function of the face list. Square lattices get at most 5 classes in practice and
// the honeycomb at most 4; any number is correct. Validated before it is returned
// (std::logic_error if two faces of a class share a vertex).
FaceColouring colour_faces(const FaceSet& faces, std::uint32_t num_vertices);

// The precondition of a face-class launch's race freedom, checked by colour_faces and again at
// the device entry: order is a permutation of the faces, the classes span it, and no two faces of
// one class share a vertex (std::logic_error naming what is wrong otherwise).
void validate_face_colouring(const FaceSet& faces, const FaceColouring& colouring,
                             std::uint32_t num_vertices);

// One piece of a class scan: positions [begin, end) of `order` in the sweep whose first update is
// sweep_start. Every backend cuts a run into the same pieces, so the same faces rotate together.
struct FaceClassPiece {
    std::uint64_t sweep_start;
    std::uint32_t begin, end;
};

// The piece holding update t of a run that stops before update t_end (t < t_end): from t to the
// end of its class, or to t_end if that comes first. Updates of one class commute, so a run may
// stop inside a class.
FaceClassPiece face_class_piece(const FaceColouring& colouring, std::uint64_t t, std::uint64_t t_end);

}  // namespace dimerlab
