#include "gl_viewport.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>

#include "model/matching_constants.hpp"
#include "resources.hpp"

namespace dimerlab::app {

namespace {

// Attribute locations, fixed in the shaders with layout(location = ...).
constexpr GLuint kCorner = 0, kSegment = 1, kClass = 2, kState = 3;
constexpr GLuint kPositionAttr = 0, kMonomerAttr = 1;

// Colours (0..1). The screenshot tests look for the orange and the blue.
constexpr std::array<float, 3> kBackground{1.0f, 1.0f, 1.0f};
constexpr std::array<float, 3> kEdge{0.75f, 0.75f, 0.75f};
constexpr std::array<float, 3> kMonomer{40 / 255.f, 90 / 255.f, 200 / 255.f};
// Horizontal even, horizontal odd, vertical even, vertical odd, and the plain orange.
constexpr float kDimerColours[5][3] = {{230 / 255.f, 120 / 255.f, 20 / 255.f},
                                       {235 / 255.f, 200 / 255.f, 40 / 255.f},
                                       {40 / 255.f, 160 / 255.f, 80 / 255.f},
                                       {160 / 255.f, 60 / 255.f, 170 / 255.f},
                                       {230 / 255.f, 120 / 255.f, 20 / 255.f}};

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

}  // namespace

GlViewport::GlViewport(QWidget* parent) : QOpenGLWidget(parent) {
    ensure_resources();
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(64, 64);
}

GlViewport::~GlViewport() {
    if (context()) {
        makeCurrent();
        release_gl();
        doneCurrent();
    }
}

void GlViewport::release_gl() {
    edge_vao_.destroy();
    point_vao_.destroy();
    for (QOpenGLBuffer* b : {&corner_buffer_, &segment_buffer_, &class_buffer_, &state_buffer_,
                             &position_buffer_, &monomer_buffer_})
        b->destroy();
    edge_program_.reset();
    point_program_.reset();
}

void GlViewport::set_scene(std::shared_ptr<const SceneGeometry> scene) {
    scene_ = std::move(scene);
    edge_states_.assign(scene_->instances().size(), 0);
    monomers_.assign(scene_->graph().num_vertices(), 1);
    mate_.assign(scene_->graph().num_vertices(), kNoMate);
    scene_dirty_ = states_dirty_ = true;
    auto_fit_ = true;
    update();
}

void GlViewport::show_snapshot(const Snapshot& snapshot) {
    if (!scene_ || snapshot.mate.size() != scene_->graph().num_vertices()) return;
    scene_->edge_states(snapshot.mate, edge_states_);
    SceneGeometry::monomer_flags(snapshot.mate, monomers_);
    mate_ = snapshot.mate;  // for the hover tooltip
    states_dirty_ = true;
    update();
}

ViewSettings GlViewport::view_settings() const {
    ViewSettings v;
    v.has_camera = true;
    v.centre_x = camera_.centre().x;
    v.centre_y = camera_.centre().y;
    v.pixels_per_unit = camera_.pixels_per_unit();
    v.colour = colour_mode_;
    return v;
}

void GlViewport::apply_view_settings(const ViewSettings& view) {
    colour_mode_ = view.colour;
    if (view.has_camera) {
        camera_.set_view({view.centre_x, view.centre_y}, view.pixels_per_unit);
        auto_fit_ = false;
    }
    update();
}

void GlViewport::fit_view() {
    if (!scene_) return;
    camera_.set_viewport(width(), height());
    camera_.fit(scene_->bounds());
    auto_fit_ = true;
    update();
}

void GlViewport::set_colour_mode(ColourMode mode) {
    colour_mode_ = mode;
    update();
}

void GlViewport::initializeGL() {
    initializeOpenGLFunctions();
    gl_description_ = QString("%1, OpenGL %2")
                          .arg(reinterpret_cast<const char*>(glGetString(GL_RENDERER)))
                          .arg(reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    QString error;
    edge_program_ = make_program("edges", error);
    point_program_ = make_program("points", error);
    gl_ok_ = edge_program_ && point_program_;
    if (!gl_ok_) {
        gl_description_ = error;
        qWarning("dimerlab: %s", qPrintable(error));
        return;
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
    point_vao_.release();
    scene_dirty_ = states_dirty_ = true;
}

void GlViewport::upload_scene() {
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
    scene_dirty_ = false;
}

void GlViewport::resizeGL(int w, int h) {
    camera_.set_viewport(w, h);
    if (auto_fit_ && scene_) fit_view();
}

void GlViewport::paintGL() {
    ++frames_drawn_;
    glClearColor(kBackground[0], kBackground[1], kBackground[2], 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!gl_ok_ || !scene_) return;
    camera_.set_viewport(width(), height());
    if (auto_fit_) camera_.fit(scene_->bounds());
    if (scene_dirty_) upload_scene();
    if (states_dirty_) {
        state_buffer_.bind();
        state_buffer_.write(0, edge_states_.data(), int(edge_states_.size()));
        monomer_buffer_.bind();
        monomer_buffer_.write(0, monomers_.data(), int(monomers_.size()));
        states_dirty_ = false;
    }
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glEnable(GL_PROGRAM_POINT_SIZE);

    const float dpr = float(devicePixelRatioF());
    const float unit_px = float(scene_->unit() * camera_.pixels_per_unit()) * dpr;
    const glm::mat4 view = camera_.view_matrix();
    const QMatrix4x4 qview(glm::value_ptr(glm::transpose(view)));

    edge_program_->bind();
    edge_program_->setUniformValue("view", qview);
    edge_program_->setUniformValue("viewport_px", QVector2D(width() * dpr, height() * dpr));
    edge_program_->setUniformValue("edge_px", std::clamp(0.06f * unit_px, 1.0f * dpr, 3.0f * dpr));
    edge_program_->setUniformValue("dimer_px", std::max(0.36f * unit_px, 2.0f * dpr));
    edge_program_->setUniformValue("colour_mode", colour_mode_ == ColourMode::orientation_parity ? 1 : 0);
    edge_program_->setUniformValue("edge_colour", QVector3D(kEdge[0], kEdge[1], kEdge[2]));
    edge_program_->setUniformValueArray("dimer_colours", &kDimerColours[0][0], 5, 3);
    edge_vao_.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, instance_count_);
    edge_vao_.release();

    point_program_->bind();
    point_program_->setUniformValue("view", qview);
    point_program_->setUniformValue("point_px", std::clamp(0.45f * unit_px, 3.0f * dpr, 64.0f * dpr));
    point_program_->setUniformValue("point_colour", QVector3D(kMonomer[0], kMonomer[1], kMonomer[2]));
    point_vao_.bind();
    glDrawArrays(GL_POINTS, 0, vertex_count_);
    point_vao_.release();
}

void GlViewport::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        dragging_ = true;
        last_mouse_ = event->position();
    }
}

