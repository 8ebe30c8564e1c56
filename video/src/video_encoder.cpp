#include "dimerlab_video/video_encoder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "export/figure_style.hpp"
#include "util/errors.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace dimerlab {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxFps = 240;

std::string av_error_text(int code) {
    char buf[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, buf, sizeof buf);
    return buf;
}

bool ends_with_ci(const std::string& s, std::string_view ext) {
    if (s.size() <= ext.size()) return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(s[s.size() - ext.size() + i])) != ext[i]) return false;
    }
    return true;
}

}  // namespace

// Named, not anonymous: VideoEncoder::Impl holds one, and a class with external linkage must not
// hold a member of an anonymous type (a unity build would warn, as a header would).
namespace video_detail {

// The GIF palette: the four figure colours exactly, then a 6x6x6 cube for anything else a
// caller draws. PAL8 with this palette keeps the figure colours undithered and sharp, where
// FFmpeg's RGB8 (3-3-2) would dither them (docs/building.md §6.5).
class GifPalette {
  public:
    GifPalette() {
        for (Rgb c : {kBackgroundColour, kEdgeColour, kDimerColour, kMonomerColour}) add(c);
        for (int r = 0; r < 6; ++r)
            for (int g = 0; g < 6; ++g)
                for (int b = 0; b < 6; ++b) {
                    add(Rgb{static_cast<std::uint8_t>(r * 51), static_cast<std::uint8_t>(g * 51),
                            static_cast<std::uint8_t>(b * 51)});
                }
        // Nearest entry for every 15-bit colour, so unknown colours cost one lookup.
        lut_.resize(1 << 15);
        for (int i = 0; i < (1 << 15); ++i) {
            const int r = ((i >> 10) & 31) * 8 + 4, g = ((i >> 5) & 31) * 8 + 4, b = (i & 31) * 8 + 4;
            int best = 0, best_d = 1 << 30;
            for (int k = 0; k < count_; ++k) {
                const int dr = r - colours_[k].r, dg = g - colours_[k].g, db = b - colours_[k].b;
                const int d = dr * dr + dg * dg + db * db;
                if (d < best_d) best_d = d, best = k;
            }
            lut_[i] = static_cast<std::uint8_t>(best);
        }
    }
    void write_argb(std::uint8_t* dst) const {
        std::uint32_t pal[256] = {};
        for (int k = 0; k < count_; ++k) {
            pal[k] = 0xff000000u | (std::uint32_t(colours_[k].r) << 16) |
                     (std::uint32_t(colours_[k].g) << 8) | colours_[k].b;
        }
        std::memcpy(dst, pal, sizeof pal);
    }
    std::uint8_t index(std::uint8_t r, std::uint8_t g, std::uint8_t b) const {
        for (int k = 0; k < 4; ++k) {
            if (colours_[k].r == r && colours_[k].g == g && colours_[k].b == b)
                return static_cast<std::uint8_t>(k);
        }
        return lut_[((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)];
    }

  private:
    void add(Rgb c) { colours_[count_++] = c; }
    Rgb colours_[256];
    int count_ = 0;
    std::vector<std::uint8_t> lut_;
};

}  // namespace video_detail

std::string_view video_format_name(VideoFormat format) {
    switch (format) {
        case VideoFormat::mp4:
            return "mp4";
        case VideoFormat::webm:
            return "webm";
        case VideoFormat::gif:
            return "gif";
        case VideoFormat::png_sequence:
            return "png-sequence";
    }
    return "?";
}

VideoFormat video_format_for_path(const std::string& path) {
    if (path.empty()) throw InputError("video output path is empty");
    if (ends_with_ci(path, ".mp4")) return VideoFormat::mp4;
    if (ends_with_ci(path, ".webm")) return VideoFormat::webm;
    if (ends_with_ci(path, ".gif")) return VideoFormat::gif;
    std::error_code ec;
    if (path.back() == '/' || fs::is_directory(path, ec)) return VideoFormat::png_sequence;
    throw InputError("video output '" + path +
                     "': unsupported file extension; expected .mp4, .webm, .gif or a folder ending in '/' "
                     "for a PNG sequence");
}

void check_video_options(VideoFormat format, const VideoOptions& o) {
    if (o.width <= 0 || o.height <= 0 || o.width > kMaxFrameSide || o.height > kMaxFrameSide) {
        throw InputError("video size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                         " is out of range: each side must be 1 to " + std::to_string(kMaxFrameSide));
    }
    if (format == VideoFormat::mp4 && (o.width % 2 != 0 || o.height % 2 != 0)) {
        throw InputError("video size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                         ": H.264 (yuv420p) needs an even width and height");
    }
    if (o.fps < 1 || o.fps > kMaxFps) {
        throw InputError("frame rate " + std::to_string(o.fps) + " is out of range: expected 1 to " +
                         std::to_string(kMaxFps));
    }
}

struct VideoEncoder::Impl {
    std::string path;
    VideoFormat format = VideoFormat::mp4;
    VideoOptions options;
    std::string temp;  // temporary file, or folder for PNG sequences
    std::string final_dir;
    AVFormatContext* fmt = nullptr;
    AVCodecContext* enc = nullptr;
    AVStream* stream = nullptr;
    SwsContext* sws = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    std::unique_ptr<video_detail::GifPalette> palette;
    int frames = 0;
    bool done = false;  // finished or discarded

    [[noreturn]] void fail_write(int code) const {
        throw InputError("cannot write '" + path + "': " + av_error_text(code));
    }
    [[noreturn]] static void fail_codec(const char* what, int code) {
        throw std::runtime_error(std::string(what) + ": " + av_error_text(code));
    }

    void open();
    void open_codec(const char* encoder_name, AVPixelFormat pix_fmt);
    void drain();
    void write_png(const AVPacket* pkt);
    void release();
    void discard();
};

void VideoEncoder::Impl::open() {
    // FFmpeg logs encoder statistics to stderr at INFO; the CLI promises one "error:" line and
    // errors reach callers as exceptions. A level someone set on purpose is left alone.
    static std::once_flag quiet;
    std::call_once(quiet, [] {
        if (av_log_get_level() == AV_LOG_INFO) av_log_set_level(AV_LOG_QUIET);
    });
    const fs::path target = format == VideoFormat::png_sequence && path.back() == '/'
                                ? fs::path(path.substr(0, path.find_last_not_of('/') + 1))
                                : fs::path(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // Same folder as the target, so the final rename is atomic (never a cross-device copy).
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    if (format == VideoFormat::png_sequence) {
        std::error_code ec;
        if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec))) {
            throw InputError("cannot write PNG sequence to '" + path +
                             "': it exists and is not an empty folder");
        }
        if (::mkdtemp(tmpl.data()) == nullptr) {
            throw InputError("cannot write '" + path + "': " + std::strerror(errno));
        }
        temp = tmpl;
        final_dir = target.string();
        ::chmod(temp.c_str(), 0755);  // mkdtemp makes 0700; exports are shared
        open_codec("png", AV_PIX_FMT_RGB24);
        return;
    }
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
    temp = tmpl;
    ::fchmod(fd, 0644);  // mkstemp makes 0600; exports are shared
    ::close(fd);

    // The muxer is named, not guessed: the temporary name has no meaningful extension.
    const char* muxer = format == VideoFormat::mp4 ? "mp4" : format == VideoFormat::webm ? "webm" : "gif";
    int ret = avformat_alloc_output_context2(&fmt, nullptr, muxer, temp.c_str());
    if (ret < 0 || fmt == nullptr) fail_codec("cannot create the output container", ret);
    switch (format) {
        case VideoFormat::mp4:
            open_codec("libx264", AV_PIX_FMT_YUV420P);
            break;
        case VideoFormat::webm:
            open_codec("libvpx-vp9", AV_PIX_FMT_YUV420P);
            break;
        default:
            open_codec("gif", AV_PIX_FMT_PAL8);
            break;
    }
    stream = avformat_new_stream(fmt, nullptr);
    if (stream == nullptr) throw std::bad_alloc();
    ret = avcodec_parameters_from_context(stream->codecpar, enc);
    if (ret < 0) fail_codec("cannot set stream parameters", ret);
    stream->time_base = enc->time_base;
    ret = avio_open(&fmt->pb, temp.c_str(), AVIO_FLAG_WRITE);
    if (ret < 0) fail_write(ret);
    AVDictionary* mux_opts = nullptr;
    // Index first, so players and browsers start before the whole file has arrived.
    if (format == VideoFormat::mp4) av_dict_set(&mux_opts, "movflags", "+faststart", 0);
    ret = avformat_write_header(fmt, &mux_opts);
    av_dict_free(&mux_opts);
    if (ret < 0) fail_write(ret);
}

void VideoEncoder::Impl::open_codec(const char* encoder_name, AVPixelFormat pix_fmt) {
    const AVCodec* codec = avcodec_find_encoder_by_name(encoder_name);
    if (codec == nullptr) {
        throw InfeasibleError(std::string("this FFmpeg build has no '") + encoder_name + "' encoder");
    }
    enc = avcodec_alloc_context3(codec);
    if (enc == nullptr) throw std::bad_alloc();
    enc->width = options.width;
    enc->height = options.height;
    enc->pix_fmt = pix_fmt;
    enc->time_base = AVRational{1, options.fps};
    enc->framerate = AVRational{options.fps, 1};
    enc->gop_size = options.fps * 2;  // a key frame every two seconds: seeking in slides
    if (fmt != nullptr && (fmt->oformat->flags & AVFMT_GLOBALHEADER))
        enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    // Settings as in docs/building.md §6.5: fast enough for interactive export, small files.
    if (format == VideoFormat::mp4) {
        av_opt_set(enc->priv_data, "preset", "veryfast", 0);
        av_opt_set(enc->priv_data, "crf", "23", 0);
    } else if (format == VideoFormat::webm) {
        enc->bit_rate = 0;
        av_opt_set(enc->priv_data, "deadline", "realtime", 0);
        av_opt_set(enc->priv_data, "cpu-used", "8", 0);
        av_opt_set(enc->priv_data, "crf", "32", 0);
        av_opt_set(enc->priv_data, "row-mt", "1", 0);
    }
    int ret = avcodec_open2(enc, codec, nullptr);
    if (ret < 0) fail_codec((std::string("cannot open the ") + encoder_name + " encoder").c_str(), ret);
    frame = av_frame_alloc();
    packet = av_packet_alloc();
    if (frame == nullptr || packet == nullptr) throw std::bad_alloc();
    frame->format = pix_fmt;
    frame->width = options.width;
    frame->height = options.height;
    ret = av_frame_get_buffer(frame, 0);
    if (ret < 0) fail_codec("cannot allocate a frame", ret);
    if (pix_fmt == AV_PIX_FMT_YUV420P) {
        // Same size in and out: only the colour conversion, no scaling.
        sws = sws_getContext(options.width, options.height, AV_PIX_FMT_RGB24, options.width, options.height,
                             pix_fmt, SWS_POINT, nullptr, nullptr, nullptr);
        if (sws == nullptr) throw std::runtime_error("cannot create the RGB to YUV converter");
    } else if (pix_fmt == AV_PIX_FMT_PAL8) {
        palette = std::make_unique<video_detail::GifPalette>();
    }
}

void VideoEncoder::Impl::write_png(const AVPacket* pkt) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", static_cast<int>(pkt->pts) + 1);
    const std::string file = temp + "/" + name;
    std::FILE* f = std::fopen(file.c_str(), "wb");
    if (f == nullptr) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
    const bool ok = std::fwrite(pkt->data, 1, static_cast<std::size_t>(pkt->size), f) ==
                    static_cast<std::size_t>(pkt->size);
    const int err = errno;
    if (std::fclose(f) != 0 || !ok) {
        throw InputError("cannot write '" + path + "': " + std::strerror(ok ? errno : err));
    }
}

