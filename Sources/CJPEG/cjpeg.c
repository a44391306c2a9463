#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h>   // jpeglib.h needs FILE and size_t declared first
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// MARK: - Error manager that returns instead of exiting

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    int warnings;
    char message[JMSG_LENGTH_MAX];
} cjpeg_error_mgr;

static void cjpeg_error_exit(j_common_ptr cinfo) {
    cjpeg_error_mgr *err = (cjpeg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->escape, 1);
}

static void cjpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    cjpeg_error_mgr *err = (cjpeg_error_mgr *)cinfo->err;
    // Level -1 is a warning (e.g. "Premature end of JPEG file"); keep the first one.
    if (msg_level < 0) {
        if (err->warnings == 0) {
            (*cinfo->err->format_message)(cinfo, err->message);
        }
        err->warnings++;
    }
}

static void cjpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void cjpeg_install(cjpeg_error_mgr *err) {
    jpeg_std_error(&err->base);
    err->base.error_exit = cjpeg_error_exit;
    err->base.emit_message = cjpeg_emit_message;
    err->base.output_message = cjpeg_output_message;
    err->warnings = 0;
    err->message[0] = 0;
}

static void cjpeg_copy_message(const char *message, char *error, size_t capacity) {
    if (error && capacity > 0) {
        strncpy(error, message, capacity - 1);
        error[capacity - 1] = 0;
    }
}

// MARK: - Encoding

// Huffman tables made from the optimal tables of many photographs' large JPEGs
// (bench/jpeg_photo_tables.py). libjpeg's optimisation pass gathers every coefficient's
// statistics in a second, scalar pass: 6 of the 10 ms a 6 MP photo's large JPEG took. These
// cost nothing per image and code every symbol a baseline scan can hold, so any image encodes;
// the pixels are the same either way (Huffman coding is lossless).
#include "photo_huffman_tables.h"

static void cjpeg_set_table(j_compress_ptr cinfo, JHUFF_TBL **slot, const UINT8 bits[17], const UINT8 *values, size_t count) {
    if (*slot == NULL) {
        *slot = jpeg_alloc_huff_table((j_common_ptr)cinfo);
    }
    memcpy((*slot)->bits, bits, 17);
    memset((*slot)->huffval, 0, sizeof (*slot)->huffval);
    memcpy((*slot)->huffval, values, count);
    (*slot)->sent_table = FALSE;
}

