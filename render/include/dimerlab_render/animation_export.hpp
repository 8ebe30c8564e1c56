#pragma once
// Exporting an animation of a session: the one entry point the app's Export Animation dialog and
// `dimerlab-cli render` share. Frame 0 shows the session's state at its update index (replayed
// from update 0); frame k shows it `k · updates_per_frame` updates later. Frames are drawn by the
// viewport's own renderer off-screen and encoded by dimerlab_video (MP4, WebM, GIF, PNG sequence),
// atomically: a failure or a cancel leaves no file behind.
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "dimerlab_lab/session.hpp"
#include "dimerlab_render/palette.hpp"
#include "sampling/sampler.hpp"

namespace dimerlab::render {

// How frames look: the window's palette and line weights, handed to its exports.
struct FrameLook {
    PaletteKind palette = PaletteKind::colour_blind_safe;
    bool high_contrast = false;
};

// The chain runs on session.backend; every backend gives identical frames.
struct AnimationRequest {
    Session session;
    int frames = 120;
    int fps = 30;
    int width = 1280;
    int height = 720;
    double sweeps_per_frame = 1;
    bool fit = false;  // show the whole graph even when the session has a camera
    // Paint the presentation caption (graph, λ, dynamics, sweeps) at the top of every frame and
    // the colour legend at the bottom, as the window's presentation mode shows them.
    bool caption = false;
    PaletteKind palette = PaletteKind::colour_blind_safe;
    bool high_contrast = false;  // the projector's line weights and caption sizes (line_weights.hpp)
    std::string out;             // FILE.mp4 | FILE.webm | FILE.gif | DIR/
};

constexpr int kMaxAnimationFrames = 100000;

// The caption line of a frame: "grid:12x12 · λ = 1 · glauber dynamics · 300 sweeps". A non-empty
// `progress` stands in for the sweep count (see frame_progress).
std::string frame_caption(const std::string& spec, double lambda, const std::string& dynamics, double sweeps,
                          const std::string& progress = {});

// What a frame has reached when sweeps do not say it: "order k of N" for the shuffling steps
// (one update per step, thousands of them to a sweep); empty for every other sampler.
std::string frame_progress(const Sampler& sampler);
constexpr double kMaxSweepsPerFrame = 1e6;

// Every check that needs neither the graph nor OpenGL: output format and folder, size, fps, frame
// count, sweeps per frame. InputError saying which.
void check_animation_request(const AnimationRequest& request);

// Draws the request's frames in order with the off-screen renderer, ignoring `out`. Needs a
// QGuiApplication with OpenGL (gl_availability.hpp); `sink` gets packed RGB24 frames (top row
// first) and returns false to stop. Returns false when stopped. `notice`, when given, receives the
// replay's backend notice (SessionReplay::notice()).
bool render_animation(const AnimationRequest& request,
                      const std::function<bool(int index, std::span<const std::uint8_t> rgb)>& sink,
                      std::string* notice = nullptr);

// check_animation_request, then renders and encodes to request.out. `progress(done, total)` runs
// after each frame; returning false cancels. Returns true when the file is complete, false when
// cancelled; throws InputError for bad input and std::runtime_error when OpenGL fails. Nothing is
// left at `out` unless it returns true. `notice` as for render_animation.
bool export_animation(const AnimationRequest& request,
                      const std::function<bool(int done, int total)>& progress = {},
                      std::string* notice = nullptr);

}  // namespace dimerlab::render
