#pragma once
// The one OpenGL 3.3 core drawing path of dimerlab, shared by the window's viewport and the
// off-screen renderer (videos, `dimerlab-cli render`), so an exported frame is what the window
// shows. Edges are instanced quads (per-instance segment, colour class, dimer flag, value), dimers wider
// and in front; monomers are round point sprites. Every GL call needs the context in which
// initialize() ran to be current; release() (or the owner's context going away) frees the GL objects.
// With a device-resident chain (set_device_edge_states) the per-instance edge states are written
// into their vertex buffer by CUDA through GL interop instead of being uploaded from the host;
// whenever that cannot run, the host upload is used, so the pixels are the same either way.
#include <QMatrix4x4>
#include <QOpenGLBuffer>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/camera.hpp"
#include "dimerlab_render/device_edge_states.hpp"
#include "dimerlab_render/height_geometry.hpp"
#include "dimerlab_render/line_weights.hpp"
#include "dimerlab_render/palette.hpp"
#include "dimerlab_render/scene_geometry.hpp"
#include "dimerlab_render/tile_geometry.hpp"

class QOpenGLFramebufferObject;

namespace dimerlab::gpu {
class GlEdgeStateBuffer;
}

namespace dimerlab::render {

// How draw() filled the edge-state buffer last time, and why not through interop when it did not.
struct EdgeStatePath {
    bool interop = false;
    QString reason;  // when !interop: the technical reason (the probe's, or why interop failed)
    QString words;   // when the GPU is absent: the reason in plain words (util/gpu_absence_words.hpp)
    // "edge states: CUDA-GL interop" or "edge states: CPU upload (words, or else reason)" (ASCII:
    // the overlay's font has no dash).
    QString text() const;
};

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
    // Per edge id, drawn on every edge in the exact_probabilities, probability_difference and
    // edge_weights modes: with diverging_scale 0 on a sequential ramp over 0..1, otherwise on a diverging
    // ramp from -diverging_scale to +diverging_scale. Ignored on a size mismatch.
    void set_edge_values(std::span<const float> values, float diverging_scale = 0.0f);
    // What set_edge_values() left for the edge instances (scene_geometry.hpp's instance_edge()).
    const std::vector<float>& instance_edge_values() const { return edge_values_; }
    // The chain's edge states on the device (a snapshot's device_edges), used by draw() instead of
    // set_states()'s edge bytes when CUDA–GL interop works here and the chain runs on this scene's
    // graph; the monomer discs still come from set_states(). Holding `source` keeps its chain (and
    // so the device pointer) alive until the next call or set_scene().
    void set_device_edge_states(DeviceEdgeStates source);
    // Which path the last draw() took (the CPU one before any draw). Probes for a device once.
    EdgeStatePath edge_state_path() const;
    void set_colour_mode(ColourMode mode) { colour_mode_ = mode; }
    void set_palette(PaletteKind palette) { palette_ = palette; }
    PaletteKind palette() const { return palette_; }
    // The projector's heavier lines (line_weights.hpp).
    void set_high_contrast(bool on) { high_contrast_ = on; }
    bool high_contrast() const { return high_contrast_; }
    // false: unmatched vertices get no disc (the heat modes still draw every vertex). For
    // shuffle-steps, whose unmatched squares are the part of the diamond not built yet.
    void set_monomers_visible(bool visible) { monomers_visible_ = visible; }
    ColourMode colour_mode() const { return colour_mode_; }
    const std::shared_ptr<const SceneGeometry>& scene() const { return scene_; }
    // The tiles mode's shape for the current scene (none: drawn as orientation × parity).
    TileShape tile_shape() const { return tile_shape_; }
    // The height mode's function for the current scene (null: drawn as plain).
    const HeightFunction* height_function() const { return height_.get(); }

    // Clears and draws into the bound framebuffer. width_px × height_px is the logical size the
    // camera's viewport describes; the framebuffer has device_pixel_ratio times as many pixels.
    void draw(const Camera& camera, int width_px, int height_px, double device_pixel_ratio);

  private:
    void upload_scene();
    void upload_edge_states();
    void draw_edges(const QMatrix4x4& view, int width_px, int height_px, float dpr, float unit_px,
                    double pixels_per_unit, bool heat_mode);
    // The value modes zoomed out: the edges drawn at kSupersample times the resolution and
    // averaged down, so a field finer than the pixels reads as its local mean colour instead of
    // moiré. False (nothing drawn) where the driver cannot hold the large framebuffer.
    bool draw_edges_supersampled(const QMatrix4x4& view, int width_px, int height_px, float dpr,
                                 float unit_px, double pixels_per_unit);
    void draw_tiles(const QMatrix4x4& view);
    void draw_heights(const QMatrix4x4& view);
    // True when CUDA wrote the edge-state buffer from device_; false leaves it to the host upload.
    bool write_edge_states_on_device();

    std::shared_ptr<const SceneGeometry> scene_;
    ColourMode colour_mode_ = ColourMode::plain;
    PaletteKind palette_ = PaletteKind::colour_blind_safe;
    bool high_contrast_ = false;
    std::vector<std::uint8_t> edge_states_;
    std::vector<std::uint8_t> monomers_;
    std::vector<float> heat_;
    std::vector<float> edge_values_;  // per instance
    float edge_value_scale_ = 0.0f;   // 0: the sequential ramp
    bool edge_values_dirty_ = false;
    TileShape tile_shape_ = TileShape::none;
    std::vector<std::uint8_t> tile_classes_;
    std::vector<float> tile_vertices_;  // x, y, class per vertex; rebuilt when the states change
    bool tiles_dirty_ = false;
    // The height mode: the scene's height function, the matching last shown, and the face
    // triangles (x, y, ramp position) in tile_vertices_ when heights_in_buffer_.
    std::unique_ptr<HeightFunction> height_;
    std::vector<std::uint32_t> mate_;
    bool heights_in_buffer_ = false;
    bool heat_dirty_ = false;
    bool monomers_visible_ = true;
    bool scene_dirty_ = false;
    bool states_dirty_ = false;

    bool ok_ = false;
    QString description_;
    std::unique_ptr<QOpenGLShaderProgram> edge_program_;
    std::unique_ptr<QOpenGLShaderProgram> point_program_;
    std::unique_ptr<QOpenGLShaderProgram> tile_program_;
    QOpenGLVertexArrayObject tile_vao_;
    QOpenGLBuffer tile_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLVertexArrayObject edge_vao_;
    QOpenGLVertexArrayObject point_vao_;
    QOpenGLBuffer corner_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer segment_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer class_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer state_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer position_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer monomer_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer heat_buffer_{QOpenGLBuffer::VertexBuffer};
    QOpenGLBuffer value_buffer_{QOpenGLBuffer::VertexBuffer};
    std::unique_ptr<QOpenGLFramebufferObject> supersampled_, halfway_;
    int instance_count_ = 0;
    int vertex_count_ = 0;

    // Interop: the source, the registration of state_buffer_ (rebuilt with the buffer's storage,
    // so per scene and per context), and why registration or a write failed (then not retried
    // before the next scene).
    DeviceEdgeStates device_;
    std::unique_ptr<gpu::GlEdgeStateBuffer> interop_;
    QString interop_failure_;
    bool interop_active_ = false;
};

}  // namespace dimerlab::render
