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
            edges.add(static_cast<VertexId>(*u - 1), static_cast<VertexId>(*v - 1));
        } else {
            source.fail("expected a 'c', 'p' or 'e' line, got " + quoted(source.line()));
        }
    }
    if (p_line == 0) source.fail_file("no 'p edge N M' line");
    const std::uint64_t lines = edges.size();
    Graph g = edges.build(n, Mirrors::merge_drop_repeats, max_bytes);
    // Writers disagree on what M counts: the 'e' lines, or the edges once each when every edge
    // is listed in both directions. Either is accepted; anything else suggests a cut-off file.
    if (m != lines && m != g.num_edges()) {
        const std::string found = lines == g.num_edges()
                                      ? std::to_string(lines)
                                      : count_of(lines, "edge line", "edge lines") + " and " +
                                            count_of(g.num_edges(), "distinct edge", "distinct edges");
        source.fail_file("line " + std::to_string(p_line) + " announces " + std::to_string(m) +
                         " edges, found " + found);
    }
    const CollectStats& stats = edges.stats();
    if (stats.dropped_repeats > 0) {
        const bool one = stats.dropped_repeats == 1;
        g.set_notices({name + ": dropped " +
                       count_of(stats.dropped_repeats, "repeated edge line", "repeated edge lines") +
                       (one ? " (line " : " (the first, line ") + std::to_string(stats.first_repeat_line) +
                       (one ? " repeats line " : ", repeats line ") +
                       std::to_string(stats.first_repeat_original) + ")"});
    }
    return g;
}

}  // namespace dimerlab
