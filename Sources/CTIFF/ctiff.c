#include "ctiff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

// No single allocation libtiff makes for us may pass this (a strip or tile of a hostile file
// declaring gigabytes); real files stay far below it.
#define CTIFF_MAX_SINGLE_ALLOCATION ((tmsize_t)256 << 20)

typedef struct {
    char *error;
    size_t capacity;
    int has_error;
    int warnings;
} ctiff_messages;

static void ctiff_fail(ctiff_messages *messages, const char *format, ...) {
    if (messages->has_error || messages->capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(messages->error, messages->capacity, format, arguments);
    va_end(arguments);
    messages->has_error = 1;
}

static int ctiff_on_error(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif;
    (void)module;
    ctiff_messages *messages = user;
    if (!messages->has_error && messages->capacity > 0) {
        vsnprintf(messages->error, messages->capacity, format, arguments);
        messages->has_error = 1;
    }
    return 1;
}

static int ctiff_on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif;
    (void)module;
    (void)format;
    (void)arguments;
    ((ctiff_messages *)user)->warnings += 1;
    return 1;
}

// MARK: - Reading from memory

typedef struct {
    const uint8_t *data;
    toff_t length;
    toff_t position;
} ctiff_memory;

static tmsize_t ctiff_memory_read(thandle_t handle, void *buffer, tmsize_t size) {
    ctiff_memory *memory = (ctiff_memory *)handle;
    if (size <= 0 || memory->position >= memory->length) return 0;
    toff_t available = memory->length - memory->position;
    toff_t count = (toff_t)size < available ? (toff_t)size : available;
    memcpy(buffer, memory->data + memory->position, (size_t)count);
    memory->position += count;
    return (tmsize_t)count;
}

static tmsize_t ctiff_memory_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle;
    (void)buffer;
    (void)size;
    return -1;
}

static toff_t ctiff_memory_seek(thandle_t handle, toff_t offset, int whence) {
    ctiff_memory *memory = (ctiff_memory *)handle;
    toff_t base = whence == SEEK_CUR ? memory->position : whence == SEEK_END ? memory->length : 0;
    memory->position = base + offset;
    return memory->position;
}

static int ctiff_memory_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t ctiff_memory_size(thandle_t handle) { return ((ctiff_memory *)handle)->length; }

static int ctiff_memory_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static void ctiff_memory_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

// MARK: - The box reduction

// Rows arrive one at a time as `channels` 16-bit values a pixel; every `factor` rows (or at the
// last row) one output row is written, each value the rounded mean of its block.
typedef struct {
    int in_width, in_height, factor, out_width, out_height, channels;
    uint64_t *sums;
    int rows_summed;
    int out_row;
    uint8_t *pixels;
} ctiff_reducer;

// The largest whole factor that keeps the picture at least min_width × min_height.
static int ctiff_reducer_factor(uint32_t width, uint32_t height, int min_width, int min_height) {
    if (min_width <= 0 || min_height <= 0) return 1;
    uint32_t by_width = width / (uint32_t)min_width, by_height = height / (uint32_t)min_height;
    uint32_t factor = by_width < by_height ? by_width : by_height;
    return factor < 1 ? 1 : (int)factor;
}

static int ctiff_reducer_fits(uint32_t width, uint32_t height, int min_width, int min_height, size_t max_pixels) {
    uint32_t factor = (uint32_t)ctiff_reducer_factor(width, height, min_width, min_height);
    return (uint64_t)((width + factor - 1) / factor) * (uint64_t)((height + factor - 1) / factor) <= (uint64_t)max_pixels;
}

static int ctiff_reducer_start(ctiff_reducer *reducer, int width, int height, int min_width, int min_height, int channels) {
    int factor = ctiff_reducer_factor((uint32_t)width, (uint32_t)height, min_width, min_height);
    reducer->in_width = width;
    reducer->in_height = height;
    reducer->factor = factor;
    reducer->out_width = (width + factor - 1) / factor;
    reducer->out_height = (height + factor - 1) / factor;
    reducer->channels = channels;
    reducer->rows_summed = 0;
    reducer->out_row = 0;
    reducer->sums = calloc((size_t)reducer->out_width * (size_t)channels, sizeof(uint64_t));
    reducer->pixels = malloc((size_t)reducer->out_width * (size_t)reducer->out_height * (size_t)channels);
    return reducer->sums != NULL && reducer->pixels != NULL;
}

