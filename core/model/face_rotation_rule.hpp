#pragma once
// Face rotations (docs/algorithms.md §2.7), shared by every backend that runs them: the heat-bath
// rotation of one face, and the one update of the `rotation` and `glauber+rotation` chains as a
// function of its tape words.
#include <cstdint>

#include "bodies/face_rotation_body.h"
#include "graph/graph.hpp"
#include "model/coin_thresholds.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/matching_constants.hpp"
#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

// The heat-bath rotation of the face c[0..k-1] with the coin `phase_a`: the C body
// bodies/face_rotation_body.h (claim FR-WP), which says what the two phases are. Touches
// mate[c[i]] only; |M| never changes. Returns whether the matching changed. (In the access hooks'
// inline namespace, as every inline caller of a body is: bodies/access_hooks.h.)
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline bool face_rotation_update(std::uint32_t* mate, const std::uint32_t* c, std::uint32_t k,
                                             bool phase_a) {
    return dl_face_rotation_update(mate, c, k, phase_a ? 1 : 0) != 0;
}
}  // namespace DL_CXX_VARIANT

// The coin of a rotation: phase A iff w2 < threshold, the face's entry of a FaceCoinThresholds
// table (faces/face_coin_thresholds.hpp). The default 2^31 is the unweighted fair coin, the top bit
// of w2.
DIMERLAB_HD inline bool tape_face_phase_a(const TapeWords& w, std::uint64_t threshold = 0x80000000u) {
    return w.w2 < threshold;
}

// In glauber+rotation, update t is a face rotation iff w3 < 2^31 (probability exactly 1/2) and a
// single-edge heat-bath update otherwise; w0, w1 pick the face or the edge as tape_edge does.
DIMERLAB_HD inline bool tape_chooses_rotation(const TapeWords& w) {
    return w.w3 < 0x80000000u;
}

// What one update of the face chains reads: the graph's edges (for the Glauber half) and its faces.
struct FaceChainView {
    const Edge* edges;
    std::uint32_t num_edges;
    const std::uint32_t* face_vertices;  // face f at face_vertices[f * face_size]
    std::uint32_t num_faces;
    std::uint32_t face_size;
    bool with_glauber;  // false: `rotation` (every update rotates); true: `glauber+rotation`
    // Per face, the phase-A threshold of its coin; the fair coin on an unweighted graph.
    CoinThresholds face_coins{std::uint64_t{0x80000000u}};
};

// Update with tape words w: a rotation of face f = tape_edge(w, F) with coin
// tape_face_phase_a(w, view.face_coins(f)), or (glauber+rotation, when the tape says so)
// heat_bath_update of edge e = tape_edge(w, m) with the coin w2 < thresholds(e). Returns the change in dimer
// count. (In the access hooks' inline namespace, as every inline caller of a body is: bodies/access_hooks.h.)
inline namespace DL_CXX_VARIANT {
DIMERLAB_HD inline int face_chain_update(std::uint32_t* mate, const FaceChainView& view, const TapeWords& w,
                                         const CoinThresholds& thresholds) {
    if (view.with_glauber && !tape_chooses_rotation(w)) {
        const std::uint32_t id = tape_edge(w, view.num_edges);
        const Edge e = view.edges[id];
        return heat_bath_update(mate, e.u, e.v, tape_coin_occupied(w, thresholds(id)));
    }
    const std::uint32_t f = tape_edge(w, view.num_faces);
    face_rotation_update(mate, view.face_vertices + std::size_t(f) * view.face_size, view.face_size,
                         tape_face_phase_a(w, view.face_coins(f)));
    return 0;
}
}  // namespace DL_CXX_VARIANT

}  // namespace dimerlab
