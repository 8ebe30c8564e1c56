#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "export/figure_style.hpp"
#include "graph/graph.hpp"

namespace dimerlab {

// A small software rasteriser for video frames: draws the state of one graph into a packed RGB24
// buffer (row-major, 3 bytes per pixel, no padding) from the graph layout. No Qt and no GL, so
// exports run headless and on machines without a display. Only the four figure colours are ever
// written (no anti-aliasing), which keeps GIF palettes exact and frames bit-identical across runs.
class StateRasterizer {
  public:
    // Throws InputError when the graph has no layout or the size is zero or above 8192.
    StateRasterizer(const Graph& graph, int width, int height);

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t frame_bytes() const { return background_.size(); }

    // `rgb` must hold frame_bytes() bytes.
    void render(std::span<const std::uint32_t> mate, std::span<std::uint8_t> rgb) const;

  private:
    struct PixelPoint {
        float x, y;
    };
    void draw_segment(std::span<std::uint8_t> rgb, PixelPoint a, PixelPoint b, float radius,
                      Rgb colour) const;
    void draw_dot(std::span<std::uint8_t> rgb, PixelPoint c, float radius, Rgb colour) const;

    int width_;
    int height_;
    std::vector<PixelPoint> pos_;
    float edge_radius_ = 0.5f;
    float dimer_radius_ = 1;
    float monomer_radius_ = 1;
    // Edges never change during a run: drawn once, copied under every frame.
    std::vector<std::uint8_t> background_;
};

}  // namespace dimerlab
