#include "graph/readers/edge_list_reader.hpp"

#include <algorithm>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"

namespace dimerlab {

Graph read_edge_list(std::istream& in, const std::string& name, std::uint64_t max_bytes) {
    using namespace readers;
    LineSource source(in, name);
    EdgeCollector edges(source, 0);
    std::uint64_t n = 0;
    while (source.next()) {
        const std::vector<std::string_view> fields = split_fields(source.line());
        if (fields.empty() || fields[0].front() == '#' || fields[0].front() == '%') continue;
        std::uint64_t id[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
            const auto value = k < static_cast<int>(fields.size()) ? parse_whole(fields[k]) : std::nullopt;
            if (!value) source.fail("expected two vertex ids, got " + quoted(source.line()));
            // Ids are 0-based, so the largest allowed id leaves room for n = id + 1 vertices.
            if (*value >= kMaxVertices) {
                source.fail("vertex id " + std::to_string(*value) + " is too large (at most " +
                            std::to_string(kMaxVertices - 1) + ")");
            }
            id[k] = *value;
        }
        for (std::size_t k = 2; k < fields.size(); ++k) {
            if (!is_number(fields[k])) {
                source.fail("expected two vertex ids and optional numeric columns, got " +
                            quoted(source.line()));
            }
        }
        edges.add(static_cast<VertexId>(id[0]), static_cast<VertexId>(id[1]));
        n = std::max(n, std::max(id[0], id[1]) + 1);
    }
    if (edges.size() == 0) source.fail_file("no edges found; expected lines of two 0-based vertex ids");
    return edges.build(n, Mirrors::repeat, max_bytes);
}

}  // namespace dimerlab
