#include "draw_region.hpp"

#include <QStringList>
#include <algorithm>
#include <climits>
#include <sstream>

#include "util/errors.hpp"

namespace dimerlab::app {

bool points_up(DrawCell cell) {
    return (cell.row + cell.column) % 2 == 0;
}

DrawRegion shifted(const DrawRegion& region, int rows, int columns) {
    DrawRegion out{region.lattice, {}};
    for (const DrawCell& c : region.cells) out.cells.insert({c.row + rows, c.column + columns});
    return out;
}

QString region_text(const DrawRegion& region) {
    QString text =
        region.lattice == RegionLattice::triangular ? "%lattice triangular\n" : "%lattice square\n";
    if (region.cells.empty()) return text;
    const int top = region.cells.begin()->row;
    int left = INT_MAX;
    for (const DrawCell& c : region.cells) left = std::min(left, c.column);
    // An odd total shift would turn every triangle over.
    if (region.lattice == RegionLattice::triangular && (top + left) % 2 != 0) --left;
    int row = top;
    QString line;
    for (const DrawCell& c : region.cells) {
        while (row < c.row) {
            text += line + "\n";
            line.clear();
            ++row;
        }
        line += QString(c.column - left - int(line.size()), '.') + "#";
    }
    return text + line + "\n";
}

DrawRegion region_from_text(const QString& text, const QString& name) {
    const QByteArray bytes = text.toUtf8();
    std::istringstream in(std::string(bytes.constData(), std::size_t(bytes.size())));
    const Graph graph = read_region(in, name.toStdString());  // refuses what the format refuses
    DrawRegion region;
    region.lattice = region_lattice(graph);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const RegionCell cell = region_cell(graph, v);
        region.cells.insert({int(cell.row), int(cell.column)});
    }
    return region;
}

Graph region_graph(const DrawRegion& region) {
    const QByteArray bytes = region_text(region).toUtf8();
    std::istringstream in(std::string(bytes.constData(), std::size_t(bytes.size())));
    return read_region(in, "drawn region");
}

std::vector<DrawCell> cells_of(const DrawRegion& region, const std::vector<VertexId>& ids) {
    const std::vector<DrawCell> order(region.cells.begin(), region.cells.end());
    std::vector<DrawCell> out;
    for (VertexId v : ids) {
        if (v < order.size()) out.push_back(order[v]);
    }
    return out;
}

}  // namespace dimerlab::app
