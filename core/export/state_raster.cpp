#include "export/state_raster.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "model/matching_constants.hpp"
#include "util/errors.hpp"

namespace dimerlab {

StateRasterizer::StateRasterizer(const Graph& graph, int width, int height) : width_(width), height_(height) {
    if (width <= 0 || height <= 0 || width > kMaxFrameSide || height > kMaxFrameSide) {
        throw InputError("frame size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is out of range: each side must be 1 to " + std::to_string(kMaxFrameSide));
    }
    const LayoutBox box = layout_box(graph);
    const double unit = typical_edge_length(graph);
    // Fit the layout with a margin of half a lattice spacing, keeping the aspect ratio.
    const double span_x = box.width() + unit, span_y = box.height() + unit;
    const double scale = std::min(width / span_x, height / span_y);
    const double off_x = (width - box.width() * scale) / 2, off_y = (height - box.height() * scale) / 2;
    pos_.reserve(graph.num_vertices());
    for (const Point2& p : graph.layout()) {
        // y up, as in the SVG and TikZ figures.
        pos_.push_back({static_cast<float>((p.x - box.min_x) * scale + off_x),
                        static_cast<float>((box.max_y - p.y) * scale + off_y)});
    }
    const double spacing_px = unit * scale;
    edge_radius_ = static_cast<float>(std::max(0.55, spacing_px * 0.04));
    dimer_radius_ = static_cast<float>(std::max(0.75, spacing_px * 0.18));
    monomer_radius_ = static_cast<float>(std::max(0.75, spacing_px * 0.2));

    background_.resize(std::size_t(width) * height * 3);
    for (std::size_t i = 0; i < background_.size(); i += 3) {
        background_[i] = kBackgroundColour.r;
        background_[i + 1] = kBackgroundColour.g;
        background_[i + 2] = kBackgroundColour.b;
    }
    for (const Edge& e : graph.edges())
        draw_segment(background_, pos_[e.u], pos_[e.v], edge_radius_, kEdgeColour);
}

void StateRasterizer::render(std::span<const std::uint32_t> mate, std::span<std::uint8_t> rgb) const {
    if (rgb.size() != background_.size() || mate.size() != pos_.size()) {
        throw std::invalid_argument("StateRasterizer::render: buffer or mate array of the wrong size");
    }
    std::memcpy(rgb.data(), background_.data(), background_.size());
    for (VertexId v = 0; v < mate.size(); ++v) {
        const std::uint32_t u = mate[v];
        if (u == kNoMate) {
            draw_dot(rgb, pos_[v], monomer_radius_, kMonomerColour);
        } else if (u > v) {
            draw_segment(rgb, pos_[v], pos_[u], dimer_radius_, kDimerColour);
        }
    }
}

// A capsule: every pixel whose centre lies within `radius` of the segment. Tested over the
// bounding box, which is tight for the axis-aligned edges of lattices.
void StateRasterizer::draw_segment(std::span<std::uint8_t> rgb, PixelPoint a, PixelPoint b, float radius,
                                   Rgb colour) const {
    const int x0 = std::max(0, static_cast<int>(std::floor(std::min(a.x, b.x) - radius)));
    const int x1 = std::min(width_ - 1, static_cast<int>(std::ceil(std::max(a.x, b.x) + radius)));
    const int y0 = std::max(0, static_cast<int>(std::floor(std::min(a.y, b.y) - radius)));
    const int y1 = std::min(height_ - 1, static_cast<int>(std::ceil(std::max(a.y, b.y) + radius)));
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len2 = dx * dx + dy * dy;
    const float r2 = radius * radius;
    for (int y = y0; y <= y1; ++y) {
        const float py = static_cast<float>(y) + 0.5f - a.y;
        std::uint8_t* row = rgb.data() + std::size_t(y) * width_ * 3;
        for (int x = x0; x <= x1; ++x) {
            const float px = static_cast<float>(x) + 0.5f - a.x;
            float t = len2 > 0 ? (px * dx + py * dy) / len2 : 0.0f;
            t = std::clamp(t, 0.0f, 1.0f);
            const float ex = px - t * dx, ey = py - t * dy;
            if (ex * ex + ey * ey <= r2) {
                std::uint8_t* q = row + std::size_t(x) * 3;
                q[0] = colour.r;
                q[1] = colour.g;
                q[2] = colour.b;
            }
        }
    }
}

void StateRasterizer::draw_dot(std::span<std::uint8_t> rgb, PixelPoint c, float radius, Rgb colour) const {
    draw_segment(rgb, c, c, radius, colour);
}

}  // namespace dimerlab
