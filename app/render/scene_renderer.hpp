#pragma once
// The one OpenGL 3.3 core drawing path of dimerlab, shared by the window's viewport and the
// off-screen renderer (videos, `dimerlab-cli render`), so an exported frame is what the window
// shows. Edges are instanced quads (per-instance segment, colour class, dimer flag), dimers wider
// and in front; monomers are round point sprites. Every GL call needs the context in which
// initialize() ran to be current; release() (or the owner's context going away) frees the GL objects.
#include <QOpenGLBuffer>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "camera.hpp"
#include "scene_geometry.hpp"
#include "session.hpp"

namespace dimerlab::app {

class SceneRenderer : protected QOpenGLFunctions_3_3_Core {
  public:
    SceneRenderer();
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // In a current context. False when the shaders do not compile or link (description() says why).
    bool initialize();
    bool ok() const { return ok_; }
    // GL_RENDERER and GL_VERSION after initialize(), or the shader error.
    const QString& description() const { return description_; }
    // Frees the GL objects; the owner's context must be current.
    void release();

    // CPU side only: they may be called with no context current; draw() uploads.
    void set_scene(std::shared_ptr<const SceneGeometry> scene);
    // The matching to show, one mate per vertex (kNoMate for monomers); ignored on a size mismatch.
    void set_states(std::span<const std::uint32_t> mate);
    // Per vertex, 0..1, drawn in the monomer_heat and exact_marginals modes: how often the vertex
    // was a monomer, or P(unmatched). Ignored on a size mismatch.
    void set_heat(std::span<const float> heat);
    void set_colour_mode(ColourMode mode) { colour_mode_ = mode; }
    ColourMode colour_mode() const { return colour_mode_; }
    const std::shared_ptr<const SceneGeometry>& scene() const { return scene_; }

    // Clears and draws into the bound framebuffer. width_px × height_px is the logical size the
    // camera's viewport describes; the framebuffer has device_pixel_ratio times as many pixels.
    void draw(const Camera& camera, int width_px, int height_px, double device_pixel_ratio);

  private:
    void upload_scene();

    std::shared_ptr<const SceneGeometry> scene_;
    ColourMode colour_mode_ = ColourMode::plain;
    std::vector<std::uint8_t> edge_states_;
    std::vector<std::uint8_t> monomers_;
    std::vector<float> heat_;
    bool heat_dirty_ = false;
    bool scene_dirty_ = false;
    bool states_dirty_ = false;

    bool ok_ = false;
    QString description_;
    std::unique_ptr<QOpenGLShaderProgram> edge_program_;
    std::unique_ptr<QOpenGLShaderProgram> point_program_;
    QOpenGLVertexArrayObject edge_vao_;
    QOpenGLVertexArrayObject point_vao_;
    QOpenGLBuffer corner_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer segment_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer class_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer state_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer position_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer monomer_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer heat_buffer_{QOpenGLBuffer::VertexBuffer};
    int instance_count_ = 0;
    int vertex_count_ = 0;
};

}  // namespace dimerlab::app
