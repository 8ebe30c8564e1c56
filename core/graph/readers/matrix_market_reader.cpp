#include "graph/readers/matrix_market_reader.hpp"

#include <algorithm>
#include <cctype>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"

namespace dimerlab {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

}  // namespace

Graph read_matrix_market(std::istream& in, const std::string& name, std::uint64_t max_bytes, bool weighted) {
    using namespace readers;
    LineSource source(in, name);
    const std::string banner =
        "expected '%%MatrixMarket matrix coordinate <pattern|real|integer> <general|symmetric>'";
    if (!source.next()) source.fail_file("empty file; " + banner);
    const std::vector<std::string_view> head = split_fields(source.line());
    if (head.size() != 5 || lower(head[0]) != "%%matrixmarket" || lower(head[1]) != "matrix") {
        source.fail(banner + ", got " + quoted(source.line()));
    }
    if (lower(head[2]) != "coordinate") {
        source.fail("only 'coordinate' matrices describe graphs, got " + quoted(head[2]));
    }
    const std::string field = lower(head[3]), symmetry = lower(head[4]);
    if (field != "pattern" && field != "real" && field != "integer") {
        source.fail("expected field pattern, real or integer, got " + quoted(head[3]));
    }
    if (symmetry != "general" && symmetry != "symmetric") {
        source.fail("expected symmetry general or symmetric, got " + quoted(head[4]));
    }
    const std::size_t entry_fields = field == "pattern" ? 2 : 3;
    if (weighted && field == "pattern") {
        source.fail("a pattern matrix has no values; ,weighted needs a real or integer matrix");
    }

    std::uint64_t size_line = 0, rows = 0, entries = 0;
    EdgeCollector edges(source, 1);
    std::uint64_t seen = 0, diagonal = 0, first_diagonal = 0;
    while (source.next()) {
        const std::vector<std::string_view> fields = split_fields(source.line());
        if (fields.empty() || fields[0].front() == '%') continue;
        if (size_line == 0) {
            std::optional<std::uint64_t> r, c, nnz;
            if (fields.size() == 3) {
                r = parse_whole(fields[0]);
                c = parse_whole(fields[1]);
                nnz = parse_whole(fields[2]);
            }
            if (!r || !c || !nnz)
                source.fail("expected the size line 'rows columns entries', got " + quoted(source.line()));
            if (*r != *c) {
                source.fail("matrix is " + std::to_string(*r) + "x" + std::to_string(*c) +
                            "; an adjacency matrix must be square");
            }
            if (*r == 0) source.fail("matrix has no rows; expected at least one vertex");
            // Refuse a vertex count beyond the limits before reading millions of entries for it.
            check_graph_size(name, static_cast<long double>(*r), 0, max_bytes);
            size_line = source.number();
            rows = *r;
            entries = *nnz;
            continue;
        }
        std::optional<std::uint64_t> i, j;
        if (fields.size() == entry_fields) {
            i = parse_whole(fields[0]);
            j = parse_whole(fields[1]);
        }
        if (!i || !j || (entry_fields == 3 && !is_number(fields[2]))) {
            source.fail(std::string("expected an entry 'row column") + (entry_fields == 3 ? " value'" : "'") +
                        ", got " + quoted(source.line()));
        }
        for (const std::uint64_t index : {*i, *j}) {
            if (index < 1 || index > rows) {
                source.fail("index " + std::to_string(index) + " is out of range 1.." + std::to_string(rows));
            }
        }
        if (++seen > entries) {
            source.fail("more entries than the " + std::to_string(entries) + " announced on line " +
                        std::to_string(size_line));
        }
        // Structural matrices from SuiteSparse and elsewhere often store the diagonal; for a
        // graph it is a self-loop, which the dimer model has no use for.
        if (*i == *j) {
            if (diagonal++ == 0) first_diagonal = source.number();
            continue;
        }
        if (weighted) {
            edges.add(static_cast<VertexId>(*i - 1), static_cast<VertexId>(*j - 1),
                      read_weight(source, fields[2]));
        } else {
            edges.add(static_cast<VertexId>(*i - 1), static_cast<VertexId>(*j - 1));
        }
    }
    if (size_line == 0) source.fail_file("no size line 'rows columns entries' after the header");
    if (seen < entries) {
        source.fail_file("line " + std::to_string(size_line) + " announces " + std::to_string(entries) +
                         " entries, found " + std::to_string(seen));
    }
    const bool general = symmetry == "general";
    const std::uint64_t off_diagonal = edges.size();
    Graph g = edges.build(rows, general ? Mirrors::merge : Mirrors::repeat, max_bytes);
    std::vector<std::string> notices;
    if (diagonal == 1) {
        notices.push_back(name + ": dropped 1 diagonal entry (a self-loop), on line " +
                          std::to_string(first_diagonal));
    } else if (diagonal > 1) {
        notices.push_back(name + ": dropped " + std::to_string(diagonal) +
                          " diagonal entries (self-loops), the first on line " +
                          std::to_string(first_diagonal));
    }
    const CollectStats& stats = edges.stats();
    if (general && stats.unmirrored > 0) {
        const bool one = stats.unmirrored == 1;
        notices.push_back(
            name + ": the general matrix is not symmetric: " + std::to_string(stats.unmirrored) + " of its " +
            count_of(off_diagonal, "off-diagonal entry", "off-diagonal entries") + " (i,j) " +
            (one ? "has" : "have") + " no (j,i), " + (one ? "on" : "the first on") + " line " +
            std::to_string(stats.first_unmirrored_line) + "; the graph has an edge for each");
    }
    if (!weighted && field != "pattern") {
        notices.push_back(name + ": the matrix's " + field +
                          " values were ignored (every entry is an edge); use the spec file:" + name +
                          ",weighted to read them as edge weights");
    }
    g.set_notices(std::move(notices));
    return g;
}

}  // namespace dimerlab
