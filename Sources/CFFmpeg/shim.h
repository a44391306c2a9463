// FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale): videos probed from their
// containers' headers, and their poster frames decoded and turned into RGB. Errors come back as negative AVERROR codes; the macros Swift cannot import
// (AVERROR(e), AVERROR_EOF, AV_NOPTS_VALUE) and the side data whose API changed between
// FFmpeg 5 and 6 are wrapped below.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libswscale/swscale.h>

static inline int64_t cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_error_exit(void) { return AVERROR_EXIT; }

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
