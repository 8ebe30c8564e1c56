#pragma once
// Decodes a video file with libavformat/libavcodec: frame count and size, for the export tests.
#include <QString>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

struct Decoded {
    int frames = 0;
    int width = 0;
    int height = 0;
    QString error;
};

// Every frame decoded, not just the packets counted: a truncated file fails here.
inline Decoded decode(const QString& path) {
    Decoded d;
    AVFormatContext* fmt = nullptr;
    if (avformat_open_input(&fmt, path.toLocal8Bit().constData(), nullptr, nullptr) < 0) {
        d.error = "open failed";
        return d;
    }
    avformat_find_stream_info(fmt, nullptr);
    const AVCodec* codec = nullptr;
    const int index = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (index < 0 || codec == nullptr) {
        d.error = "no video stream";
        avformat_close_input(&fmt);
        return d;
    }
    AVCodecContext* dec = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(dec, fmt->streams[index]->codecpar);
    avcodec_open2(dec, codec, nullptr);
    d.width = dec->width;
    d.height = dec->height;
    AVPacket* pkt = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    auto receive = [&] {
        while (avcodec_receive_frame(dec, frame) == 0) {
            ++d.frames;
            if (frame->width != d.width || frame->height != d.height) d.error = "frame size differs";
        }
    };
    while (av_read_frame(fmt, pkt) >= 0) {
        if (pkt->stream_index == index) {
            avcodec_send_packet(dec, pkt);
            receive();
        }
        av_packet_unref(pkt);
    }
    avcodec_send_packet(dec, nullptr);
    receive();
    av_frame_free(&frame);
    av_packet_free(&pkt);
    avcodec_free_context(&dec);
    avformat_close_input(&fmt);
    return d;
}
