#pragma once
// The viewport's 2-D camera: an orthographic view of the layout plane. World y grows upwards
// (layouts), screen y grows downwards (Qt); screen coordinates are logical pixels of the widget.
#include <glm/glm.hpp>

namespace dimerlab::render {

struct WorldBox {
    glm::dvec2 min{0, 0};
    glm::dvec2 max{1, 1};
};

// A rectangle of the viewport in logical pixels (screen y down); empty when x1 <= x0 or y1 <= y0.
struct ScreenRect {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x1 <= x0 || y1 <= y0; }
};

class Camera {
  public:
    void set_viewport(double width_px, double height_px);
    glm::dvec2 viewport() const { return viewport_; }

    glm::dvec2 centre() const { return centre_; }
    double pixels_per_unit() const { return ppu_; }
    // Used by session load; ppu is clamped to a sane range so a bad file cannot blank the view.
    void set_view(glm::dvec2 centre, double pixels_per_unit);

    // World → clip space (glm::ortho), what the shaders take.
    glm::mat4 view_matrix() const;
    glm::dvec2 world_to_screen(glm::dvec2 world) const;
    glm::dvec2 screen_to_world(glm::dvec2 screen) const;

    void pan_pixels(glm::dvec2 delta_px);
    // Zooms by `factor`, keeping the world point under `screen` where it is.
    void zoom_about(glm::dvec2 screen, double factor);
    // Shows the whole box with a margin.
    void fit(const WorldBox& box);
    // Shows the whole box with a margin, clear of `covered` (something drawn over the top-left
    // of the view, such as the heads-up display): in the part right of it or the part below it,
    // whichever shows the box larger. An empty `covered` is plain fit.
    void fit(const WorldBox& box, const ScreenRect& covered);

  private:
    glm::dmat4 ortho() const;

    glm::dvec2 viewport_{1, 1};
    glm::dvec2 centre_{0, 0};
    double ppu_ = 1;
};

}  // namespace dimerlab::render
