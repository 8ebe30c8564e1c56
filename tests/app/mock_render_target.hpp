#pragma once
// A RenderTarget that records what it is given: the controller's logic without OpenGL.
#include "render_target.hpp"

namespace dimerlab::app {

class MockRenderTarget : public RenderTarget {
  public:
    void set_scene(std::shared_ptr<const render::SceneGeometry> scene) override {
        scene_ = std::move(scene);
        ++scenes;
    }
    void show_snapshot(const Snapshot& snapshot) override {
        last = snapshot;
        ++shown;
    }
    ViewSettings view_settings() const override { return view; }
    void apply_view_settings(const ViewSettings& v) override {
        view.colour = v.colour;
        if (v.has_camera) view = v;
    }
    void fit_view() override { ++fits; }

    std::shared_ptr<const render::SceneGeometry> scene_;
    Snapshot last;
    ViewSettings view;
    int scenes = 0;
    int shown = 0;
    int fits = 0;
};

}  // namespace dimerlab::app
