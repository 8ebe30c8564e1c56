#pragma once
// The verification assumptions that depend on the input graph (docs/verification.md §8, CH-COL),
// checked on every graph load and shown for the current graph by the Verification panel and by
// `dimerlab-cli verify --graph SPEC`: the proofs and SMT obligations hold only for graphs that
// pass them. Independent of the code that builds what they check, so a bug there shows here.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "chromatic/edge_colouring.hpp"
#include "graph/graph.hpp"

namespace dimerlab::verify {

struct RuntimeCheck {
    std::string id;          // the manifest assumption it discharges, e.g. "A-PROPER"
    std::string claims;      // the claims that rely on it, e.g. "CH-RACE, CH-SPIN"
    std::string assumption;  // one sentence
    bool ok = false;
    std::string detail;  // what was found: counts, or the first violation
};

struct GraphCheckReport {
    std::string graph;  // the spec, or "n=…, m=…" for hand-built graphs
    std::uint32_t vertices = 0, edges = 0;
    std::vector<RuntimeCheck> checks;
    double seconds = 0;
    bool all_ok() const;
};

// O(n + m) plus one edge colouring (what the chromatic backends would compute for this graph).
GraphCheckReport check_graph(const Graph& g);

nlohmann::json to_json(const GraphCheckReport& report);

// The parts of check_graph, exposed so that tests can hand them what a correct build never makes.
// A-PROPER and A-PERM of one colouring.
std::vector<RuntimeCheck> check_colouring(const Graph& g, const EdgeColouring& colouring);
// A-BOUNDS for n vertices and m edges.
RuntimeCheck check_index_bounds(std::uint64_t n, std::uint64_t m);

}  // namespace dimerlab::verify
