// GraphML reader: any bytes must give a simple graph or an InputError.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "graph/readers/graphml_reader.hpp"
#include "util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const dimerlab::Graph g = dimerlab::read_graphml(in, "fuzz", std::uint64_t(16) << 20);
        for (const dimerlab::Edge& e : g.edges()) {
            if (e.u >= e.v || e.v >= g.num_vertices()) __builtin_trap();
        }
    } catch (const dimerlab::InputError&) {
    }
    return 0;
}
