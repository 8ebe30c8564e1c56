// graph6/sparse6 reader: any bytes must give a simple graph or an InputError, and a graph read
// must come back unchanged through write_graph6.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "graph/readers/graph6_reader.hpp"
#include "util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const dimerlab::Graph g = dimerlab::read_graph6(in, "fuzz", std::uint64_t(16) << 20);
        for (const dimerlab::Edge& e : g.edges()) {
            if (e.u >= e.v || e.v >= g.num_vertices()) __builtin_trap();
        }
        // graph6 is dense (n²/12 bytes): the round trip only where that stays small.
        if (g.num_vertices() <= 2000) {
            std::istringstream again(dimerlab::write_graph6(g));
            const dimerlab::Graph back = dimerlab::read_graph6(again, "again");
            if (back.num_vertices() != g.num_vertices() || back.num_edges() != g.num_edges())
                __builtin_trap();
            for (const dimerlab::Edge& e : g.edges()) {
                if (!back.find_edge(e.u, e.v)) __builtin_trap();
            }
        }
    } catch (const dimerlab::InputError&) {
    }
    return 0;
}
