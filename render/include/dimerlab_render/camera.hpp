#pragma once
// The viewport's 2-D camera: an orthographic view of the layout plane. World y grows upwards
// (layouts), screen y grows downwards (Qt); screen coordinates are logical pixels of the widget.
#include <glm/glm.hpp>

namespace dimerlab::render {

struct WorldBox {
    glm::dvec2 min{0, 0};
    glm::dvec2 max{1, 1};
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

  private:
    glm::dmat4 ortho() const;

    glm::dvec2 viewport_{1, 1};
    glm::dvec2 centre_{0, 0};
    double ppu_ = 1;
};

}  // namespace dimerlab::render
