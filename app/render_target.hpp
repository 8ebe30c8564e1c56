#pragma once
// The thin render interface (docs/architecture.md §5.3): what the controller needs from a viewport. The GL
// viewport implements it; tests use a mock, so session and command logic runs without OpenGL.
#include <memory>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#include "snapshot.hpp"

namespace dimerlab::app {

class RenderTarget {
  public:
    virtual ~RenderTarget() = default;
    // A new graph; the view fits it unless view settings follow.
    virtual void set_scene(std::shared_ptr<const render::SceneGeometry> scene) = 0;
    // Copies what it draws from the snapshot; repaints later, on its own thread.
    virtual void show_snapshot(const Snapshot& snapshot) = 0;
    virtual ViewSettings view_settings() const = 0;
    // Sets the colour mode, and the camera only when view.has_camera.
    virtual void apply_view_settings(const ViewSettings& view) = 0;
    virtual void fit_view() = 0;
};

}  // namespace dimerlab::app
