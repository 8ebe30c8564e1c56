#include "graph/readers/region_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"
#include "graph/readers/region_boundary.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

constexpr double kTriangleHeight = 0.86602540378443864676;  // √3/2

// "name:line:column: what".
[[noreturn]] void fail_at_column(const readers::LineSource& lines, std::size_t column,
                                 const std::string& what) {
    throw InputError(lines.name() + ":" + std::to_string(lines.number()) + ":" + std::to_string(column + 1) +
                     ": " + what);
}

}  // namespace

Graph read_region(std::istream& in, const std::string& name, std::uint64_t max_bytes) {
    readers::LineSource lines(in, name);
    RegionLattice lattice = RegionLattice::square;
    bool lattice_given = false;
    // Row r's cells, by column, ascending.
    std::vector<std::vector<std::uint32_t>> rows;
    std::uint64_t cells = 0;
    regions::BoundaryPaths boundary(lattice);
    while (lines.next()) {
        const std::string_view line = lines.line();
        if (line.starts_with('%')) {
            if (!line.starts_with("%lattice")) continue;
            std::vector<std::string_view> fields = readers::split_fields(line.substr(8));
            if (fields.size() != 1 || (fields[0] != "square" && fields[0] != "triangular"))
                fail_at_column(
                    lines, 0,
                    "expected %lattice square or %lattice triangular, got " + readers::quoted(line));
            if (lattice_given) fail_at_column(lines, 0, "%lattice given twice");
            if (!rows.empty() || !boundary.empty())
                fail_at_column(lines, 0, "%lattice must come before the first row of cells or path");
            lattice_given = true;
            lattice = fields[0] == "square" ? RegionLattice::square : RegionLattice::triangular;
            boundary = regions::BoundaryPaths(lattice);
            continue;
        }
        const std::size_t first = line.find_first_not_of(' ');
        const bool steps = first != std::string_view::npos &&
                           (line[first] == '@' || std::isalpha(static_cast<unsigned char>(line[first])));
        if (steps || !boundary.empty()) {
            if (!steps && readers::is_blank(line)) continue;
            if (cells > 0 || !steps)
                fail_at_column(lines, steps ? first : 0,
                               "a file has rows of cells or boundary paths (lines of steps), not both");
            try {
                boundary.add(line);
            } catch (const regions::BoundaryError& e) {
                fail_at_column(lines, e.column, e.what);
            }
            rows.clear();  // blank lines before the first path were not rows
            continue;
        }
        if (line.size() >= UINT32_MAX) fail_at_column(lines, 0, "a row longer than 2^32 columns");
        std::vector<std::uint32_t> row;
        for (std::size_t c = 0; c < line.size(); ++c) {
            const char ch = line[c];
            if (ch == '#') {
                row.push_back(static_cast<std::uint32_t>(c));
            } else if (ch == '\t') {
                fail_at_column(lines, c,
                               "a tab; write cells outside the region as '.' or spaces (a tab has no "
                               "fixed width)");
            } else if (ch != '.' && ch != ' ') {
                fail_at_column(
                    lines, c,
                    "unexpected character " + readers::quoted(line.substr(c, 1)) +
                        "; a row has '#' for a cell in the region and '.' or a space for one outside");
            }
        }
        cells += row.size();
        if (rows.size() >= UINT32_MAX) fail_at_column(lines, 0, "more than 2^32 rows");
        rows.push_back(std::move(row));
    }
    if (!boundary.empty()) {
        rows = boundary.rows([&](std::uint64_t inside) {
            cells = inside;
            check_graph_size("region '" + name + "'", static_cast<long double>(cells), 2.0L * cells,
                             max_bytes);
        });
        if (cells == 0) lines.fail_file("the boundary paths enclose no cells");
    }
    if (cells == 0) lines.fail_file("the region has no cells (a cell is '#')");
    // Square cells have at most 2 edges each to their right and below, triangles 1.5 on average.
    check_graph_size("region '" + name + "'", static_cast<long double>(cells), 2.0L * cells, max_bytes);

    std::vector<std::uint32_t> first_id(rows.size() + 1, 0);
    for (std::size_t r = 0; r < rows.size(); ++r)
        first_id[r + 1] = first_id[r] + static_cast<std::uint32_t>(rows[r].size());
    const auto id_of = [&](std::size_t r, std::uint32_t c) -> std::optional<VertexId> {
        const auto& row = rows[r];
        const auto it = std::lower_bound(row.begin(), row.end(), c);
        if (it == row.end() || *it != c) return std::nullopt;
        return first_id[r] + static_cast<VertexId>(it - row.begin());
    };
    std::vector<Edge> edges;
    std::vector<Point2> layout;
    layout.reserve(cells);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t i = 0; i < rows[r].size(); ++i) {
            const std::uint32_t c = rows[r][i];
            const VertexId v = first_id[r] + static_cast<VertexId>(i);
            const bool up = (r + c) % 2 == 0;
            if (lattice == RegionLattice::square) {
                layout.push_back({double(c), -double(r)});
            } else {
                // The triangle's horizontal side is at the bottom (up) or the top (down) of its row
                // strip; its centroid is a third of the height from that side.
                const double base = up ? -double(r + 1) * kTriangleHeight : -double(r) * kTriangleHeight;
                layout.push_back({0.5 * double(c + 1), base + (up ? 1.0 : -1.0) * kTriangleHeight / 3});
            }
            if (i + 1 < rows[r].size() && rows[r][i + 1] == c + 1) edges.push_back({v, v + 1});
            // Below: every square cell; on the triangular lattice an up triangle shares its bottom side.
            if (r + 1 < rows.size() && (lattice == RegionLattice::square || up))
                if (const auto below = id_of(r + 1, c)) edges.push_back({v, *below});
        }
    }
    Graph g(static_cast<std::uint32_t>(cells), std::move(edges));
    g.set_layout(std::move(layout));
    g.set_edge_axes(axes_from_layout(g));
    return g;
}

Graph read_region_file(const std::string& path, std::uint64_t max_bytes) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError("region file '" + path + "' is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot open region file '" + path + "': " + std::strerror(errno));
    return read_region(in, path, max_bytes);
}

RegionLattice region_lattice(const Graph& region) {
    if (region.num_edges() == 0 || region.layout().size() != region.num_vertices())
        return RegionLattice::square;
    const Edge e = region.edge(0);
    const Point2 a = region.layout()[e.u], b = region.layout()[e.v];
    return std::hypot(a.x - b.x, a.y - b.y) < 0.8 ? RegionLattice::triangular : RegionLattice::square;
}

RegionCell region_cell(const Graph& region, VertexId cell) {
    const Point2 p = region.layout().at(cell);
    if (region_lattice(region) == RegionLattice::square)
        return {static_cast<std::uint32_t>(std::lround(-p.y)), static_cast<std::uint32_t>(std::lround(p.x))};
    // Centroids sit a third (down) or two thirds (up) of a row's height below its top.
    return {static_cast<std::uint32_t>(std::floor(-p.y / kTriangleHeight)),
            static_cast<std::uint32_t>(std::lround(2 * p.x - 1))};
}

}  // namespace dimerlab
