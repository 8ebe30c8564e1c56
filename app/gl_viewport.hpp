#pragma once
// The OpenGL 3.3 core viewport. Implemented features:
//  - edges as instanced quads (per-instance segment, colour class, dimer flag), dimers wider and
//    in front; monomers as round point sprites;
//  - colour modes plain and orientation × parity (four dimer colours on lattices);
//  - pan (left drag), zoom about the cursor (wheel), fit (F, and on a new graph), hover tooltip
//    (vertex id, degree, mate; edge id, ends, degrees, state).
// The GL thread is the GUI thread: show_snapshot() copies what it needs and paintGL uploads it.
// Never create this widget on the offscreen/minimal platforms: Qt 6.4 crashes there on show()
// (toolchain.md §8); main() checks first.
#include <QOpenGLBuffer>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <QOpenGLWidget>
#include <QString>
#include <memory>
#include <vector>

#include "camera.hpp"
#include "render_target.hpp"

namespace dimerlab::app {

class GlViewport : public QOpenGLWidget, protected QOpenGLFunctions_3_3_Core, public RenderTarget {
    Q_OBJECT
  public:
    explicit GlViewport(QWidget* parent = nullptr);
    ~GlViewport() override;

    void set_scene(std::shared_ptr<const SceneGeometry> scene) override;
    void show_snapshot(const Snapshot& snapshot) override;
    ViewSettings view_settings() const override;
    void apply_view_settings(const ViewSettings& view) override;
    void fit_view() override;

    void set_colour_mode(ColourMode mode);
    ColourMode colour_mode() const { return colour_mode_; }
    const Camera& camera() const { return camera_; }
    // Empty until initializeGL ran; otherwise GL_RENDERER and GL_VERSION, or the shader error.
    QString gl_description() const { return gl_description_; }
    bool gl_ok() const { return gl_ok_; }
    std::uint64_t frames_drawn() const { return frames_drawn_; }

    QSize sizeHint() const override { return {800, 800}; }

  protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    void upload_scene();
    void release_gl();
    QString hover_text(const QPointF& pos) const;

    std::shared_ptr<const SceneGeometry> scene_;
    Camera camera_;
    ColourMode colour_mode_ = ColourMode::plain;
    // Fit on every resize until the user pans or zooms or a session sets the camera.
    bool auto_fit_ = true;

    std::vector<std::uint8_t> edge_states_;
    std::vector<std::uint8_t> monomers_;
    std::vector<std::uint32_t> mate_;
    bool scene_dirty_ = false;
    bool states_dirty_ = false;

    bool gl_ok_ = false;
    QString gl_description_;
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
    int instance_count_ = 0;
    int vertex_count_ = 0;

    bool dragging_ = false;
    QPointF last_mouse_;
    std::uint64_t frames_drawn_ = 0;
};

}  // namespace dimerlab::app
