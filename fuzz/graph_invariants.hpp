#pragma once
// What every graph a reader accepts must satisfy, for the reader fuzzers: edges stored u < v
// inside the vertex range and, when weighted, one positive finite weight per edge.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "graph/graph.hpp"
#include "util/errors.hpp"

namespace dimerlab::fuzz {

inline void check_graph(const Graph& g) {
    for (const Edge& e : g.edges()) {
        if (e.u >= e.v || e.v >= g.num_vertices()) __builtin_trap();
    }
    if (!g.weighted()) return;
    if (g.weights().num_edges() != g.num_edges()) __builtin_trap();
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const double w = g.weight(e);
        if (!(w > 0) || !std::isfinite(w) || g.weights().exact(e).empty()) __builtin_trap();
    }
}

// read(in, weighted) on the input twice, without and with weights: each must give a graph that
// check_graph accepts, or an InputError.
template <class Read>
void read_both_ways(const std::uint8_t* data, std::size_t size, Read read) {
    for (const bool weighted : {false, true}) {
        std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
        try {
            check_graph(read(in, weighted));
        } catch (const InputError&) {
        }
    }
}

}  // namespace dimerlab::fuzz
