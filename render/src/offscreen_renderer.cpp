#include "dimerlab_render/offscreen_renderer.hpp"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>
#include <cstring>
#include <stdexcept>
#include <string>

#include "util/errors.hpp"

namespace dimerlab::render {

namespace {
constexpr int kMaxSide = 8192;
}

OffscreenRenderer::OffscreenRenderer(int width, int height) : width_(width), height_(height) {
    if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
        throw InputError("render size " + std::to_string(width) + "x" + std::to_string(height) +
                         ": each side must lie in 1.." + std::to_string(kMaxSide));
    context_ = std::make_unique<QOpenGLContext>();
    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    context_->setFormat(format);
    if (!context_->create()) throw std::runtime_error("cannot create an OpenGL 3.3 context");
    surface_ = std::make_unique<QOffscreenSurface>();
    surface_->setFormat(context_->format());
    surface_->create();
    if (!context_->makeCurrent(surface_.get()))
        throw std::runtime_error("cannot make the off-screen OpenGL context current");
    QOpenGLFramebufferObjectFormat fbo_format;
    fbo_format.setAttachment(QOpenGLFramebufferObject::Depth);
    fbo_ = std::make_unique<QOpenGLFramebufferObject>(width, height, fbo_format);
    if (!fbo_->isValid())
        throw std::runtime_error("cannot create a " + std::to_string(width) + "x" + std::to_string(height) +
                                 " OpenGL framebuffer");
    renderer_ = std::make_unique<SceneRenderer>();
    if (!renderer_->initialize()) throw std::runtime_error(renderer_->description().toStdString());
    camera_.set_viewport(width, height);
}

OffscreenRenderer::~OffscreenRenderer() {
    if (context_ && surface_ && context_->makeCurrent(surface_.get())) {
        if (renderer_) renderer_->release();
        fbo_.reset();
        context_->doneCurrent();
    }
}

void OffscreenRenderer::draw() {
    if (!context_->makeCurrent(surface_.get()))
        throw std::runtime_error("cannot make the off-screen OpenGL context current");
    fbo_->bind();
    camera_.set_viewport(width_, height_);
    renderer_->draw(camera_, width_, height_, 1.0);
}

void OffscreenRenderer::render_rgb(std::span<std::uint8_t> rgb) {
    const std::size_t row = std::size_t(width_) * 3;
    if (rgb.size() != row * std::size_t(height_))
        throw std::invalid_argument("OffscreenRenderer::render_rgb: buffer size does not match");
    draw();
    // RGBA is the framebuffer's own layout: Mesa copies it straight, where GL_RGB takes a slow
    // per-pixel conversion path.
    rows_.resize(std::size_t(width_) * std::size_t(height_) * 4);
    QOpenGLFunctions* gl = context_->functions();
    gl->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rows_.data());
    // GL's rows start at the bottom; video frames and images start at the top.
    for (int y = 0; y < height_; ++y) {
        const std::uint8_t* src = rows_.data() + std::size_t(height_ - 1 - y) * std::size_t(width_) * 4;
        std::uint8_t* dst = rgb.data() + std::size_t(y) * row;
        for (int x = 0; x < width_; ++x, src += 4, dst += 3) {
            dst[0] = src[0];
            dst[1] = src[1];
            dst[2] = src[2];
        }
    }
    fbo_->release();
}

QImage OffscreenRenderer::render_image() {
    QImage image(width_, height_, QImage::Format_RGB888);
    std::vector<std::uint8_t> rgb(std::size_t(width_) * height_ * 3);
    render_rgb(rgb);
    for (int y = 0; y < height_; ++y)
        std::memcpy(image.scanLine(y), rgb.data() + std::size_t(y) * width_ * 3, std::size_t(width_) * 3);
    return image;
}

}  // namespace dimerlab::render