static void ctiff_reducer_emit(ctiff_reducer *reducer) {
    int channels = reducer->channels, factor = reducer->factor;
    uint8_t *target = reducer->pixels + (size_t)reducer->out_row * (size_t)reducer->out_width * (size_t)channels;
    for (int column = 0; column < reducer->out_width; column++) {
        int columns = reducer->in_width - column * factor;
        if (columns > factor) columns = factor;
        uint64_t count = (uint64_t)columns * (uint64_t)reducer->rows_summed * 257u;
        for (int c = 0; c < channels; c++) {
            uint64_t *sum = &reducer->sums[(size_t)column * (size_t)channels + (size_t)c];
            target[(size_t)column * (size_t)channels + (size_t)c] = (uint8_t)((*sum + count / 2) / count);
            *sum = 0;
        }
    }
    reducer->out_row += 1;
    reducer->rows_summed = 0;
}

static void ctiff_reducer_add(ctiff_reducer *reducer, const uint16_t *row, int is_last_row) {
    int channels = reducer->channels, factor = reducer->factor;
    if (factor == 1) {
        for (size_t i = 0; i < (size_t)reducer->in_width * (size_t)channels; i++) reducer->sums[i] = row[i];
    } else {
        for (int x = 0; x < reducer->in_width; x++) {
            uint64_t *sum = &reducer->sums[(size_t)(x / factor) * (size_t)channels];
            for (int c = 0; c < channels; c++) sum[c] += row[(size_t)x * (size_t)channels + (size_t)c];
        }
    }
    reducer->rows_summed += 1;
    if (reducer->rows_summed == factor || is_last_row) ctiff_reducer_emit(reducer);
}

// MARK: - Samples to 16-bit RGB (or CMYK)

typedef struct {
    uint16_t photometric, bits, samples, planar, alpha;  // alpha: 0, EXTRASAMPLE_ASSOCALPHA or EXTRASAMPLE_UNASSALPHA
    int alpha_index;
    int keep_cmyk;
    uint16_t *red_map, *green_map, *blue_map;
    uint16_t background[3];
} ctiff_layout;

static inline uint16_t ctiff_sample(const uint8_t *scanline, int bits, size_t index) {
    return bits == 16 ? ((const uint16_t *)scanline)[index] : (uint16_t)(scanline[index] * 257u);
}

static inline uint16_t ctiff_over(uint32_t value, uint32_t alpha, uint32_t background, int associated) {
    uint32_t result = associated ? value + (background * (65535u - alpha) + 32767u) / 65535u
                                 : (value * alpha + background * (65535u - alpha) + 32767u) / 65535u;
    return (uint16_t)(result > 65535u ? 65535u : result);
}

// One stored row of samples (`scanline`, contiguous) as `channels` 16-bit values a pixel.
static void ctiff_convert_row(const ctiff_layout *layout, const uint8_t *scanline, int width, uint16_t *row) {
    int bits = layout->bits, samples = layout->samples;
    for (int x = 0; x < width; x++) {
        size_t at = (size_t)x * (size_t)samples;
        uint32_t red, green, blue;
        switch (layout->photometric) {
        case PHOTOMETRIC_MINISWHITE:
            red = green = blue = 65535u - ctiff_sample(scanline, bits, at);
            break;
        case PHOTOMETRIC_PALETTE: {
            uint32_t index = bits == 16 ? ((const uint16_t *)scanline)[at] : scanline[at];
            red = layout->red_map[index];
            green = layout->green_map[index];
            blue = layout->blue_map[index];
            break;
        }
        case PHOTOMETRIC_SEPARATED: {
            uint32_t c = ctiff_sample(scanline, bits, at), m = ctiff_sample(scanline, bits, at + 1);
            uint32_t y = ctiff_sample(scanline, bits, at + 2), k = ctiff_sample(scanline, bits, at + 3);
            if (layout->keep_cmyk) {
                row[(size_t)x * 4] = (uint16_t)c;
                row[(size_t)x * 4 + 1] = (uint16_t)m;
                row[(size_t)x * 4 + 2] = (uint16_t)y;
                row[(size_t)x * 4 + 3] = (uint16_t)k;
                continue;
            }
            red = (uint32_t)(((uint64_t)(65535u - c) * (65535u - k) + 32767u) / 65535u);
            green = (uint32_t)(((uint64_t)(65535u - m) * (65535u - k) + 32767u) / 65535u);
            blue = (uint32_t)(((uint64_t)(65535u - y) * (65535u - k) + 32767u) / 65535u);
            break;
        }
        case PHOTOMETRIC_RGB:
        case PHOTOMETRIC_YCBCR:  // JPEG-compressed, handed over as RGB (JPEGCOLORMODE_RGB)
            red = ctiff_sample(scanline, bits, at);
            green = ctiff_sample(scanline, bits, at + 1);
            blue = ctiff_sample(scanline, bits, at + 2);
            break;
        default:  // PHOTOMETRIC_MINISBLACK
            red = green = blue = ctiff_sample(scanline, bits, at);
            break;
        }
        if (layout->alpha) {
            uint32_t alpha = ctiff_sample(scanline, bits, at + (size_t)layout->alpha_index);
            int associated = layout->alpha == EXTRASAMPLE_ASSOCALPHA;
            red = ctiff_over(red, alpha, layout->background[0], associated);
            green = ctiff_over(green, alpha, layout->background[1], associated);
            blue = ctiff_over(blue, alpha, layout->background[2], associated);
        }
        row[(size_t)x * 3] = (uint16_t)red;
        row[(size_t)x * 3 + 1] = (uint16_t)green;
        row[(size_t)x * 3 + 2] = (uint16_t)blue;
    }
}