void VideoEncoder::Impl::drain() {
    for (;;) {
        int ret = avcodec_receive_packet(enc, packet);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF) return;
        if (ret < 0) fail_codec("encoding failed", ret);
        if (format == VideoFormat::png_sequence) {
            try {
                write_png(packet);
            } catch (...) {
                av_packet_unref(packet);
                throw;
            }
            av_packet_unref(packet);
            continue;
        }
        // libx264 leaves durations at 0; the MP4 muxer then ends its edit list at the last
        // frame's start and players (and our decode test) drop that frame.
        if (packet->duration == 0) packet->duration = 1;
        av_packet_rescale_ts(packet, enc->time_base, stream->time_base);
        packet->stream_index = stream->index;
        ret = av_interleaved_write_frame(fmt, packet);  // takes the packet's reference
        if (ret < 0) fail_write(ret);
    }
}

void VideoEncoder::Impl::release() {
    if (fmt != nullptr) {
        if (fmt->pb != nullptr) avio_closep(&fmt->pb);
        avformat_free_context(fmt);
        fmt = nullptr;
    }
    avcodec_free_context(&enc);
    av_frame_free(&frame);
    av_packet_free(&packet);
    sws_freeContext(sws);
    sws = nullptr;
}

void VideoEncoder::Impl::discard() {
    release();
    if (!temp.empty()) {
        std::error_code ec;
        fs::remove_all(temp, ec);
        temp.clear();
    }
    done = true;
}

