#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/exact_weight.hpp"
#include "graph/families/periodic_weights.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// A parsed graph spec `family:params` (docs/architecture.md §6.1). Parsing checks syntax, names and
// value ranges; building checks the memory the graph needs.
struct GraphSpec {
    std::string family;               // "grid", "torus", ..., "file"
    std::vector<std::uint64_t> dims;  // sizes in order: grid W,H; regular n,d; gnm n,m; ...
    double probability = 0;           // gnp only
    std::uint64_t seed = 1;           // random families; `seed=` keyword, default 1
    std::string path;                 // file only
    bool relabel = false;             // file only: `,relabel` (edge lists)
    bool one_based = false;           // file only: `,one-based` (edge lists)
    bool weighted = false;            // file only: `,weighted` (edge lists, Matrix Market, GraphML)
    // aztec only: `,a=A,b=B`, the two-periodic weights (graph/families/aztec_cells.hpp); either
    // may be left out and is then 1.
    struct TwoPeriodic {
        ExactWeight a{"1", 1.0};
        ExactWeight b{"1", 1.0};
    };
    std::optional<TwoPeriodic> two_periodic;
    // hexagon only: `,q=Q`, tilings weighted by q^volume (graph/families/families.hpp).
    std::optional<ExactWeight> q;
    // grid, torus and hex only: `,h=T,v=T`, periodic weights of the horizontal and the vertical
    // edges (graph/families/periodic_weights.hpp); a table left out is 1 everywhere.
    std::optional<PeriodicWeights> periodic;
    // e.g. "grid:64x64", "regular:2000,3,seed=7", "file:g.txt,relabel,weighted"
    std::string canonical() const;
};

// Throws InputError with a one-line message naming the spec and what was expected.
GraphSpec parse_graph_spec(std::string_view text);

struct BuildOptions {
    bool with_layout = true;      // random and file graphs need an igraph layout: skip it when unused
    std::uint64_t max_bytes = 0;  // 0: this machine's physical memory
};

// Builds the graph with its layout and (for lattices) edge axes. Throws InputError for sizes that
// would not fit in memory (saying how much would be needed) and for file errors; what a file
// reader accepted but changed comes back in the graph's notices().
Graph build_graph(const GraphSpec& spec, const BuildOptions& options = {});

// parse + build.
Graph make_graph(std::string_view spec_text, const BuildOptions& options = {});

// Bytes a graph with n vertices and m edges takes in memory, with layout.
std::uint64_t graph_memory_bytes(std::uint64_t n, std::uint64_t m);

}  // namespace dimerlab
