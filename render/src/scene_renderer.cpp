#include "dimerlab_render/scene_renderer.hpp"

#include <QMatrix4x4>
#include <QOpenGLFramebufferObject>
#include <QVector2D>
#include <QVector3D>
#include <algorithm>
#include <array>
#include <exception>
#include <glm/gtc/type_ptr.hpp>

#include "dimerlab_gpu/gl_interop.hpp"
#include "dimerlab_render/palette.hpp"
#include "dimerlab_render/shader_resources.hpp"
#include "model/matching_constants.hpp"
#include "util/gpu_absence_words.hpp"

namespace dimerlab::render {

namespace {

// Attribute locations, fixed in the shaders with layout(location = ...).
constexpr GLuint kCorner = 0, kSegment = 1, kClass = 2, kState = 3, kEdgeValue = 4;
constexpr GLuint kPositionAttr = 0, kMonomerAttr = 1, kHeatAttr = 2;

// Colours: palette.hpp, shared with the colour legend.
QVector3D vec3(const palette::Rgb& c) {
    return QVector3D(c[0], c[1], c[2]);
}
constexpr GLuint kTilePosition = 0, kTileClass = 1;

// The value modes: below this many pixels per lattice unit, dimers are not told apart from the
// field and the edges are supersampled (4 x 4 samples a pixel, by two halvings).
constexpr float kValueDimersMinUnitPx = 6.0f;
constexpr int kSupersample = 4;

std::unique_ptr<QOpenGLShaderProgram> make_program(const QString& name, QString& error) {
    auto program = std::make_unique<QOpenGLShaderProgram>();
    if (!program->addShaderFromSourceFile(QOpenGLShader::Vertex, ":/shaders/" + name + ".vert") ||
        !program->addShaderFromSourceFile(QOpenGLShader::Fragment, ":/shaders/" + name + ".frag") ||
        !program->link()) {
        error = "shader " + name + ": " + program->log();
        return nullptr;
    }
    return program;
}

// The probe runs once per process: a device does not come and go while the lab runs.
const gpu::InteropStatus& interop_status() {
    static const gpu::InteropStatus status = gpu::gl_interop_status();
    return status;
}

}  // namespace

QString EdgeStatePath::text() const {
    return interop ? QString("edge states: CUDA-GL interop")
                   : QString("edge states: CPU upload (%1)").arg(words.isEmpty() ? reason : words);
}

SceneRenderer::SceneRenderer() {
    ensure_shader_resources();
}

// The GL objects belong to the owner's context, which the owner releases them in; Qt frees
// whatever is left when that context is destroyed.
SceneRenderer::~SceneRenderer() = default;

void SceneRenderer::release() {
    interop_.reset();  // unregister before the buffer goes
    interop_active_ = false;
    edge_vao_.destroy();
    point_vao_.destroy();
    tile_vao_.destroy();
    for (QOpenGLBuffer* b :
         {&corner_buffer_, &segment_buffer_, &class_buffer_, &state_buffer_, &position_buffer_,
          &monomer_buffer_, &heat_buffer_, &tile_buffer_, &value_buffer_})
        b->destroy();
    edge_program_.reset();
    point_program_.reset();
    tile_program_.reset();
    supersampled_.reset();
    halfway_.reset();
    ok_ = false;
}

void SceneRenderer::set_scene(std::shared_ptr<const SceneGeometry> scene) {
    device_ = {};  // a chain of the old graph, released before that graph may go with the scene
    scene_ = std::move(scene);
    edge_states_.assign(scene_->instances().size(), 0);
    monomers_.assign(scene_->graph().num_vertices(), 1);
    heat_.assign(scene_->graph().num_vertices(), 0.0f);
    edge_values_.assign(scene_->instances().size(), 0.0f);
    tile_shape_ = render::tile_shape(*scene_);
    tile_classes_ = tile_classes(*scene_, tile_shape_);
    height_ = height_function_for(scene_->graph());
    mate_.assign(scene_->graph().num_vertices(), kNoMate);
    scene_dirty_ = states_dirty_ = heat_dirty_ = tiles_dirty_ = edge_values_dirty_ = true;
}

void SceneRenderer::set_edge_values(std::span<const float> values, float diverging_scale) {
    if (!scene_ || values.size() != scene_->graph().num_edges()) return;
    const auto& instance_edge = scene_->instance_edge();
    for (std::size_t i = 0; i < instance_edge.size(); ++i) edge_values_[i] = values[instance_edge[i]];
    edge_value_scale_ = std::max(diverging_scale, 0.0f);
    edge_values_dirty_ = true;
}

void SceneRenderer::set_heat(std::span<const float> heat) {
    if (!scene_ || heat.size() != heat_.size()) return;
    heat_.assign(heat.begin(), heat.end());
    heat_dirty_ = true;
}

void SceneRenderer::set_states(std::span<const std::uint32_t> mate) {
    if (!scene_ || mate.size() != scene_->graph().num_vertices()) return;
    scene_->edge_states(mate, edge_states_);
    SceneGeometry::monomer_flags(mate, monomers_);
    if (height_) mate_.assign(mate.begin(), mate.end());
    states_dirty_ = tiles_dirty_ = true;
}

void SceneRenderer::set_device_edge_states(DeviceEdgeStates source) {
    device_ = std::move(source);
    states_dirty_ = true;
}

EdgeStatePath SceneRenderer::edge_state_path() const {
    if (interop_active_) return {true, {}, {}};
    const gpu::InteropStatus& status = interop_status();
    if (!status.available) {
        const std::string reason = status.reason.empty() ? "no usable CUDA device" : status.reason;
        return {false, QString::fromStdString(reason),
                QString("no GPU: %1").arg(QString::fromStdString(gpu_absence_in_plain_words(reason)))};
    }
    if (!device_.available())
        return {
            false, QString::fromStdString(device_.why_not.empty() ? "no device chain" : device_.why_not), {}};
    if (!interop_failure_.isEmpty()) return {false, interop_failure_, {}};
    return {false, "not drawn yet", {}};
}

bool SceneRenderer::write_edge_states_on_device() {
    // Only a chain on this very graph: its occupancy is indexed by the instances' edge ids.
    if (!device_.available() || !interop_failure_.isEmpty() || &device_.owner->graph() != &scene_->graph())
        return false;
    if (!interop_status().available) return false;
    try {
        if (!interop_)
            interop_ = std::make_unique<gpu::GlEdgeStateBuffer>(state_buffer_.bufferId(), scene_->graph(),
                                                                scene_->instance_edge());
        interop_->write_from_occupancy(device_.occupancy);
        return true;
    } catch (const std::exception& e) {
        // InfeasibleError (no current context, a context on another GPU) or a CUDA error: the
        // host upload draws the same states.
        interop_.reset();
        interop_failure_ = QString::fromUtf8(e.what());
        return false;
    }
}

void SceneRenderer::upload_edge_states() {
    interop_active_ = write_edge_states_on_device();
    if (interop_active_) return;
    state_buffer_.bind();
    state_buffer_.write(0, edge_states_.data(), int(edge_states_.size()));
}

bool SceneRenderer::initialize() {
    interop_.reset();  // registered with a buffer of a previous context, if any
    interop_active_ = false;
    initializeOpenGLFunctions();
    description_ = QString("%1, OpenGL %2")
                       .arg(reinterpret_cast<const char*>(glGetString(GL_RENDERER)))
                       .arg(reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    QString error;
    edge_program_ = make_program("edges", error);
    point_program_ = make_program("points", error);
    tile_program_ = make_program("tiles", error);
    ok_ = edge_program_ && point_program_ && tile_program_;
    if (!ok_) {
        description_ = error;
        return false;
    }
    // A triangle strip over the unit quad: (along, across).
    const std::array<float, 8> corners{0, -1, 0, 1, 1, -1, 1, 1};
    edge_vao_.create();
    edge_vao_.bind();
    corner_buffer_.create();
    corner_buffer_.bind();
    corner_buffer_.allocate(corners.data(), int(sizeof(corners)));
    glEnableVertexAttribArray(kCorner);
    glVertexAttribPointer(kCorner, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    segment_buffer_.create();
    segment_buffer_.bind();
    glEnableVertexAttribArray(kSegment);
    glVertexAttribPointer(kSegment, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kSegment, 1);
    class_buffer_.create();
    class_buffer_.bind();
    glEnableVertexAttribArray(kClass);
    glVertexAttribPointer(kClass, 1, GL_UNSIGNED_BYTE, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kClass, 1);
    state_buffer_.create();
    state_buffer_.setUsagePattern(QOpenGLBuffer::StreamDraw);
    state_buffer_.bind();
    glEnableVertexAttribArray(kState);
    glVertexAttribPointer(kState, 1, GL_UNSIGNED_BYTE, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kState, 1);
    value_buffer_.create();
    value_buffer_.setUsagePattern(QOpenGLBuffer::StreamDraw);
    value_buffer_.bind();
    glEnableVertexAttribArray(kEdgeValue);
    glVertexAttribPointer(kEdgeValue, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kEdgeValue, 1);
    edge_vao_.release();

    point_vao_.create();
    point_vao_.bind();
    position_buffer_.create();
    position_buffer_.bind();
    glEnableVertexAttribArray(kPositionAttr);
    glVertexAttribPointer(kPositionAttr, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    monomer_buffer_.create();
    monomer_buffer_.setUsagePattern(QOpenGLBuffer::StreamDraw);
    monomer_buffer_.bind();
    glEnableVertexAttribArray(kMonomerAttr);
    glVertexAttribPointer(kMonomerAttr, 1, GL_UNSIGNED_BYTE, GL_FALSE, 0, nullptr);
    heat_buffer_.create();
    heat_buffer_.setUsagePattern(QOpenGLBuffer::StreamDraw);
    heat_buffer_.bind();
    glEnableVertexAttribArray(kHeatAttr);
    glVertexAttribPointer(kHeatAttr, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
    point_vao_.release();

    tile_vao_.create();
    tile_vao_.bind();
    tile_buffer_.create();
    tile_buffer_.setUsagePattern(QOpenGLBuffer::StreamDraw);
    tile_buffer_.bind();
    glEnableVertexAttribArray(kTilePosition);
    glVertexAttribPointer(kTilePosition, 2, GL_FLOAT, GL_FALSE, 3 * sizeof(float), nullptr);
    glEnableVertexAttribArray(kTileClass);
    glVertexAttribPointer(kTileClass, 1, GL_FLOAT, GL_FALSE, 3 * sizeof(float),
                          reinterpret_cast<const void*>(2 * sizeof(float)));
    tile_vao_.release();
    scene_dirty_ = states_dirty_ = heat_dirty_ = tiles_dirty_ = edge_values_dirty_ = true;
    return true;
}

void SceneRenderer::upload_scene() {
    const auto& inst = scene_->instances();
    instance_count_ = int(inst.size());
    vertex_count_ = int(scene_->graph().num_vertices());
    segment_buffer_.bind();
    segment_buffer_.allocate(inst.data(), int(inst.size() * sizeof(EdgeInstance)));
    class_buffer_.bind();
    class_buffer_.allocate(scene_->instance_class().data(), int(scene_->instance_class().size()));
    state_buffer_.bind();
    state_buffer_.allocate(instance_count_);
    position_buffer_.bind();
    position_buffer_.allocate(scene_->vertex_xy().data(), int(scene_->vertex_xy().size() * sizeof(float)));
    monomer_buffer_.bind();
    monomer_buffer_.allocate(vertex_count_);
    heat_buffer_.bind();
    heat_buffer_.allocate(vertex_count_ * int(sizeof(float)));
    value_buffer_.bind();
    value_buffer_.allocate(instance_count_ * int(sizeof(float)));
    scene_dirty_ = false;
}

void SceneRenderer::draw_edges(const QMatrix4x4& qview, int width_px, int height_px, float dpr, float unit_px,
                               double pixels_per_unit, bool heat_mode) {
    edge_program_->bind();
    edge_program_->setUniformValue("view", qview);
    edge_program_->setUniformValue("viewport_px", QVector2D(width_px * dpr, height_px * dpr));
    // Over the height map the empty edges would hide the faces' colours: only dimers are drawn.
    const bool over_heights = colour_mode_ == ColourMode::height && height_;
    const LineWeights& w = line_weights(high_contrast_);
    edge_program_->setUniformValue(
        "edge_px", over_heights
                       ? 0.0f
                       : std::clamp(w.edge_fraction * unit_px, w.edge_min_px * dpr, w.edge_max_px * dpr));
    const float dimer_px = float(scene_->dimer_width() * pixels_per_unit) * dpr * w.dimer_factor;
    edge_program_->setUniformValue("dimer_px", std::max(dimer_px, w.dimer_min_px * dpr));
    const bool by_value = colours_edges_by_value(colour_mode_);
    const int edge_mode =
        heat_mode                                                                               ? 2
        : (colour_mode_ == ColourMode::orientation_parity || colour_mode_ == ColourMode::tiles) ? 1
        : !by_value                                                                             ? 0
        : edge_value_scale_ > 0                                                                 ? 4
                                                                                                : 3;
    edge_program_->setUniformValue("colour_mode", edge_mode);
    // Zoomed out, a dimer is a pixel or two and one random tiling's dimers would speckle the field
    // of probabilities: they are told apart only where they can be seen as dimers.
    const bool value_dimers = unit_px >= kValueDimersMinUnitPx * dpr;
    edge_program_->setUniformValue("value_dimers", value_dimers ? 1 : 0);
    // Every edge carries a value there. Zoomed out, half a lattice unit wide, the edges fill the
    // plane into a field that reads from afar (thin lines would leave it mostly background);
    // zoomed in, a quarter, so the wider dimers stand out.
    const float value_fraction = value_dimers ? 0.25f : 0.5f;
    edge_program_->setUniformValue("value_px", std::max(value_fraction * unit_px, w.edge_min_px * dpr));
    edge_program_->setUniformValue("value_scale", std::max(edge_value_scale_, 1e-6f));
    const Palette& p = palette_of(palette_);
    edge_program_->setUniformValue("ramp_low", vec3(p.height_low));
    edge_program_->setUniformValue("ramp_mid", vec3(p.height_mid));
    edge_program_->setUniformValue("ramp_high", vec3(p.height_high));
    edge_program_->setUniformValue("below_colour", vec3(p.monomer));
    edge_program_->setUniformValue("above_colour",
                                   vec3(palette::Rgb{p.dimer[0][0], p.dimer[0][1], p.dimer[0][2]}));
    palette::Rgb edge = palette_of(palette_).edge;
    for (float& c : edge) c *= w.edge_colour_factor;
    edge_program_->setUniformValue("edge_colour", vec3(edge));
    edge_program_->setUniformValueArray("dimer_colours", &palette_of(palette_).dimer[0][0], 5, 3);
    edge_vao_.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, instance_count_);
    edge_vao_.release();
}

bool SceneRenderer::draw_edges_supersampled(const QMatrix4x4& qview, int width_px, int height_px, float dpr,
                                            float unit_px, double pixels_per_unit) {
    const QSize full(int(width_px * dpr + 0.5f), int(height_px * dpr + 0.5f));
    const QSize big = full * kSupersample, half = full * (kSupersample / 2);
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
    if (full.isEmpty() || big.width() > max_size || big.height() > max_size) return false;
    if (!supersampled_ || supersampled_->size() != big) {
        supersampled_ = std::make_unique<QOpenGLFramebufferObject>(big, QOpenGLFramebufferObject::Depth);
        halfway_ = std::make_unique<QOpenGLFramebufferObject>(half);
    }
    if (!supersampled_->isValid() || !halfway_->isValid()) return false;
    GLint target = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
    glBindFramebuffer(GL_FRAMEBUFFER, supersampled_->handle());
    glViewport(0, 0, big.width(), big.height());
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);  // the clear colour is the background
    const float k = float(kSupersample);
    draw_edges(qview, width_px, height_px, dpr * k, unit_px * k, pixels_per_unit, false);
    // Halving with linear filtering samples each destination pixel between four source pixels:
    // their exact mean, so two halvings are a 4 x 4 box filter.
    glBindFramebuffer(GL_READ_FRAMEBUFFER, supersampled_->handle());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, halfway_->handle());
    glBlitFramebuffer(0, 0, big.width(), big.height(), 0, 0, half.width(), half.height(), GL_COLOR_BUFFER_BIT,
                      GL_LINEAR);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, halfway_->handle());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(target));
    glBlitFramebuffer(0, 0, half.width(), half.height(), 0, 0, full.width(), full.height(),
                      GL_COLOR_BUFFER_BIT, GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(target));
    glViewport(0, 0, full.width(), full.height());
    return true;
}