void GlViewport::mouseMoveEvent(QMouseEvent* event) {
    if (dragging_) {
        const QPointF d = event->position() - last_mouse_;
        last_mouse_ = event->position();
        camera_.pan_pixels({d.x(), d.y()});
        auto_fit_ = false;
        update();
        return;
    }
    const QString text = hover_text(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

void GlViewport::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) dragging_ = false;
}

void GlViewport::wheelEvent(QWheelEvent* event) {
    // One notch (120) zooms by about 20%.
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    camera_.zoom_about({event->position().x(), event->position().y()}, factor);
    auto_fit_ = false;
    update();
}

void GlViewport::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F) {
        fit_view();
    } else {
        QOpenGLWidget::keyPressEvent(event);
    }
}

QString GlViewport::hover_text(const QPointF& pos) const {
    if (!scene_) return {};
    const auto hit = scene_->pick(camera_.screen_to_world({pos.x(), pos.y()}));
    if (!hit) return {};
    const Graph& g = scene_->graph();
    if (hit->kind == PickResult::Kind::vertex) {
        const VertexId v = hit->id;
        const bool monomer = v < monomers_.size() && monomers_[v];
        return QString("vertex %1\ndegree %2\n%3")
            .arg(v)
            .arg(g.degree(v))
            .arg(monomer ? "monomer" : "matched");
    }
    const Edge& e = g.edge(hit->id);
    const bool dimer = e.u < mate_.size() && mate_[e.u] == e.v;
    return QString("edge %1 (%2–%3)\ndegrees %4, %5\n%6")
        .arg(hit->id)
        .arg(e.u)
        .arg(e.v)
        .arg(g.degree(e.u))
        .arg(g.degree(e.v))
        .arg(dimer ? "dimer" : "empty");
}

}  // namespace dimerlab::app
