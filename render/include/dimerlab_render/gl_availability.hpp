#pragma once
// Whether OpenGL 3.3 can be had, asked in two steps because Qt's xcb platform aborts inside the
// QGuiApplication constructor when there is no X display (docs/building.md §6.1).
#include <string>

namespace dimerlab::render {

// Before any QGuiApplication exists: true when the platform Qt would pick needs X (unset or xcb)
// and neither DISPLAY nor WAYLAND_DISPLAY is set.
bool display_missing();

// Before the QGuiApplication, when QT_QPA_PLATFORM is unset: asks for xcb with the offscreen
// platform as fallback, so an X display that cannot be reached (a stale DISPLAY) gives an
// offscreen platform without OpenGL, which offscreen_gl_unavailable_reason() reports, instead of
// Qt's abort inside the constructor.
void request_x_platform_with_fallback();

// Requests a 3.3 core context with a depth buffer for every context created afterwards. Call it
// before the QGuiApplication, as QOpenGLWidget reads it then. Without vsync a swap never waits for
// the display, so a measured frame rate is the program's own.
void set_default_gl_format(bool vsync = true);

// With a QGuiApplication: empty when an off-screen OpenGL 3.3 context can be created, else why not.
std::string offscreen_gl_unavailable_reason();

// With a QGuiApplication: empty when a window can show OpenGL 3.3, else why not. Stricter than the
// off-screen check: the offscreen and minimal platforms hand out a context, but a QOpenGLWidget
// shown there crashes, so they are refused before any widget exists.
std::string window_gl_unavailable_reason();

}  // namespace dimerlab::render
