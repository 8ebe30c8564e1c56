#include "faces/height_cftp.hpp"

#include <string>
#include <vector>

#include "faces/face_coin_thresholds.hpp"
#include "graph/graph_spec.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/update_tape.hpp"
#include "sampling/start_state.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

// Which phase of each face is the higher one. All faces of one graph are listed with the same
// orientation (counter-clockwise on the lattices of faces/face_set.cpp, one turning sense for the
// faces traced from a drawing); the rotation from phase B to phase A raises the height at the face iff
// that corner c0 is on side 0 of the bipartition, so "A is high" iff side(c0) == 0. Only the
// consistency matters for monotonicity (tests check the descent ends in one matching).
std::vector<char> high_is_a(const Graph& g, const FaceSet& faces) {
    std::vector<int> side(g.num_vertices(), -1);
    std::vector<VertexId> stack;
    for (VertexId s = 0; s < g.num_vertices(); ++s) {
        if (side[s] >= 0) continue;
        side[s] = 0;
        stack.push_back(s);
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            for (VertexId w : g.neighbors(v)) {
                if (side[w] < 0) {
                    side[w] = 1 - side[v];
                    stack.push_back(w);
                }
            }
        }
    }
    std::vector<char> out(faces.num_faces());
    for (std::uint32_t f = 0; f < faces.num_faces(); ++f) out[f] = side[faces.face(f)[0]] == 0;
    return out;
}

bool rotate(MateArray& m, const FaceSet& faces, const std::vector<char>& a_high, std::uint32_t f,
            bool raise) {
    return face_rotation_update(m.data(), faces.vertices.data() + std::size_t(f) * faces.face_size,
                                faces.face_size, raise == bool(a_high[f]));
}

}  // namespace

MateArray extreme_perfect_matching(const Graph& graph, const FaceSet& faces, MateArray m, bool raise) {
    const std::vector<char> a_high = high_is_a(graph, faces);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::uint32_t f = 0; f < faces.num_faces(); ++f) changed |= rotate(m, faces, a_high, f, raise);
    }
    return m;
}

bool region_is_simply_connected(const Graph& graph) {
    // A plane graph has E − V + C bounded faces; every one is a lattice face exactly when no
    // hole is enclosed (a hole's face is a longer cycle around it).
    std::vector<char> seen(graph.num_vertices(), 0);
    std::int64_t components = 0;
    std::vector<VertexId> stack;
    for (VertexId s = 0; s < graph.num_vertices(); ++s) {
        if (seen[s]) continue;
        ++components;
        seen[s] = 1;
        stack.push_back(s);
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            for (VertexId w : graph.neighbors(v))
                if (!seen[w]) {
                    seen[w] = 1;
                    stack.push_back(w);
                }
        }
    }
    const std::int64_t bounded =
        std::int64_t(graph.num_edges()) - std::int64_t(graph.num_vertices()) + components;
    try {
        return bounded == std::int64_t(lattice_faces(graph).num_faces());
    } catch (const InputError&) {
        return false;  // no face at all
    }
}

std::string cftp_refusal(const Graph& graph) {
    const std::string name = graph.spec().empty() ? std::string("(hand-built graph)") : graph.spec();
    if (name.starts_with("region:"))
        return "cftp needs a simply connected region, and '" + name +
               "' has a hole (its height function is not single-valued); --dynamics rotation samples it, "
               "though "
               "not exactly";
    return "cftp samples perfect matchings of simply connected square or hexagonal regions (grid, aztec, "
           "hex, "
           "hexagon, region), not '" +
           name + "'";
}

bool cftp_supports(const Graph& graph) {
    if (graph.spec().empty()) return false;
    try {
        const std::string family = parse_graph_spec(graph.spec()).family;
        if (family == "region") return region_is_simply_connected(graph);
        return family == "grid" || family == "aztec" || family == "hex" || family == "hexagon";
    } catch (const InputError&) {
        return false;
    }
}

CftpResult sample_cftp(const Graph& graph, std::uint64_t seed, std::uint64_t max_sweeps, TapeStream stream) {
    if (!cftp_supports(graph)) {
        throw InputError(cftp_refusal(graph));
    }
    const FaceSet faces = lattice_faces(graph);
    const MateArray start = make_start_state(graph, StartKind::maximum, seed);
    const std::uint32_t size = count_dimers(start);
    if (2 * size != graph.num_vertices()) {
        throw InfeasibleError("graph '" + graph.spec() + "' has no perfect matching (maximum matching size " +
                              std::to_string(size) + " of " + std::to_string(graph.num_vertices()) +
                              " vertices); cftp samples perfect matchings");
    }
    const std::vector<char> a_high = high_is_a(graph, faces);
    // Each face's coin names its higher phase, with probability W_high / (W_A + W_B) (1/2 when
    // unweighted): the same coin moves both chains the same way, so the coupling stays monotone
    // under any edge weights.
    const FaceCoinThresholds raise_coins(graph, faces, a_high);
    const MateArray top0 = extreme_perfect_matching(graph, faces, start, true);
    const MateArray bottom0 = extreme_perfect_matching(graph, faces, start, false);
    const std::uint64_t f_count = faces.num_faces();
    for (std::uint64_t sweeps = 1;; sweeps *= 2) {
        if (sweeps > max_sweeps) {
            throw InfeasibleError("cftp did not coalesce within --max-sweeps " + std::to_string(max_sweeps) +
                                  " sweeps of " + std::to_string(f_count) + " face updates; raise the cap");
        }
        const std::uint64_t t = sweeps * f_count;
        MateArray top = top0, bottom = bottom0;
        for (std::uint64_t k = t; k >= 1; --k) {
            const TapeWords w = tape_words(seed, k - 1, stream);
            const std::uint32_t f = tape_edge(w, faces.num_faces());
            const bool raise = tape_face_phase_a(w, raise_coins(f));
            rotate(top, faces, a_high, f, raise);
            rotate(bottom, faces, a_high, f, raise);
        }
        if (top == bottom) return {std::move(bottom), t, faces.num_faces()};
    }
}

}  // namespace dimerlab
