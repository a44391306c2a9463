// A plain-C face over libtiff, for decoding a TIFF's first page into an RGB picture no larger
// than needed, in bounded memory.
//
// libtiff reports errors through handlers (by default printed to stderr) and many decoders:
// here every error is caught into the caller's message buffer, the first one wins, and no
// libtiff type reaches Swift.
#ifndef GALLERY_CTIFF_H
#define GALLERY_CTIFF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Decoded pixels, rows packed; release `pixels` with `ctiff_image_free`.
typedef struct {
    uint8_t *pixels;
    size_t size;
    int width;       ///< after the box reduction
    int height;
    int channels;    ///< 3 (RGB), or 4 (CMYK ink amounts, 0 = none) when asked to keep CMYK and it is
    int factor;      ///< the reduction: each output pixel is the mean of factor × factor stored pixels
    int warnings;    ///< libtiff warnings while decoding (unknown tags and the like)
} ctiff_image;

/// Decodes the first page of the TIFF at `path` (or in `data`/`length` when `path` is NULL).
///
/// The picture is reduced by the largest whole factor that keeps it at least `min_width` ×
/// `min_height` (0: full size): each output pixel is the mean of a factor × factor block,
/// computed while the strips or tiles are read, so a 20,000 × 20,000 scan needs memory for
/// its output and one band of tiles (or one scanline of strips), never for the whole picture.
/// 8- and 16-bit grey, RGB, palette and CMYK, with or without alpha (composited onto
/// `background`, 3 bytes), are read sample by sample (16 bits kept until the mean is rounded
/// to 8); every other kind libtiff knows (1–4-bit, YCbCr, CIELab, separate planes) goes through
/// libtiff's RGBA reader. With `keep_cmyk`, CMYK comes out as ink amounts for an ICC
/// conversion; else its inks are mixed naively.
/// A reduced picture of more than `max_output_pixels` is refused before it is allocated.
/// Returns 0 on success; otherwise non-zero with a message in `error`.
int ctiff_decode(const char *path, const uint8_t *data, size_t length, int min_width, int min_height,
                 int keep_cmyk, const uint8_t *background, size_t max_output_pixels, ctiff_image *out,
                 char *error, size_t error_capacity);

void ctiff_image_free(ctiff_image *image);

#ifdef __cplusplus
}
#endif

#endif
