#include "draw_check.hpp"

#include "faces/height_cftp.hpp"
#include "sampling/tiling_obstruction.hpp"

namespace dimerlab::app {

RegionCheck check_region(const DrawRegion& region) {
    RegionCheck check;
    check.cells = region.cells.size();
    if (region.cells.empty()) {
        check.reason = "no cells yet: click or drag on the grid";
        return check;
    }
    Graph graph = region_graph(region);
    check.edges = graph.num_edges();
    // cftp_supports looks for holes only on a graph whose spec names a region.
    graph.set_spec("region:drawn.region");
    check.has_hole = !cftp_supports(graph);
    const TilingObstruction why = tiling_obstruction(graph);
    check.tileable = why.tileable;
    check.reason = QString::fromStdString(why.reason);
    check.obstruction = cells_of(region, why.cells);
    check.neighbours = cells_of(region, why.neighbours);
    return check;
}

}  // namespace dimerlab::app
