#include "dimerlab_render/gl_availability.hpp"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <QtGlobal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

namespace dimerlab::render {

namespace {
bool unset(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr || *value == 0;
}

// The X display asked for when the offscreen fallback was requested (Qt may clear DISPLAY later).
std::string& fallback_display() {
    static std::string display;
    return display;
}
}  // namespace

bool display_missing() {
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    const bool wants_x = unset("QT_QPA_PLATFORM") || std::strncmp(platform, "xcb", 3) == 0;
    return wants_x && unset("DISPLAY") && unset("WAYLAND_DISPLAY");
}

void request_x_platform_with_fallback() {
    if (!unset("QT_QPA_PLATFORM")) return;
    qputenv("QT_QPA_PLATFORM", "xcb;offscreen");
    if (!unset("DISPLAY")) fallback_display() = std::getenv("DISPLAY");
}

void set_default_gl_format(bool vsync) {
    QSurfaceFormat format;
    if (!vsync) format.setSwapInterval(0);
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    QSurfaceFormat::setDefaultFormat(format);
}

std::string offscreen_gl_unavailable_reason() {
    // The offscreen platform hands out a compatibility context even when core is asked for
    // (docs/building.md §6.1); that runs the 330 core shaders too, so only the version is checked.
    QOpenGLContext context;
    context.setFormat(QSurfaceFormat::defaultFormat());
    if (!context.create()) {
        if (QGuiApplication::platformName() == "offscreen" && !fallback_display().empty())
            return "cannot connect to the X display '" + fallback_display() + "'";
        return "cannot create an OpenGL context on the Qt platform '" +
               QGuiApplication::platformName().toStdString() + "'";
    }
    QOffscreenSurface surface;
    surface.setFormat(context.format());
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface)) return "cannot make an OpenGL context current";
    context.doneCurrent();
    const QSurfaceFormat f = context.format();
    if (std::make_pair(f.majorVersion(), f.minorVersion()) < std::make_pair(3, 3))
        return "OpenGL " + std::to_string(f.majorVersion()) + "." + std::to_string(f.minorVersion()) +
               " found, 3.3 needed";
    return {};
}

std::string window_gl_unavailable_reason() {
    const QString platform = QGuiApplication::platformName();
    if (platform == "offscreen" && !fallback_display().empty())
        return "cannot connect to the X display '" + fallback_display() + "'";
    if (platform == "offscreen" || platform == "minimal")
        return "the Qt platform '" + platform.toStdString() + "' has no OpenGL";
    return offscreen_gl_unavailable_reason();
}

}  // namespace dimerlab::render
