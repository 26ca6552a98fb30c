// Decoding with libpng's classic (progressive-row) API, straight into the caller's buffer.

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "CPNG.h"
#include "CPNGPrivate.h"

struct cpng_decoder {
    png_structp png;
    png_infop info;
    /// The encoded PNG, owned by the caller.
    const uint8_t *data;
    size_t size;
    /// Bytes handed to libpng so far.
    size_t position;
    cpng_error_record error;
    /// Adam7 passes to read: 1, or 7 when interlaced.
    int passes;
    uint32_t height;
};

/// libpng read callback: copies the next `length` input bytes.
static void read_bytes(png_structp png, png_bytep out, size_t length) {
    cpng_decoder *decoder = (cpng_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->position) {
        cpng_fail(png, CPNG_TRUNCATED, "unexpected end of data");
    }
    memcpy(out, decoder->data + decoder->position, length);
    decoder->position += length;
}

cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size, const cpng_limits *limits) {
    cpng_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        return NULL;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->error, cpng_error_callback,
                                          cpng_warning_callback);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        // None of the setters below report errors today; this is here in case a libpng version does.
        cpng_decoder_destroy(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, read_bytes);
    png_set_user_limits(decoder->png, limits->max_width, limits->max_height);
    png_set_chunk_cache_max(decoder->png, limits->max_ancillary_chunks);
    png_set_chunk_malloc_max(decoder->png, limits->max_chunk_bytes);
    // A CRC error in any chunk, critical or ancillary, is an error (libpng's default only warns about
    // ancillary ones): together with png_read_end this makes every single-bit flip of a file an error.
    png_set_crc_action(decoder->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    // PNGCodec parses the ancillary chunks itself; libpng only checks their CRCs and skips them. A negative
    // count means every chunk except IHDR, PLTE, tRNS, IDAT and IEND.
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    return decoder;
}

cpng_status cpng_decoder_read_header(cpng_decoder *decoder, cpng_layout *layout) {
    if (decoder->error.status != CPNG_OK) {
        return decoder->error.status;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        return decoder->error.status;
    }
    png_read_info(decoder->png, decoder->info);
    // Palette to RGB, gray below 8 bits to 8 bits (scaled as libpng does: 0b1 -> 255), tRNS to alpha.
    // No png_set_strip_16 (16-bit stays 16-bit), no png_set_swap (samples stay big-endian), no gamma.
    png_set_expand(decoder->png);
    decoder->passes = png_set_interlace_handling(decoder->png);
    png_read_update_info(decoder->png, decoder->info);
    layout->width = png_get_image_width(decoder->png, decoder->info);
    layout->height = png_get_image_height(decoder->png, decoder->info);
    layout->channels = png_get_channels(decoder->png, decoder->info);
    layout->bit_depth = png_get_bit_depth(decoder->png, decoder->info);
    layout->row_bytes = png_get_rowbytes(decoder->png, decoder->info);
    decoder->height = layout->height;
    return CPNG_OK;
}

cpng_status cpng_decoder_read_image(cpng_decoder *decoder, uint8_t *pixels, size_t stride) {
    if (decoder->error.status != CPNG_OK) {
        return decoder->error.status;
    }
    if (decoder->passes == 0) {
        decoder->error.status = CPNG_ERROR;
        strcpy(decoder->error.message, "cpng_decoder_read_image called before cpng_decoder_read_header");
        return CPNG_ERROR;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        return decoder->error.status;
    }
    // What png_read_image does, without its array of row pointers: each pass visits every row, and
    // libpng writes the pass's pixels into place (png_combine_row), so no intermediate buffer is needed.
    for (int pass = 0; pass < decoder->passes; pass++) {
        uint8_t *row = pixels;
        for (uint32_t y = 0; y < decoder->height; y++, row += stride) {
            png_read_row(decoder->png, row, NULL);
        }
    }
    // Reads (and CRC-checks) every chunk after the image data through IEND, and the end of the zlib
    // stream with its Adler-32.
    png_read_end(decoder->png, NULL);
    return CPNG_OK;
}

const char *cpng_decoder_message(const cpng_decoder *decoder) {
    return decoder->error.message;
}

uint32_t cpng_decoder_chunk_type(const cpng_decoder *decoder) {
    return decoder->error.chunk_type;
}

size_t cpng_decoder_offset(const cpng_decoder *decoder) {
    return decoder->position;
}

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) {
        return;
    }
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}