void SceneRenderer::draw_tiles(const QMatrix4x4& qview) {
    if (tiles_dirty_ || heights_in_buffer_) {
        tile_vertices_.clear();
        append_tile_triangles(*scene_, tile_shape_, tile_classes_, edge_states_, tile_vertices_);
        tile_buffer_.bind();
        tile_buffer_.allocate(tile_vertices_.data(), int(tile_vertices_.size() * sizeof(float)));
        tiles_dirty_ = heights_in_buffer_ = false;
    }
    tile_program_->bind();
    tile_program_->setUniformValue("view", qview);
    tile_program_->setUniformValue("ramp", 0);
    tile_program_->setUniformValueArray("tile_colours",
                                        tile_shape_ == TileShape::domino
                                            ? &palette_of(palette_).domino[0][0]
                                            : &palette_of(palette_).lozenge[0][0],
                                        4, 3);
    tile_vao_.bind();
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(tile_vertices_.size() / 3));
    tile_vao_.release();
    tile_program_->release();
}

// The faces on the height ramp, through the tile program; tiles_dirty_ also marks the heights stale.
void SceneRenderer::draw_heights(const QMatrix4x4& qview) {
    if (tiles_dirty_ || !heights_in_buffer_) {
        tile_vertices_.clear();
        append_height_triangles(*scene_, *height_, height_->heights(mate_), tile_vertices_);
        tile_buffer_.bind();
        tile_buffer_.allocate(tile_vertices_.data(), int(tile_vertices_.size() * sizeof(float)));
        tiles_dirty_ = false;
        heights_in_buffer_ = true;
    }
    tile_program_->bind();
    tile_program_->setUniformValue("view", qview);
    tile_program_->setUniformValue("ramp", 1);
    tile_program_->setUniformValue("ramp_low", vec3(palette_of(palette_).height_low));
    tile_program_->setUniformValue("ramp_mid", vec3(palette_of(palette_).height_mid));
    tile_program_->setUniformValue("ramp_high", vec3(palette_of(palette_).height_high));
    tile_program_->setUniformValue("defect_colour", vec3(palette_of(palette_).height_defect));
    tile_vao_.bind();
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(tile_vertices_.size() / 3));
    tile_vao_.release();
    tile_program_->release();
    // The dimers and monomers go over the faces whatever their depth.
    glClear(GL_DEPTH_BUFFER_BIT);
}