// MARK: - Readers

// Whether the samples can be read directly: 8 or 16 bits of unsigned integers, interleaved,
// in a colour model converted above. Fills `layout`.
static int ctiff_direct_layout(TIFF *tif, int keep_cmyk, ctiff_layout *layout) {
    uint16_t bits = 1, samples = 1, planar = PLANARCONFIG_CONTIG, photometric = 0, format = SAMPLEFORMAT_UINT;
    uint16_t compression = COMPRESSION_NONE, inkset = INKSET_CMYK;
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression);
    TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric)) return 0;
    if ((bits != 8 && bits != 16) || planar != PLANARCONFIG_CONTIG || format != SAMPLEFORMAT_UINT) return 0;
    int colours;
    switch (photometric) {
    case PHOTOMETRIC_MINISBLACK:
    case PHOTOMETRIC_MINISWHITE:
        colours = 1;
        break;
    case PHOTOMETRIC_RGB:
        colours = 3;
        break;
    case PHOTOMETRIC_PALETTE:
        colours = 1;
        if (!TIFFGetField(tif, TIFFTAG_COLORMAP, &layout->red_map, &layout->green_map, &layout->blue_map)) return 0;
        break;
    case PHOTOMETRIC_SEPARATED:
        if (inkset != INKSET_CMYK || samples < 4) return 0;
        colours = 4;
        break;
    case PHOTOMETRIC_YCBCR:
        // JPEG-in-TIFF (what cameras, scanners and Photoshop write with JPEG compression):
        // libjpeg converts to RGB. Other YCbCr (subsampled, uncompressed) goes through RGBA.
        if (compression != COMPRESSION_JPEG || bits != 8) return 0;
        if (!TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB)) return 0;
        colours = 3;
        break;
    default:
        return 0;
    }
    if (samples < colours) return 0;
    layout->photometric = photometric;
    layout->bits = bits;
    layout->samples = samples;
    layout->planar = planar;
    layout->keep_cmyk = keep_cmyk && photometric == PHOTOMETRIC_SEPARATED;
    layout->alpha = 0;
    layout->alpha_index = colours;
    uint16_t extra_count = 0;
    uint16_t *extra = NULL;
    if (samples > colours && TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra) && extra_count > 0 &&
        (extra[0] == EXTRASAMPLE_ASSOCALPHA || extra[0] == EXTRASAMPLE_UNASSALPHA) && photometric != PHOTOMETRIC_SEPARATED) {
        layout->alpha = extra[0];
    }
    if (photometric == PHOTOMETRIC_YCBCR) layout->samples = 3;  // as the JPEG codec hands them over
    return 1;
}