VideoEncoder::VideoEncoder(const std::string& path, const VideoOptions& options)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->format = video_format_for_path(path);
    impl_->options = options;
    check_video_options(impl_->format, options);
    try {
        impl_->open();
    } catch (...) {
        impl_->discard();
        throw;
    }
}

VideoEncoder::~VideoEncoder() {
    if (!impl_->done) impl_->discard();
}

void VideoEncoder::add_frame(std::span<const std::uint8_t> rgb) {
    Impl& s = *impl_;
    if (s.done) throw std::logic_error("VideoEncoder::add_frame after finish or cancel");
    const int w = s.options.width, h = s.options.height;
    if (rgb.size() != std::size_t(w) * h * 3) {
        throw std::invalid_argument("VideoEncoder::add_frame: expected " +
                                    std::to_string(std::size_t(w) * h * 3) + " bytes, got " +
                                    std::to_string(rgb.size()));
    }
    try {
        // The encoder may still hold the previous frame's buffers (lookahead).
        int ret = av_frame_make_writable(s.frame);
        if (ret < 0) s.fail_codec("cannot allocate a frame", ret);
        if (s.sws != nullptr) {
            const std::uint8_t* src[1] = {rgb.data()};
            const int src_stride[1] = {w * 3};
            sws_scale(s.sws, src, src_stride, 0, h, s.frame->data, s.frame->linesize);
        } else if (s.palette) {
            s.palette->write_argb(s.frame->data[1]);
            for (int y = 0; y < h; ++y) {
                const std::uint8_t* in = rgb.data() + std::size_t(y) * w * 3;
                std::uint8_t* out = s.frame->data[0] + std::size_t(y) * s.frame->linesize[0];
                for (int x = 0; x < w; ++x, in += 3) out[x] = s.palette->index(in[0], in[1], in[2]);
            }
        } else {
            av_image_copy_plane(s.frame->data[0], s.frame->linesize[0], rgb.data(), w * 3, w * 3, h);
        }
        s.frame->pts = s.frames;
        ret = avcodec_send_frame(s.enc, s.frame);
        if (ret < 0) s.fail_codec("encoding failed", ret);
        s.drain();
        ++s.frames;
    } catch (...) {
        s.discard();
        throw;
    }
}

