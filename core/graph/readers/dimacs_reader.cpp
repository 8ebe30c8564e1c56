#include "graph/readers/dimacs_reader.hpp"

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"

namespace dimerlab {

Graph read_dimacs(std::istream& in, const std::string& name, std::uint64_t max_bytes) {
    using namespace readers;
    LineSource source(in, name);
    EdgeCollector edges(source, 1);
    std::uint64_t p_line = 0, n = 0, m = 0;
    while (source.next()) {
        const std::vector<std::string_view> fields = split_fields(source.line());
        if (fields.empty() || fields[0].front() == 'c') continue;
        if (fields[0] == "p") {
            if (p_line != 0) source.fail("second 'p' line; the first is line " + std::to_string(p_line));
            std::optional<std::uint64_t> nv, ne;
            if (fields.size() == 4 && (fields[1] == "edge" || fields[1] == "col")) {
                nv = parse_whole(fields[2]);
                ne = parse_whole(fields[3]);
            }
            if (!nv || !ne) source.fail("expected 'p edge N M' or 'p col N M', got " + quoted(source.line()));
            if (*nv == 0) source.fail("the graph has no vertices; expected N >= 1");
            check_graph_size(name, static_cast<long double>(*nv), static_cast<long double>(*ne), max_bytes);
            p_line = source.number();
            n = *nv;
            m = *ne;
        } else if (fields[0] == "e") {
            if (p_line == 0) source.fail("edge before the 'p edge N M' line");
            std::optional<std::uint64_t> u, v;
            if (fields.size() == 3) {
                u = parse_whole(fields[1]);
                v = parse_whole(fields[2]);
            }
            if (!u || !v) source.fail("expected 'e u v' with two vertex ids, got " + quoted(source.line()));
            for (const std::uint64_t id : {*u, *v}) {
                if (id < 1 || id > n) {
                    source.fail("vertex " + std::to_string(id) + " is out of range 1.." + std::to_string(n));
                }
            }
            if (edges.size() >= m) {
                source.fail("more edges than the " + std::to_string(m) + " announced on line " +
                            std::to_string(p_line));
            }
            edges.add(static_cast<VertexId>(*u - 1), static_cast<VertexId>(*v - 1));
        } else {
            source.fail("expected a 'c', 'p' or 'e' line, got " + quoted(source.line()));
        }
    }
    if (p_line == 0) source.fail_file("no 'p edge N M' line");
    if (edges.size() != m) {
        source.fail_file("line " + std::to_string(p_line) + " announces " + std::to_string(m) +
                         " edges, found " + std::to_string(edges.size()));
    }
    return edges.build(n, Mirrors::repeat, max_bytes);
}

}  // namespace dimerlab
