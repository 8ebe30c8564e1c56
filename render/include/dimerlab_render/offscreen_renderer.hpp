#pragma once
// A SceneRenderer drawing into a framebuffer object of a fixed size, with no window: videos,
// `dimerlab-cli render` and the GL tests. Needs a QGuiApplication on a platform with OpenGL (X or
// Xvfb; offscreen_gl_unavailable_reason() says why not). All calls on the thread that created it.
#include <QImage>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "dimerlab_render/camera.hpp"
#include "dimerlab_render/scene_renderer.hpp"

class QOffscreenSurface;
class QOpenGLContext;
class QOpenGLFramebufferObject;

namespace dimerlab::render {

class OffscreenRenderer {
  public:
    // width × height pixels, 1..8192 each (InputError otherwise). Throws std::runtime_error when
    // no OpenGL 3.3 context or framebuffer can be made, or the shaders fail.
    OffscreenRenderer(int width, int height);
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    SceneRenderer& renderer() { return *renderer_; }
    // A camera whose viewport is this framebuffer, for fit() or set_view().
    Camera& camera() { return camera_; }

    // Draws the renderer's scene and state with camera() and reads the pixels back: packed RGB24,
    // rows top to bottom, width()*height()*3 bytes.
    void render_rgb(std::span<std::uint8_t> rgb);
    QImage render_image();

  private:
    void draw();

    int width_;
    int height_;
    std::unique_ptr<QOpenGLContext> context_;
    std::unique_ptr<QOffscreenSurface> surface_;
    std::unique_ptr<QOpenGLFramebufferObject> fbo_;
    std::unique_ptr<SceneRenderer> renderer_;
    Camera camera_;
    std::vector<std::uint8_t> rows_;  // the RGBA read-back, bottom row first as GL gives it
};

}  // namespace dimerlab::render