void VideoEncoder::finish() {
    Impl& s = *impl_;
    if (s.done) throw std::logic_error("VideoEncoder::finish after finish or cancel");
    try {
        if (s.frames == 0) throw InputError("video '" + s.path + "' has no frames");
        int ret = avcodec_send_frame(s.enc, nullptr);
        if (ret < 0) s.fail_codec("encoding failed", ret);
        s.drain();
        if (s.fmt != nullptr) {
            ret = av_write_trailer(s.fmt);
            if (ret < 0) s.fail_write(ret);
            ret = avio_closep(&s.fmt->pb);
            if (ret < 0) s.fail_write(ret);
        }
        s.release();
        const std::string& target = s.format == VideoFormat::png_sequence ? s.final_dir : s.path;
        // rename(2) replaces a file, or an empty folder with a folder, in one step.
        if (std::rename(s.temp.c_str(), target.c_str()) != 0) {
            throw InputError("cannot write '" + s.path + "': " + std::strerror(errno));
        }
        s.temp.clear();
        s.done = true;
    } catch (...) {
        s.discard();
        throw;
    }
}

void VideoEncoder::cancel() {
    if (!impl_->done) impl_->discard();
}

VideoFormat VideoEncoder::format() const {
    return impl_->format;
}
int VideoEncoder::frames() const {
    return impl_->frames;
}
const std::string& VideoEncoder::path() const {
    return impl_->path;
}

bool encode_video(const std::string& path, const VideoOptions& options, int frames,
                  const FrameRenderer& render, const VideoProgress& progress) {
    if (frames < 1) throw InputError("video '" + path + "': the number of frames must be at least 1");
    VideoEncoder encoder(path, options);
    std::vector<std::uint8_t> rgb(std::size_t(options.width) * options.height * 3);
    for (int i = 0; i < frames; ++i) {
        render(i, rgb);
        encoder.add_frame(rgb);
        if (progress && !progress(i + 1, frames)) {
            encoder.cancel();
            return false;
        }
    }
    encoder.finish();
    return true;
}

}  // namespace dimerlab
