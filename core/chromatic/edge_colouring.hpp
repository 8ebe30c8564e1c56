#pragma once
// Proper edge colourings for the chromatic sampler (docs/algorithms.md §2.3): E = C_0 ∪ … ∪ C_{k-1},
// each class a matching, so the heat-bath updates of one class commute and can run at once.
#include <cstdint>
#include <string_view>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab {

enum class ColouringMethod {
    lattice,      // closed form: grid, or torus with even sides: 4 classes (axis × parity)
    complete,     // closed form: round-robin tournament, Δ colours for even n, Δ+1 for odd n
    misra_gries,  // Vizing's bound by fans and cd-paths: at most Δ+1 colours
    greedy,       // first free colour per edge: at most 2Δ-1 colours
};

std::string_view colouring_method_name(ColouringMethod method);  // "lattice", "misra-gries", ...

// Edge ids grouped by class: class c is order[offsets[c], offsets[c+1]), ascending edge ids
// within a class (memory locality; any order would do since a class's updates commute).
struct EdgeColouring {
    ColouringMethod method = ColouringMethod::greedy;
    std::vector<std::uint32_t> order;
    std::vector<std::uint32_t> offsets{0};

    std::uint32_t num_colours() const { return static_cast<std::uint32_t>(offsets.size() - 1); }
    // The number of colours `method` guarantees on `g` (what tests hold it to).
    std::uint32_t bound(const Graph& g) const;
};

// Which algorithm to use; automatic picks a closed form when the graph's spec names a family that
// has one and the structure checks out, Misra–Gries while its tables stay small, greedy beyond.
enum class ColouringChoice { automatic, misra_gries, greedy };

// Colours every edge of g and validates the result (validate_colouring), so a returned colouring
// is always proper.
EdgeColouring colour_edges(const Graph& g, ColouringChoice choice = ColouringChoice::automatic);

// Groups a per-edge colour array (colours in [0, k), unused colours dropped) into an EdgeColouring.
EdgeColouring colouring_from_colours(const std::vector<std::uint32_t>& colour, ColouringMethod method);

// Throws std::logic_error naming the first violation when `order` is not a permutation of the
// edges, the offsets do not partition it, a class is empty, or two edges of one class share an
// endpoint. A violation is our bug, never the user's input. O(n + m).
void validate_colouring(const Graph& g, const EdgeColouring& colouring);

// The per-algorithm colourers (one file each). Each returns one colour per edge.
namespace colouring_detail {
// Empty when g's spec is not a grid / even torus / complete graph or g does not match it.
std::vector<std::uint32_t> closed_form_colours(const Graph& g, ColouringMethod& method);
std::vector<std::uint32_t> misra_gries_colours(const Graph& g);
std::vector<std::uint32_t> greedy_colours(const Graph& g);
}  // namespace colouring_detail

}  // namespace dimerlab
