// A plain-C face over libjpeg-turbo.
//
// libjpeg reports fatal errors by calling `error_exit`, whose default calls exit(): one bad
// file would end the whole process. Every entry point here installs an error manager that
// longjmps back to a setjmp in this file and returns a code plus libjpeg's message, so Swift
// never sees libjpeg's types, macros or control flow.
#ifndef GALLERY_CJPEG_H
#define GALLERY_CJPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Colour model of the pixels handed to the encoder.
typedef enum {
    CJPEG_GRAY = 1,  ///< 1 byte per pixel
    CJPEG_RGB = 3,   ///< 3 bytes per pixel
    CJPEG_CMYK = 4,  ///< 4 bytes per pixel, written with an Adobe marker (as Photoshop does)
} cjpeg_pixel_format;

/// A heap buffer allocated by this library; release it with `cjpeg_buffer_free`.
typedef struct {
    unsigned char *data;
    unsigned long size;
} cjpeg_buffer;

typedef struct {
    int quality;            ///< 1...100
    int progressive;        ///< non-zero for a progressive scan script
    const uint8_t *app1;    ///< optional APP1 payload (e.g. "Exif\0\0" + TIFF), may be NULL
    size_t app1_length;
    int photo_tables;       ///< for a baseline scan, 1-3: fixed Huffman tables made for smooth,
                            ///< textured or detailed photographs instead of libjpeg's per-image
                            ///< optimisation pass; 0: that pass
} cjpeg_encode_options;

/// Encodes `width` x `height` pixels (rows packed, no padding) into `out`.
/// Returns 0 on success; otherwise non-zero with a message in `error`.
int cjpeg_encode(const uint8_t *pixels, int width, int height, cjpeg_pixel_format format,
                 const cjpeg_encode_options *options, cjpeg_buffer *out,
                 char *error, size_t error_capacity);

void cjpeg_buffer_free(cjpeg_buffer *buffer);

/// Decoded pixels: RGB, 3 bytes per pixel, rows packed. Release with `cjpeg_buffer_free`.
typedef struct {
    cjpeg_buffer pixels;
    int width;
    int height;
    int warnings;   ///< libjpeg warnings (e.g. "Premature end of JPEG file": a truncated file)
    int channels;   ///< 3 (RGB), or 4 (CMYK ink, 0 = none) when asked to keep CMYK and it is
} cjpeg_image;

/// Decodes a JPEG to RGB, scaled by libjpeg's DCT scaling to the smallest size M/8 of the
/// original (M in 1...8) that is still at least `min_width` × `min_height` (0: full size).
/// Grayscale is expanded to RGB; CMYK and YCCK (Adobe, inverted) are converted to RGB, or,
/// with `keep_cmyk` (the file has a CMYK profile to convert them with), given as CMYK ink
/// amounts (0 = no ink; Adobe's inverted values turned round), 4 bytes per pixel.
/// Returns 0 on success; otherwise non-zero with a message in `error`.
int cjpeg_decode(const uint8_t *data, size_t length, int min_width, int min_height, int keep_cmyk,
                 cjpeg_image *out, char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif
