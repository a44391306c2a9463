#include "cresample.h"

// A multiply followed by an add is rounded twice; a fused one once. The bytes must not depend
// on which the compiler picks, so it picks neither fused.
#pragma clang fp contract(off)

typedef float v8f __attribute__((vector_size(32)));
typedef float v8f_unaligned __attribute__((vector_size(32), aligned(4)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef uint8_t v8b __attribute__((vector_size(8)));
typedef uint8_t v8b_unaligned __attribute__((vector_size(8), aligned(1)));

// Macros, not functions: a vector argument's ABI differs with and without AVX.
#define load8(p) (*(const v8f_unaligned *)(p))
#define store8(p, v) (*(v8f_unaligned *)(p) = (v))

// Eight rows at a time: their samples side by side (sample j of row r at lanes[j * 8 + r]),
// so one tap of one channel is one eight-wide multiply and add for eight rows.
static inline __attribute__((always_inline)) void horizontal_body(
    const uint8_t *source, ptrdiff_t in_width, ptrdiff_t height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, ptrdiff_t out_width, float *lanes, float *out) {
    const ptrdiff_t in_length = in_width * 3, row_length = out_width * 3;
    for (ptrdiff_t y0 = 0; y0 < height; y0 += 8) {
        const ptrdiff_t rows = height - y0 < 8 ? height - y0 : 8;
        // A last block of fewer rows repeats its last row in the spare lanes: computed, not written.
        const uint8_t *row[8];
        for (int r = 0; r < 8; r++) row[r] = source + (y0 + (r < rows ? r : rows - 1)) * in_length;
        for (ptrdiff_t j = 0; j < in_length; j++) {
            v8f lane = { row[0][j], row[1][j], row[2][j], row[3][j], row[4][j], row[5][j], row[6][j], row[7][j] };
            store8(lanes + j * 8, lane);
        }
        for (ptrdiff_t x = 0; x < out_width; x++) {
            const float *w = weights + x * taps;
            const float *at = lanes + starts[x] * 24;
            v8f red = { 0 }, green = { 0 }, blue = { 0 };
            for (ptrdiff_t k = 0; k < counts[x]; k++) {
                red += load8(at) * w[k];
                green += load8(at + 8) * w[k];
                blue += load8(at + 16) * w[k];
                at += 24;
            }
            float *o = out + y0 * row_length + x * 3;
            for (ptrdiff_t r = 0; r < rows; r++) {
                o[0] = red[r];
                o[1] = green[r];
                o[2] = blue[r];
                o += row_length;
            }
        }
    }
}

static inline __attribute__((always_inline)) uint8_t clamped_byte(float sum) {
    float value = sum + 0.5f;
    return value <= 0 ? 0 : (value >= 255 ? 255 : (uint8_t)value);
}

// Each output row: eight samples at a time, the taps summed in registers down the input rows.
static inline __attribute__((always_inline)) void vertical_body(
    const float *source, ptrdiff_t row_length, ptrdiff_t out_height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, uint8_t *out) {
    const ptrdiff_t vector_end = row_length - row_length % 8;
    for (ptrdiff_t y = 0; y < out_height; y++) {
        const float *w = weights + y * taps;
        const float *first = source + starts[y] * row_length;
        const ptrdiff_t count = counts[y];
        uint8_t *o = out + y * row_length;
        ptrdiff_t x = 0;
        for (; x < vector_end; x += 8) {
            v8f sum = { 0 };
            const float *at = first + x;
            for (ptrdiff_t k = 0; k < count; k++) {
                sum += load8(at) * w[k];
                at += row_length;
            }
            v8f value = sum + 0.5f;
            value = __builtin_elementwise_min(__builtin_elementwise_max(value, (v8f){ 0 }), (v8f){ 255, 255, 255, 255, 255, 255, 255, 255 });
            *(v8b_unaligned *)(o + x) = __builtin_convertvector(__builtin_convertvector(value, v8i), v8b);
        }
        for (; x < row_length; x++) {
            float sum = 0;
            for (ptrdiff_t k = 0; k < count; k++) sum += first[k * row_length + x] * w[k];
            o[x] = clamped_byte(sum);
        }
    }
}

// Rows summed in pairs into 16-bit sums, then each output byte two sums three bytes apart:
// straight loops the compiler turns into vector adds and shifts.
static inline __attribute__((always_inline)) void halve_body(
    const uint8_t *source, ptrdiff_t in_width, ptrdiff_t in_height, uint8_t *out, uint16_t *sums) {
    const ptrdiff_t width = in_width / 2, height = in_height / 2, stride = in_width * 3, used = width * 6;
    for (ptrdiff_t y = 0; y < height; y++) {
        const uint8_t *top = source + 2 * y * stride, *bottom = top + stride;
        for (ptrdiff_t i = 0; i < used; i++) sums[i] = (uint16_t)(top[i] + bottom[i]);
        uint8_t *row = out + y * width * 3;
        for (ptrdiff_t x = 0; x < width; x++) {
            const uint16_t *sum = sums + x * 6;
            row[x * 3] = (uint8_t)((sum[0] + sum[3] + 2) >> 2);
            row[x * 3 + 1] = (uint8_t)((sum[1] + sum[4] + 2) >> 2);
            row[x * 3 + 2] = (uint8_t)((sum[2] + sum[5] + 2) >> 2);
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void horizontal_avx2(
    const uint8_t *source, ptrdiff_t in_width, ptrdiff_t height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, ptrdiff_t out_width, float *lanes, float *out) {
    horizontal_body(source, in_width, height, starts, counts, weights, taps, out_width, lanes, out);
}

#endif

static void horizontal_any(
    const uint8_t *source, ptrdiff_t in_width, ptrdiff_t height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, ptrdiff_t out_width, float *lanes, float *out) {
    horizontal_body(source, in_width, height, starts, counts, weights, taps, out_width, lanes, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void vertical_avx2(
    const float *source, ptrdiff_t row_length, ptrdiff_t out_height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, uint8_t *out) {
    vertical_body(source, row_length, out_height, starts, counts, weights, taps, out);
}

#endif

static void vertical_any(
    const float *source, ptrdiff_t row_length, ptrdiff_t out_height, const ptrdiff_t *starts, const ptrdiff_t *counts,
    const float *weights, ptrdiff_t taps, uint8_t *out) {
    vertical_body(source, row_length, out_height, starts, counts, weights, taps, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void halve_avx2(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t in_height, uint8_t *out, uint16_t *sums) {
    halve_body(source, in_width, in_height, out, sums);
}
#endif

static void halve_any(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t in_height, uint8_t *out, uint16_t *sums) {
    halve_body(source, in_width, in_height, out, sums);
}

#if defined(__x86_64__)
static int has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#endif

void cresample_horizontal(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t height,
                          const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t taps,
                          ptrdiff_t out_width, float *lanes, float *out, int allow_avx2) {
#if defined(__x86_64__)
    if (allow_avx2 && has_avx2()) {
        horizontal_avx2(source, in_width, height, starts, counts, weights, taps, out_width, lanes, out);
        return;
    }
#endif
    horizontal_any(source, in_width, height, starts, counts, weights, taps, out_width, lanes, out);
}

void cresample_vertical(const float *source, ptrdiff_t row_length, ptrdiff_t out_height,
                        const ptrdiff_t *starts, const ptrdiff_t *counts, const float *weights, ptrdiff_t taps,
                        uint8_t *out, int allow_avx2) {
#if defined(__x86_64__)
    if (allow_avx2 && has_avx2()) {
        vertical_avx2(source, row_length, out_height, starts, counts, weights, taps, out);
        return;
    }
#endif
    vertical_any(source, row_length, out_height, starts, counts, weights, taps, out);
}

void cresample_halve(const uint8_t *source, ptrdiff_t in_width, ptrdiff_t in_height, uint8_t *out, uint16_t *sums, int allow_avx2) {
#if defined(__x86_64__)
    if (allow_avx2 && has_avx2()) {
        halve_avx2(source, in_width, in_height, out, sums);
        return;
    }
#endif
    halve_any(source, in_width, in_height, out, sums);
}

void cresample_turn(const uint8_t *source, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y,
                    ptrdiff_t out_width, ptrdiff_t out_height, uint8_t *out) {
    enum { tile = 32 };
    for (ptrdiff_t tile_y = 0; tile_y < out_height; tile_y += tile) {
        const ptrdiff_t y_end = tile_y + tile < out_height ? tile_y + tile : out_height;
        for (ptrdiff_t tile_x = 0; tile_x < out_width; tile_x += tile) {
            const ptrdiff_t x_end = tile_x + tile < out_width ? tile_x + tile : out_width;
            for (ptrdiff_t y = tile_y; y < y_end; y++) {
                const uint8_t *from = source + (origin + tile_x * step_x + y * step_y) * 3;
                uint8_t *to = out + (y * out_width + tile_x) * 3;
                for (ptrdiff_t x = tile_x; x < x_end; x++) {
                    to[0] = from[0];
                    to[1] = from[1];
                    to[2] = from[2];
                    from += step_x * 3;
                    to += 3;
                }
            }
        }
    }
}
