#pragma once
// Exact perfect matchings (domino and lozenge tilings), uniform or ∝ Π_{e∈M} w_e on a weighted
// graph, by coupling from the past (Propp–Wilson) with the monotone coupling of height functions
// (docs/algorithms.md §2.7).
#include <cstdint>
#include <string>

#include "faces/face_set.hpp"
#include "graph/graph.hpp"
#include "model/matching.hpp"
#include "model/update_tape.hpp"

namespace dimerlab {

struct CftpResult {
    MateArray matching;                     // a perfect matching, exactly uniform (∝ Π w_e when weighted)
    std::uint64_t coalescence_updates = 0;  // T: the chain from -T to 0 coalesced (T a power of 2 times F)
    std::uint32_t faces = 0;                // F: updates per sweep
};

// The perfect matchings of a simply connected region (`grid`, `aztec`, `hex`, `hexagon` specs and
// `region` files without holes; not `torus`) form a distributive lattice under the height order, with a
// rotation at a face raising or lowering the height there by 4. Update k of the coupled chain (run at time
// −k) reads tape_words(seed, k − 1): face f = tape_edge(w, F), and "raise" iff w2 < the threshold of f's
// higher phase (2^31 unweighted; faces/face_coin_thresholds.hpp); applied to the highest
// and lowest matchings from time −T, T = F, 2F, 4F, ... (the same words reused), it returns the common state
// at time 0 once they meet. Throws InputError for other graphs, InfeasibleError when the graph has no perfect
// matching (naming the maximum matching size) or when T would pass max_sweeps sweeps (naming the cap).
// `stream` other than the update tape: the exact start state (sampling/start_state.hpp).
CftpResult sample_cftp(const Graph& graph, std::uint64_t seed, std::uint64_t max_sweeps,
                       TapeStream stream = TapeStream::updates);

// Whether sample_cftp accepts the graph's family (its spec names a simply connected region; a
// region file is checked for holes).
bool cftp_supports(const Graph& graph);
// Why it does not, in words (a hole in a region file, or a family without a height function).
std::string cftp_refusal(const Graph& graph);

// The lowest (raise = false) or highest perfect matching: faces lowered (raised) until none can be.
// Exposed for tests: from every perfect matching the descent must end in the same matching.
MateArray extreme_perfect_matching(const Graph& graph, const FaceSet& faces, MateArray start, bool raise);

}  // namespace dimerlab
