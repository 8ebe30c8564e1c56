// region reader: any bytes must give a simple graph with a drawing, or an InputError.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "graph/readers/region_reader.hpp"
#include "util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const dimerlab::Graph g = dimerlab::read_region(in, "fuzz", std::uint64_t(16) << 20);
        if (g.num_vertices() == 0 || g.layout().size() != g.num_vertices()) __builtin_trap();
        for (const dimerlab::Edge& e : g.edges()) {
            if (e.u >= e.v || e.v >= g.num_vertices()) __builtin_trap();
        }
    } catch (const dimerlab::InputError&) {
    }
    return 0;
}
