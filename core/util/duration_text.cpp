#include "util/duration_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dimerlab {

std::string duration_text(double seconds) {
    if (!std::isfinite(seconds)) return "?";
    char buf[64];
    if (seconds < 90)
        std::snprintf(buf, sizeof buf, "%.0f s", std::max(1.0, std::round(seconds)));
    else if (seconds < 5400)
        std::snprintf(buf, sizeof buf, "%.1f min", seconds / 60);
    else if (seconds < 48 * 3600)
        std::snprintf(buf, sizeof buf, "%.1f h", seconds / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.1f days", seconds / 86400);
    return buf;
}

}  // namespace dimerlab