#define CJPEG_PHOTO_SET(band) \
    cjpeg_set_table(cinfo, &cinfo->dc_huff_tbl_ptrs[0], cjpeg_photo_dc0_##band##_bits, cjpeg_photo_dc0_##band##_values, sizeof cjpeg_photo_dc0_##band##_values); \
    cjpeg_set_table(cinfo, &cinfo->ac_huff_tbl_ptrs[0], cjpeg_photo_ac0_##band##_bits, cjpeg_photo_ac0_##band##_values, sizeof cjpeg_photo_ac0_##band##_values); \
    cjpeg_set_table(cinfo, &cinfo->dc_huff_tbl_ptrs[1], cjpeg_photo_dc1_##band##_bits, cjpeg_photo_dc1_##band##_values, sizeof cjpeg_photo_dc1_##band##_values); \
    cjpeg_set_table(cinfo, &cinfo->ac_huff_tbl_ptrs[1], cjpeg_photo_ac1_##band##_bits, cjpeg_photo_ac1_##band##_values, sizeof cjpeg_photo_ac1_##band##_values)

static void cjpeg_use_photo_tables(j_compress_ptr cinfo, int band) {
    switch (band) {
    case 1: CJPEG_PHOTO_SET(smooth); break;
    case 2: CJPEG_PHOTO_SET(textured); break;
    default: CJPEG_PHOTO_SET(detailed); break;
    }
}

int cjpeg_encode(const uint8_t *pixels, int width, int height, cjpeg_pixel_format format,
                 const cjpeg_encode_options *options, cjpeg_buffer *out,
                 char *error, size_t error_capacity) {
    struct jpeg_compress_struct cinfo;
    cjpeg_error_mgr err;
    // `out` lives in the caller's memory, so its fields stay valid across longjmp.
    out->data = NULL;
    out->size = 0;
    if (width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        cjpeg_copy_message("image dimensions out of range for JPEG", error, error_capacity);
        return 1;
    }
    cinfo.err = (struct jpeg_error_mgr *)&err;
    cjpeg_install(&err);
    if (setjmp(err.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(out->data);
        out->data = NULL;
        out->size = 0;
        cjpeg_copy_message(err.message, error, error_capacity);
        return 2;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &out->data, &out->size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    switch (format) {
    case CJPEG_GRAY: cinfo.input_components = 1; cinfo.in_color_space = JCS_GRAYSCALE; break;
    case CJPEG_CMYK: cinfo.input_components = 4; cinfo.in_color_space = JCS_CMYK; break;
    default: cinfo.input_components = 3; cinfo.in_color_space = JCS_RGB; break;
    }
    jpeg_set_defaults(&cinfo);
    int quality = options ? options->quality : 85;
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    if (options && options->progressive) {
        if (cinfo.num_components == 3) {
            // Progressive by spectral selection only: DC, then low and high frequencies.
            // libjpeg's default script adds successive-approximation refinement scans, which
            // save 2-4 % of the bytes and cost most of the encoding time (its AC refinement
            // pass was half of a whole export). Browsers show these files progressively too.
            static const jpeg_scan_info spectral[] = {
                { 3, { 0, 1, 2 }, 0, 0, 0, 0 },
                { 1, { 0 }, 1, 5, 0, 0 },
                { 1, { 2 }, 1, 63, 0, 0 },
                { 1, { 1 }, 1, 63, 0, 0 },
                { 1, { 0 }, 6, 63, 0, 0 },
            };
            cinfo.scan_info = spectral;
            cinfo.num_scans = (int)(sizeof spectral / sizeof spectral[0]);
        } else {
            jpeg_simple_progression(&cinfo);
        }
    }
    if (options && options->photo_tables && !options->progressive) {
        cjpeg_use_photo_tables(&cinfo, options->photo_tables);
        cinfo.optimize_coding = FALSE;
    } else {
        cinfo.optimize_coding = TRUE;
    }
    jpeg_start_compress(&cinfo, TRUE);
    if (options && options->app1 && options->app1_length > 0) {
        if (options->app1_length > 65533) {
            ERREXIT(&cinfo, JERR_BAD_LENGTH);
        }
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, options->app1, (unsigned int)options->app1_length);
    }
    size_t stride = (size_t)width * (size_t)cinfo.input_components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

void cjpeg_buffer_free(cjpeg_buffer *buffer) {
    if (buffer) {
        free(buffer->data);
        buffer->data = NULL;
        buffer->size = 0;
    }
}

// MARK: - Decoding

int cjpeg_decode(const uint8_t *data, size_t length, int min_width, int min_height, int keep_cmyk,
                 cjpeg_image *out, char *error, size_t error_capacity) {
    struct jpeg_decompress_struct cinfo;
    cjpeg_error_mgr err;
    // Buffers live in `out` (the caller's memory), so they survive a longjmp and are freed.
    out->pixels.data = NULL;
    out->pixels.size = 0;
    out->width = out->height = out->warnings = 0;
    out->channels = 3;
    unsigned char *volatile cmyk_row = NULL;  // volatile: read after a longjmp
    cinfo.err = (struct jpeg_error_mgr *)&err;
    cjpeg_install(&err);
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(cmyk_row);
        free(out->pixels.data);
        out->pixels.data = NULL;
        out->pixels.size = 0;
        cjpeg_copy_message(err.message, error, error_capacity);
        return 2;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if ((double)cinfo.image_width * (double)cinfo.image_height > 200e6) {
        cjpeg_copy_message("image over 200 megapixels", error, error_capacity);
        jpeg_destroy_decompress(&cinfo);
        return 3;
    }
    // The smallest M/8 scale that keeps both sides at or above the target.
    int scale = 8;
    if (min_width > 0 && min_height > 0) {
        for (int m = 1; m <= 8; m++) {
            long w = ((long)cinfo.image_width * m + 7) / 8;
            long h = ((long)cinfo.image_height * m + 7) / 8;
            if (w >= min_width && h >= min_height) { scale = m; break; }
        }
    }
    cinfo.scale_num = (unsigned int)scale;
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_ISLOW;
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    size_t width = cinfo.output_width, height = cinfo.output_height;
    // Adobe writes CMYK inverted (0 = full ink), which is how Photoshop files come.
    int inverted = cinfo.saw_Adobe_marker;
    int ink = cmyk && keep_cmyk;
    out->channels = ink ? 4 : 3;
    out->pixels.size = width * height * (size_t)out->channels;
    out->pixels.data = malloc(out->pixels.size);
    if (cmyk && !ink) cmyk_row = malloc(width * 4);
    if (!out->pixels.data || (cmyk && !ink && !cmyk_row)) {
        ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *row_out = out->pixels.data + (size_t)cinfo.output_scanline * width * (size_t)out->channels;
        JSAMPROW row = (cmyk && !ink) ? cmyk_row : row_out;
        jpeg_read_scanlines(&cinfo, &row, 1);
        if (ink) {
            if (inverted) for (size_t i = 0; i < width * 4; i++) row_out[i] = (unsigned char)(255 - row_out[i]);
        } else if (cmyk) {
            for (size_t x = 0; x < width; x++) {
                int c = cmyk_row[x * 4], m = cmyk_row[x * 4 + 1], y = cmyk_row[x * 4 + 2], k = cmyk_row[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                row_out[x * 3] = (unsigned char)((c * k + 127) / 255);
                row_out[x * 3 + 1] = (unsigned char)((m * k + 127) / 255);
                row_out[x * 3 + 2] = (unsigned char)((y * k + 127) / 255);
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    out->width = (int)width;
    out->height = (int)height;
    out->warnings = err.warnings;
    if (err.warnings > 0) cjpeg_copy_message(err.message, error, error_capacity);
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    return 0;
}