void SceneRenderer::draw(const Camera& camera, int width_px, int height_px, double device_pixel_ratio) {
    const float dpr = float(device_pixel_ratio);
    glViewport(0, 0, int(width_px * dpr + 0.5f), int(height_px * dpr + 0.5f));
    const palette::Rgb& background = palette_of(palette_).background;
    glClearColor(background[0], background[1], background[2], 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!ok_ || !scene_) return;
    if (scene_dirty_) {
        // The buffer's storage is about to be respecified: a registration does not survive that.
        interop_.reset();
        interop_failure_.clear();
        upload_scene();
    }
    if (states_dirty_) {
        upload_edge_states();
        monomer_buffer_.bind();
        monomer_buffer_.write(0, monomers_.data(), int(monomers_.size()));
        states_dirty_ = false;
    }
    if (heat_dirty_) {
        heat_buffer_.bind();
        heat_buffer_.write(0, heat_.data(), int(heat_.size() * sizeof(float)));
        heat_dirty_ = false;
    }
    if (edge_values_dirty_) {
        value_buffer_.bind();
        value_buffer_.write(0, edge_values_.data(), int(edge_values_.size() * sizeof(float)));
        edge_values_dirty_ = false;
    }
    // Both per-vertex modes draw set_heat()'s values; the owner feeds the right ones.
    const bool heat_mode =
        colour_mode_ == ColourMode::monomer_heat || colour_mode_ == ColourMode::exact_marginals;
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glEnable(GL_PROGRAM_POINT_SIZE);

    const float unit_px = float(scene_->unit() * camera.pixels_per_unit()) * dpr;
    const glm::mat4 view = camera.view_matrix();
    const QMatrix4x4 qview(glm::value_ptr(glm::transpose(view)));

    const bool tiles = colour_mode_ == ColourMode::tiles && tile_shape_ != TileShape::none;
    if (tiles) {
        draw_tiles(qview);
    } else {
        if (colour_mode_ == ColourMode::height && height_) draw_heights(qview);
        const bool by_value = colours_edges_by_value(colour_mode_);
        const bool fine_field = by_value && unit_px < kValueDimersMinUnitPx * dpr;
        if (!fine_field ||
            !draw_edges_supersampled(qview, width_px, height_px, dpr, unit_px, camera.pixels_per_unit()))
            draw_edges(qview, width_px, height_px, dpr, unit_px, camera.pixels_per_unit(), heat_mode);
    }

    if (monomers_visible_ || heat_mode) {
        point_program_->bind();
        point_program_->setUniformValue("view", qview);
        const LineWeights& w = line_weights(high_contrast_);
        point_program_->setUniformValue(
            "point_px", std::clamp(w.monomer_fraction * unit_px, w.monomer_min_px * dpr, 64.0f * dpr));
        point_program_->setUniformValue("heat_mode", heat_mode ? 1 : 0);
        point_program_->setUniformValue("point_colour", vec3(palette_of(palette_).monomer));
        point_vao_.bind();
        glDrawArrays(GL_POINTS, 0, vertex_count_);
        point_vao_.release();
        point_program_->release();
    }
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_PROGRAM_POINT_SIZE);
}

}  // namespace dimerlab::render
