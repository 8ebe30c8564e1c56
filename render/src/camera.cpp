#include "dimerlab_render/camera.hpp"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

namespace dimerlab::render {

namespace {
constexpr double kMinPpu = 1e-4;
constexpr double kMaxPpu = 1e5;
}  // namespace

void Camera::set_viewport(double width_px, double height_px) {
    viewport_ = {std::max(1.0, width_px), std::max(1.0, height_px)};
}

void Camera::set_view(glm::dvec2 centre, double pixels_per_unit) {
    centre_ = centre;
    ppu_ = std::clamp(pixels_per_unit, kMinPpu, kMaxPpu);
}

glm::dmat4 Camera::ortho() const {
    const glm::dvec2 half = 0.5 * viewport_ / ppu_;
    return glm::ortho(centre_.x - half.x, centre_.x + half.x, centre_.y - half.y, centre_.y + half.y, -1.0,
                      1.0);
}

glm::mat4 Camera::view_matrix() const {
    return glm::mat4(ortho());
}

glm::dvec2 Camera::world_to_screen(glm::dvec2 world) const {
    const glm::dvec4 ndc = ortho() * glm::dvec4(world, 0, 1);
    return {(ndc.x + 1) * 0.5 * viewport_.x, (1 - ndc.y) * 0.5 * viewport_.y};
}

glm::dvec2 Camera::screen_to_world(glm::dvec2 screen) const {
    const glm::dvec4 ndc(2 * screen.x / viewport_.x - 1, 1 - 2 * screen.y / viewport_.y, 0, 1);
    const glm::dvec4 world = glm::inverse(ortho()) * ndc;
    return {world.x, world.y};
}

void Camera::pan_pixels(glm::dvec2 delta_px) {
    // Dragging right moves the picture right, so the centre moves left; screen y is flipped.
    centre_ -= glm::dvec2(delta_px.x, -delta_px.y) / ppu_;
}

void Camera::zoom_about(glm::dvec2 screen, double factor) {
    const glm::dvec2 anchor = screen_to_world(screen);
    ppu_ = std::clamp(ppu_ * factor, kMinPpu, kMaxPpu);
    centre_ += anchor - screen_to_world(screen);
}

void Camera::fit(const WorldBox& box) {
    fit(box, ScreenRect{});
}

void Camera::fit(const WorldBox& box, const ScreenRect& covered) {
    // A margin of one lattice unit (or 4% of big drawings) each side keeps rim monomers whole.
    const glm::dvec2 extent = box.max - box.min;
    const glm::dvec2 size = extent + glm::dvec2(2 * std::max(1.0, 0.04 * std::max(extent.x, extent.y)));
    const auto ppu_in = [&](const ScreenRect& r) {
        return std::min((r.x1 - r.x0) / size.x, (r.y1 - r.y0) / size.y);
    };
    ScreenRect area{0, 0, viewport_.x, viewport_.y};
    if (!covered.empty()) {
        const ScreenRect right{std::min(covered.x1, viewport_.x - 1), 0, viewport_.x, viewport_.y};
        const ScreenRect below{0, std::min(covered.y1, viewport_.y - 1), viewport_.x, viewport_.y};
        area = ppu_in(right) >= ppu_in(below) ? right : below;
    }
    ppu_ = std::clamp(ppu_in(area), kMinPpu, kMaxPpu);
    // The box's centre goes to the area's centre (screen y grows downwards, world y upwards).
    const glm::dvec2 offset_px(0.5 * (area.x0 + area.x1) - 0.5 * viewport_.x,
                               0.5 * (area.y0 + area.y1) - 0.5 * viewport_.y);
    centre_ = 0.5 * (box.min + box.max) - glm::dvec2(offset_px.x, -offset_px.y) / ppu_;
}

}  // namespace dimerlab::render
