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
    /// The runs of `data` libpng sees, in order, and where it is: the run, and the bytes of it handed over.
    cpng_span *spans;
    size_t span_count;
    size_t span;
    size_t within;
    cpng_error_record error;
    /// Adam7 passes to read: 1, or 7 when interlaced.
    int passes;
    uint32_t height;
};

/// libpng read callback: copies the next `length` bytes of the spans.
static void read_bytes(png_structp png, png_bytep out, size_t length) {
    cpng_decoder *decoder = (cpng_decoder *)png_get_io_ptr(png);
    while (length > 0) {
        if (decoder->span == decoder->span_count) {
            cpng_fail(png, CPNG_TRUNCATED, "unexpected end of data");
        }
        const cpng_span *span = &decoder->spans[decoder->span];
        size_t available = span->length - decoder->within;
        size_t count = length < available ? length : available;
        memcpy(out, decoder->data + span->offset + decoder->within, count);
        out += count;
        length -= count;
        decoder->within += count;
        if (decoder->within == span->length) {
            decoder->span += 1;
            decoder->within = 0;
        }
    }
}

cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size, const cpng_span *spans, size_t span_count,
                                  const cpng_limits *limits) {
    cpng_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        return NULL;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->spans = malloc((span_count > 0 ? span_count : 1) * sizeof *spans);
    if (decoder->spans == NULL) {
        free(decoder);
        return NULL;
    }
    // Spans outside the data are cut to it: libpng then sees the input end, never reads past it.
    for (size_t index = 0; index < span_count; index++) {
        size_t offset = spans[index].offset < size ? spans[index].offset : size;
        size_t length = spans[index].length < size - offset ? spans[index].length : size - offset;
        decoder->spans[decoder->span_count++] = (cpng_span){offset, length};
    }
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->error, cpng_error_callback,
                                          cpng_warning_callback);
    if (decoder->png == NULL) {
        free(decoder->spans);
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder->spans);
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
    // PNGCodec has checked the CRC of every chunk (IDAT included) while it walked the file: libpng computes
    // none again.
    png_set_crc_action(decoder->png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    // The spans hold no other ancillary chunk than tRNS; should one slip in, libpng skips it. A negative
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
        // Past the header, what libpng reads is the image data: its errors are about that stream.
        if (decoder->error.status == CPNG_ERROR) {
            decoder->error.status = CPNG_DATA_ERROR;
        }
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
    // Reads the rest of the image data and IEND: the end of the zlib stream and its Adler-32.
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
    if (decoder->span == decoder->span_count) {
        return decoder->span_count > 0 ? decoder->spans[decoder->span_count - 1].offset
                                             + decoder->spans[decoder->span_count - 1].length
                                       : 0;
    }
    return decoder->spans[decoder->span].offset + decoder->within;
}

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) {
        return;
    }
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder->spans);
    free(decoder);
}
