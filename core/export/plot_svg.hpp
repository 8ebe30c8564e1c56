#pragma once
#include <string>

#include "export/plot_model.hpp"

namespace dimerlab {

// The plot as a standalone SVG document laid out by layout_plot: one <polyline class="series">
// per series (one point per value, clipped to the data area), one dashed <line class="reference">
// per reference, text escaped. InputError as layout_plot.
std::string plot_svg(const Plot& plot, int width, int height);

// Atomic write; InputError naming the path for an extension other than .svg or an unwritable
// folder, leaving nothing behind.
void write_plot_svg(const std::string& path, const Plot& plot, int width, int height);

}  // namespace dimerlab
