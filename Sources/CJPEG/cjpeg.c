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
        jpeg_simple_progression(&cinfo);
    }
    cinfo.optimize_coding = TRUE;
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
