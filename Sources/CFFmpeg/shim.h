// FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale, libavfilter): videos probed
// from their containers' headers, their poster frames decoded and turned into RGB, and their web
// renditions encoded (libx264 and AAC through libavcodec, scaled and turned by libavfilter). Errors come back as negative AVERROR codes; the macros Swift cannot import
// (AVERROR(e), AVERROR_EOF, AV_NOPTS_VALUE) and the side data whose API changed between
// FFmpeg 5 and 6 are wrapped below.
#include <string.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libswscale/swscale.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>

static inline int64_t cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_error_exit(void) { return AVERROR_EXIT; }
static inline int cffmpeg_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cffmpeg_error_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int cffmpeg_error_patch_welcome(void) { return AVERROR_PATCHWELCOME; }

/// The stream's display matrix (nine 32-bit values, 16.16 and 2.30 fixed point), or NULL.
static inline const int32_t *cffmpeg_display_matrix(const AVStream *stream) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
    const AVPacketSideData *side = av_packet_side_data_get(stream->codecpar->coded_side_data,
                                                           stream->codecpar->nb_coded_side_data,
                                                           AV_PKT_DATA_DISPLAYMATRIX);
    return side && side->size >= 9 * sizeof(int32_t) ? (const int32_t *)side->data : NULL;
#else
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return data && size >= 9 * sizeof(int32_t) ? (const int32_t *)data : NULL;
#endif
}

/// A metadata entry's value, matched exactly (case-insensitively, as FFmpeg's own lookups are),
/// or NULL.
static inline const char *cffmpeg_metadata(const AVDictionary *metadata, const char *key) {
    const AVDictionaryEntry *entry = av_dict_get(metadata, key, NULL, 0);
    return entry ? entry->value : NULL;
}

static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }

/// Gives `stream` (an output stream, before its header is written) a display matrix: a copied
/// stream keeps the rotation its player must apply.
static inline int cffmpeg_set_display_matrix(AVStream *stream, const int32_t *matrix) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
    AVPacketSideData *side = av_packet_side_data_new(&stream->codecpar->coded_side_data,
                                                     &stream->codecpar->nb_coded_side_data,
                                                     AV_PKT_DATA_DISPLAYMATRIX, 9 * sizeof(int32_t), 0);
    if (!side) return AVERROR(ENOMEM);
    memcpy(side->data, matrix, 9 * sizeof(int32_t));
#else
    uint8_t *data = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * sizeof(int32_t));
    if (!data) return AVERROR(ENOMEM);
    memcpy(data, matrix, 9 * sizeof(int32_t));
#endif
    return 0;
}

/// An output format context for `filename` in `format` ("mp4"), or NULL.
static inline AVFormatContext *cffmpeg_output_context(const char *format, const char *filename) {
    AVFormatContext *context = NULL;
    return avformat_alloc_output_context2(&context, NULL, format, filename) < 0 ? NULL : context;
}

/// Connects the filter chain `description` ("scale=1280:720,format=yuv420p") between a graph's
/// source and sink.
static inline int cffmpeg_graph_link(AVFilterGraph *graph, AVFilterContext *source, AVFilterContext *sink, const char *description) {
    AVFilterInOut *outputs = avfilter_inout_alloc();
    AVFilterInOut *inputs = avfilter_inout_alloc();
    int status = AVERROR(ENOMEM);
    if (outputs && inputs) {
        outputs->name = av_strdup("in");
        outputs->filter_ctx = source;
        outputs->pad_idx = 0;
        outputs->next = NULL;
        inputs->name = av_strdup("out");
        inputs->filter_ctx = sink;
        inputs->pad_idx = 0;
        inputs->next = NULL;
        status = avfilter_graph_parse_ptr(graph, description, &inputs, &outputs, NULL);
        if (status >= 0) status = avfilter_graph_config(graph, NULL);
    }
    avfilter_inout_free(&inputs);
    avfilter_inout_free(&outputs);
    return status;
}