static int ctiff_read_direct(TIFF *tif, const ctiff_layout *layout, ctiff_reducer *reducer, ctiff_messages *messages) {
    int width = reducer->in_width, height = reducer->in_height;
    uint16_t *row = malloc((size_t)width * (size_t)reducer->channels * sizeof(uint16_t));
    if (row == NULL) {
        ctiff_fail(messages, "out of memory for a row of %d pixels", width);
        return 0;
    }
    int ok = 1;
    if (!TIFFIsTiled(tif)) {
        // Scanline by scanline: libtiff decodes a strip as it goes, so a file written as one
        // strip of gigabytes (uncompressed or not) needs one row of memory.
        tmsize_t size = TIFFScanlineSize(tif);
        uint8_t *scanline = size > 0 ? _TIFFmalloc(size) : NULL;
        if (scanline == NULL) {
            ctiff_fail(messages, "cannot allocate a scanline");
            ok = 0;
        }
        for (int y = 0; ok && y < height; y++) {
            if (TIFFReadScanline(tif, scanline, (uint32_t)y, 0) < 0) {
                ctiff_fail(messages, "row %d cannot be read", y);
                ok = 0;
                break;
            }
            ctiff_convert_row(layout, scanline, width, row);
            ctiff_reducer_add(reducer, row, y == height - 1);
        }
        if (scanline) _TIFFfree(scanline);
    } else {
        // One band of tiles at a time: as wide as the picture, one tile high.
        uint32_t tile_width = 0, tile_height = 0;
        TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
        TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height);
        tmsize_t tile_size = TIFFTileSize(tif);
        size_t pixel_bytes = (size_t)layout->samples * (size_t)(layout->bits / 8);
        if (tile_width == 0 || tile_height == 0 || tile_size <= 0 ||
            (size_t)tile_size < (size_t)tile_width * (size_t)tile_height * pixel_bytes) {
            free(row);
            ctiff_fail(messages, "the tiles' size is invalid");
            return 0;
        }
        uint8_t *tile = _TIFFmalloc(tile_size);
        size_t tiles_across = ((size_t)width + tile_width - 1) / tile_width;
        uint8_t *band = malloc(tiles_across * (size_t)tile_width * (size_t)tile_height * pixel_bytes);
        if (tile == NULL || band == NULL) {
            ctiff_fail(messages, "out of memory for a band of tiles");
            ok = 0;
        }
        size_t band_row_bytes = tiles_across * (size_t)tile_width * pixel_bytes;
        for (uint32_t top = 0; ok && top < (uint32_t)height; top += tile_height) {
            for (size_t across = 0; across < tiles_across; across++) {
                if (TIFFReadTile(tif, tile, (uint32_t)(across * tile_width), top, 0, 0) < 0) {
                    ctiff_fail(messages, "the tile at (%zu, %u) cannot be read", across * tile_width, top);
                    ok = 0;
                    break;
                }
                for (uint32_t r = 0; r < tile_height; r++) {
                    memcpy(band + (size_t)r * band_row_bytes + across * (size_t)tile_width * pixel_bytes,
                           tile + (size_t)r * (size_t)tile_width * pixel_bytes, (size_t)tile_width * pixel_bytes);
                }
            }
            for (uint32_t r = 0; ok && r < tile_height && top + r < (uint32_t)height; r++) {
                ctiff_convert_row(layout, band + (size_t)r * band_row_bytes, width, row);
                ctiff_reducer_add(reducer, row, top + r == (uint32_t)height - 1);
            }
        }
        if (tile) _TIFFfree(tile);
        free(band);
    }
    free(row);
    return ok;
}

// Every other kind, through libtiff's RGBA reader (8 bits a sample, alpha premultiplied), a
// band of rows at a time.
static int ctiff_read_rgba(TIFF *tif, const uint8_t *background, ctiff_reducer *reducer, ctiff_messages *messages) {
    char reason[1024] = {0};
    if (!TIFFRGBAImageOK(tif, reason)) {
        ctiff_fail(messages, "%s", reason[0] ? reason : "libtiff cannot read this kind of TIFF");
        return 0;
    }
    // The pipeline turns the picture upright from the orientation the probe read; libtiff is
    // asked for the rows as stored.
    TIFFSetField(tif, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
    TIFFRGBAImage image;
    if (!TIFFRGBAImageBegin(&image, tif, 0, reason)) {
        ctiff_fail(messages, "%s", reason[0] ? reason : "libtiff cannot read this kind of TIFF");
        return 0;
    }
    image.req_orientation = ORIENTATION_TOPLEFT;
    int width = reducer->in_width, height = reducer->in_height;
    uint32_t band_height = 0;
    if (TIFFIsTiled(tif)) TIFFGetField(tif, TIFFTAG_TILELENGTH, &band_height);
    else TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &band_height);
    if (band_height < 16) band_height = 16;
    if (band_height > 512) band_height = 512;
    if (band_height > (uint32_t)height) band_height = (uint32_t)height;
    uint32_t *raster = malloc((size_t)width * band_height * sizeof(uint32_t));
    uint16_t *row = malloc((size_t)width * 3 * sizeof(uint16_t));
    int ok = raster != NULL && row != NULL;
    if (!ok) ctiff_fail(messages, "out of memory for a band of %u rows", band_height);
    uint32_t background16[3] = {background[0] * 257u, background[1] * 257u, background[2] * 257u};
    for (uint32_t top = 0; ok && top < (uint32_t)height; top += band_height) {
        uint32_t rows = (uint32_t)height - top < band_height ? (uint32_t)height - top : band_height;
        image.row_offset = (int)top;
        image.col_offset = 0;
        if (!TIFFRGBAImageGet(&image, raster, (uint32_t)width, rows)) {
            ctiff_fail(messages, "rows %u to %u cannot be read", top, top + rows - 1);
            ok = 0;
            break;
        }
        for (uint32_t r = 0; r < rows; r++) {
            const uint32_t *pixels = raster + (size_t)r * (size_t)width;
            for (int x = 0; x < width; x++) {
                uint32_t pixel = pixels[x], alpha = TIFFGetA(pixel) * 257u;
                uint32_t red = TIFFGetR(pixel) * 257u, green = TIFFGetG(pixel) * 257u, blue = TIFFGetB(pixel) * 257u;
                row[(size_t)x * 3] = ctiff_over(red, alpha, background16[0], 1);
                row[(size_t)x * 3 + 1] = ctiff_over(green, alpha, background16[1], 1);
                row[(size_t)x * 3 + 2] = ctiff_over(blue, alpha, background16[2], 1);
            }
            ctiff_reducer_add(reducer, row, top + r == (uint32_t)height - 1);
        }
    }
    TIFFRGBAImageEnd(&image);
    free(raster);
    free(row);
    return ok;
}

