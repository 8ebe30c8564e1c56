#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace dimerlab {

enum class VideoFormat { mp4, webm, gif, png_sequence };

std::string_view video_format_name(VideoFormat format);  // "mp4", "webm", "gif", "png-sequence"

// From the path: .mp4 (H.264), .webm (VP9), .gif, or a folder for a PNG sequence (a path ending
// in '/' or naming an existing folder). InputError naming the path otherwise.
VideoFormat video_format_for_path(const std::string& path);

struct VideoOptions {
    int width = 1280;
    int height = 720;
    int fps = 30;
};

// Size 1..8192 per side, even sides for H.264 (yuv420p halves both), fps 1..240. InputError
// saying which. Lets callers refuse bad requests before running anything.
void check_video_options(VideoFormat format, const VideoOptions& options);

// Encodes packed RGB24 frames of one fixed size. Output is atomic: everything goes to a temporary
// file (or folder) next to the target, renamed onto it by finish(); cancel(), a failure or
// destruction before finish() removes it, so no file that looks complete is ever left behind.
class VideoEncoder {
  public:
    // Throws InputError for a bad extension, size or fps, or a folder that cannot be written.
    VideoEncoder(const std::string& path, const VideoOptions& options);
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // `rgb`: width*height*3 bytes, rows top to bottom, no padding.
    void add_frame(std::span<const std::uint8_t> rgb);
    // Flushes, closes and renames. InputError when no frame was added or the disk is full.
    void finish();
    // Discards the output; the encoder is unusable afterwards.
    void cancel();

    VideoFormat format() const;
    int frames() const;
    const std::string& path() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Renders frame `index` into `rgb` (width*height*3 bytes).
using FrameRenderer = std::function<void(int index, std::span<std::uint8_t> rgb)>;
// Called after each frame with (frames done, total); returning false cancels the export.
using VideoProgress = std::function<bool(int done, int total)>;

// Renders and encodes `frames` frames. Returns true when the file is complete, false when the
// progress callback cancelled (nothing left behind). Exceptions also leave nothing behind.
bool encode_video(const std::string& path, const VideoOptions& options, int frames,
                  const FrameRenderer& render, const VideoProgress& progress = {});

}  // namespace dimerlab
