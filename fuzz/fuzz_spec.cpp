// Spec parser and builder: any text must give a graph or an InputError, within a small memory cap.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "graph/graph_spec.hpp"
#include "util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const dimerlab::GraphSpec spec = dimerlab::parse_graph_spec(text);
        // The canonical form must parse back to itself.
        const std::string canonical = spec.canonical();
        if (dimerlab::parse_graph_spec(canonical).canonical() != canonical) __builtin_trap();
        // Files are the readers' targets; here they would only read whatever the disk holds.
        if (spec.family == "file") return 0;
        const dimerlab::Graph g =
            dimerlab::build_graph(spec, {.with_layout = false, .max_bytes = std::uint64_t(16) << 20});
        if (g.spec() != canonical) __builtin_trap();
    } catch (const dimerlab::InputError&) {
    }
    return 0;
}