// MARK: - Entry points

int ctiff_decode(const char *path, const uint8_t *data, size_t length, int min_width, int min_height,
                 int keep_cmyk, const uint8_t *background, size_t max_output_pixels, ctiff_image *out,
                 char *error, size_t error_capacity) {
    memset(out, 0, sizeof(*out));
    if (error_capacity > 0) error[0] = 0;
    ctiff_messages messages = {error, error_capacity, 0, 0};
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        ctiff_fail(&messages, "out of memory");
        return 1;
    }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, CTIFF_MAX_SINGLE_ALLOCATION);
    TIFFOpenOptionsSetErrorHandlerExtR(options, ctiff_on_error, &messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ctiff_on_warning, &messages);
    ctiff_memory memory = {data, (toff_t)length, 0};
    // "m": read, never map the file (a mapped scan of gigabytes would count as our memory).
    TIFF *tif = path != NULL
        ? TIFFOpenExt(path, "rm", options)
        : TIFFClientOpenExt("memory", "rm", (thandle_t)&memory, ctiff_memory_read, ctiff_memory_write,
                            ctiff_memory_seek, ctiff_memory_close, ctiff_memory_size, ctiff_memory_map,
                            ctiff_memory_unmap, options);
    TIFFOpenOptionsFree(options);
    if (tif == NULL) {
        ctiff_fail(&messages, "not a TIFF libtiff can open");
        return 1;
    }
    uint32_t width = 0, height = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
    if (width == 0 || height == 0 || width > (1u << 20) || height > (1u << 20)) {
        TIFFClose(tif);
        ctiff_fail(&messages, "the picture's size %u×%u is invalid", width, height);
        return 1;
    }
    ctiff_layout layout;
    memset(&layout, 0, sizeof(layout));
    for (int c = 0; c < 3; c++) layout.background[c] = (uint16_t)(background[c] * 257u);
    int direct = ctiff_direct_layout(tif, keep_cmyk, &layout);
    int channels = direct && layout.keep_cmyk ? 4 : 3;
    ctiff_reducer reducer;
    memset(&reducer, 0, sizeof(reducer));
    if (!ctiff_reducer_fits(width, height, min_width, min_height, max_output_pixels)) {
        TIFFClose(tif);
        ctiff_fail(&messages, "a %u×%u picture is too large to decode whole (over %zu pixels)", width, height, max_output_pixels);
        return 1;
    }
    if (!ctiff_reducer_start(&reducer, (int)width, (int)height, min_width, min_height, channels)) {
        free(reducer.sums);
        free(reducer.pixels);
        TIFFClose(tif);
        ctiff_fail(&messages, "out of memory for a %u×%u picture", width, height);
        return 1;
    }
    int ok = direct ? ctiff_read_direct(tif, &layout, &reducer, &messages)
                    : ctiff_read_rgba(tif, background, &reducer, &messages);
    TIFFClose(tif);
    free(reducer.sums);
    if (!ok) {
        free(reducer.pixels);
        ctiff_fail(&messages, "the TIFF cannot be decoded");
        return 1;
    }
    out->pixels = reducer.pixels;
    out->size = (size_t)reducer.out_width * (size_t)reducer.out_height * (size_t)channels;
    out->width = reducer.out_width;
    out->height = reducer.out_height;
    out->channels = channels;
    out->factor = reducer.factor;
    out->warnings = messages.warnings;
    return 0;
}

void ctiff_image_free(ctiff_image *image) {
    free(image->pixels);
    image->pixels = NULL;
    image->size = 0;
}
