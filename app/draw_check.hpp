#pragma once
// What Draw mode says about the region after every edit: its size, whether it has a hole (then
// coupling from the past refuses it and Tile it runs rotations, not an exact sample) and whether
// it can be tiled, with the cells that show why not.
#include <QString>
#include <cstdint>
#include <vector>

#include "draw_region.hpp"

namespace dimerlab::app {

struct RegionCheck {
    std::size_t cells = 0;
    std::uint64_t edges = 0;
    bool tileable = false;
    QString reason;                     // why not tileable; empty when it is
    std::vector<DrawCell> obstruction;  // the obstruction's cells
    std::vector<DrawCell> neighbours;   // a Hall violator's neighbours
    bool has_hole = false;
};

RegionCheck check_region(const DrawRegion& region);

}  // namespace dimerlab::app
