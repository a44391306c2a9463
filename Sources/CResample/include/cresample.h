// The resampler's 2×2 halving and its two filter passes (Imaging.Resampler), in C so that each
// can be compiled twice, for any x86-64 and for AVX2, and the one the processor has chosen when
// called: Swift has no per-function target features, and SSE2 code does the eight-wide sums in
// two halves. And the turn of an EXIF orientation (one build: it only moves bytes).
// Both builds do the same multiplies and adds in the same order (no fused multiply-add), so
// they give the same bytes as each other and as the scalar loops they replaced. `allow_avx2`
// zero takes the any-x86-64 build whatever the processor (the tests compare the two).
#ifndef GALLERY_CRESAMPLE_H
#define GALLERY_CRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Filters RGB rows along x into floats: output sample (y, x, c) is the sum, from zero in tap
/// order, of `weights[x * taps + k] * source(y, starts[x] + k, c)` for k < counts[x].
/// `lanes` is scratch of `in_width * 3 * 8` floats; `out` holds `height * out_width * 3`.
void cresample_horizontal(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t height,
                          const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t taps,
                          ptrdiff_t out_width, float *lanes, float *out, int allow_avx2);

/// Filters float rows (`row_length` samples each) along y into bytes: output row y is the sum,
/// from zero in tap order, of `weights[y * taps + k] * row(starts[y] + k)` for k < counts[y],
/// plus one half, clamped to 0...255 and truncated.
void cresample_vertical(const float *source, ptrdiff_t row_length, ptrdiff_t out_height,
                        const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t taps,
                        uint8_t *out, int allow_avx2);

/// Halves RGB rows: each output pixel the mean of a 2×2 block, (a + b + c + d + 2) / 4 per
/// channel (an odd last row or column is dropped). `out` holds (in_width / 2) × (in_height / 2)
/// pixels; `sums` is scratch of (in_width / 2) × 6.
void cresample_halve(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t in_height, uint8_t *out, uint16_t *sums,
                     int allow_avx2);

/// Copies RGB pixels turned: output pixel (x, y) of `out_width` × `out_height` is source pixel
/// `origin + x * step_x + y * step_y` (pixel indices), in 32-pixel tiles so that a quarter turn,
/// which reads the source down its columns, touches each cache line once.
void cresample_turn(const uint8_t *source, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y,
                    ptrdiff_t out_width, ptrdiff_t out_height, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
