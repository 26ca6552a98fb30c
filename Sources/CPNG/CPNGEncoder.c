// Encoding with libpng's classic API into a growable memory buffer.

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "CPNG.h"
#include "CPNGPrivate.h"

_Static_assert(CPNG_STRATEGY_DEFAULT == Z_DEFAULT_STRATEGY && CPNG_STRATEGY_FILTERED == Z_FILTERED &&
                   CPNG_STRATEGY_HUFFMAN_ONLY == Z_HUFFMAN_ONLY && CPNG_STRATEGY_RLE == Z_RLE &&
                   CPNG_STRATEGY_FIXED == Z_FIXED,
               "cpng_strategy must match zlib's values");
_Static_assert(CPNG_FILTER_NONE == PNG_FILTER_NONE && CPNG_FILTER_SUB == PNG_FILTER_SUB &&
                   CPNG_FILTER_UP == PNG_FILTER_UP && CPNG_FILTER_AVG == PNG_FILTER_AVG &&
                   CPNG_FILTER_PAETH == PNG_FILTER_PAETH,
               "CPNG_FILTER_* must match libpng's values");


typedef struct {
    png_byte type[5];
    uint8_t *data;
    size_t length;
} queued_chunk;

struct cpng_encoder {
    png_structp png;
    png_infop info;
    cpng_error_record error;
    uint32_t width;
    uint32_t height;
    int channels;
    int bit_depth;
    /// The IHDR colour type; -1 for the one of `channels`.
    int color_type;
    /// The palette (PLTE, 3 bytes an entry) and its alpha values (tRNS) of an indexed image.
    png_color palette[256];
    int palette_count;
    png_byte palette_alpha[256];
    int palette_alpha_count;
    queued_chunk *chunks;
    size_t chunk_count;
    trial_state trial;
    /// The encoded bytes so far.
    uint8_t *output;
    size_t length;
    size_t capacity;
};

/// libpng write callback: appends to the output buffer, growing it geometrically.
static void write_bytes(png_structp png, png_bytep data, size_t length) {
    cpng_encoder *encoder = (cpng_encoder *)png_get_io_ptr(png);
    if (length > encoder->capacity - encoder->length) {
        if (length > SIZE_MAX - encoder->length) {
            cpng_fail(png, CPNG_OUT_OF_MEMORY, "encoded PNG too large");
        }
        size_t needed = encoder->length + length;
        size_t capacity = encoder->capacity < 65536 ? 65536 : encoder->capacity;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = realloc(encoder->output, capacity);
        if (grown == NULL) {
            cpng_fail(png, CPNG_OUT_OF_MEMORY, "out of memory for the encoded PNG");
        }
        encoder->output = grown;
        encoder->capacity = capacity;
    }
    memcpy(encoder->output + encoder->length, data, length);
    encoder->length += length;
}

static void flush_nothing(png_structp png) {
    (void)png;
}

static int color_type_for(int channels) {
    switch (channels) {
    case 1:
        return PNG_COLOR_TYPE_GRAY;
    case 2:
        return PNG_COLOR_TYPE_GRAY_ALPHA;
    case 3:
        return PNG_COLOR_TYPE_RGB;
    default:
        return PNG_COLOR_TYPE_RGB_ALPHA;
    }
}

cpng_encoder *cpng_encoder_create(uint32_t width, uint32_t height, int channels, int bit_depth) {
    cpng_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) {
        return NULL;
    }
    encoder->width = width;
    encoder->height = height;
    encoder->channels = channels;
    encoder->bit_depth = bit_depth;
    encoder->color_type = -1;
    encoder->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &encoder->error, cpng_error_callback,
                                           cpng_warning_callback);
    if (encoder->png == NULL) {
        free(encoder);
        return NULL;
    }
    encoder->info = png_create_info_struct(encoder->png);
    if (encoder->info == NULL) {
        png_destroy_write_struct(&encoder->png, NULL);
        free(encoder);
        return NULL;
    }
    png_set_write_fn(encoder->png, encoder, write_bytes, flush_nothing);
    return encoder;
}

cpng_status cpng_encoder_set_layout(cpng_encoder *encoder, int color_type, int bit_depth, int samples_per_pixel) {
    int valid;
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY:
        valid = samples_per_pixel == 1 &&
                (bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8 || bit_depth == 16);
        break;
    case PNG_COLOR_TYPE_PALETTE:
        valid = samples_per_pixel == 1 && (bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8);
        break;
    case PNG_COLOR_TYPE_GRAY_ALPHA:
        valid = samples_per_pixel == 2 && (bit_depth == 8 || bit_depth == 16);
        break;
    case PNG_COLOR_TYPE_RGB:
        valid = samples_per_pixel == 3 && (bit_depth == 8 || bit_depth == 16);
        break;
    case PNG_COLOR_TYPE_RGB_ALPHA:
        valid = samples_per_pixel == 4 && (bit_depth == 8 || bit_depth == 16);
        break;
    default:
        valid = 0;
    }
    if (!valid) {
        return CPNG_ERROR;
    }
    encoder->color_type = color_type;
    encoder->bit_depth = bit_depth;
    encoder->channels = samples_per_pixel;
    return CPNG_OK;
}

cpng_status cpng_encoder_set_palette(cpng_encoder *encoder, const uint8_t *rgb, int count, const uint8_t *alpha,
                                     int alpha_count) {
    if (count < 1 || count > 256 || alpha_count < 0 || alpha_count > count) {
        return CPNG_ERROR;
    }
    for (int i = 0; i < count; i++) {
        encoder->palette[i].red = rgb[3 * i];
        encoder->palette[i].green = rgb[3 * i + 1];
        encoder->palette[i].blue = rgb[3 * i + 2];
    }
    encoder->palette_count = count;
    if (alpha_count > 0) {
        memcpy(encoder->palette_alpha, alpha, (size_t)alpha_count);
    }
    encoder->palette_alpha_count = alpha_count;
    return CPNG_OK;
}

cpng_status cpng_encoder_add_chunk(cpng_encoder *encoder, const char type[4], const uint8_t *data,
                                   size_t length) {
    queued_chunk *chunks = realloc(encoder->chunks, (encoder->chunk_count + 1) * sizeof *chunks);
    if (chunks == NULL) {
        return CPNG_OUT_OF_MEMORY;
    }
    encoder->chunks = chunks;
    queued_chunk *chunk = &chunks[encoder->chunk_count];
    chunk->data = malloc(length > 0 ? length : 1);
    if (chunk->data == NULL) {
        return CPNG_OUT_OF_MEMORY;
    }
    memcpy(chunk->type, type, 4);
    chunk->type[4] = '\0';
    if (length > 0) {
        memcpy(chunk->data, data, length);
    }
    chunk->length = length;
    encoder->chunk_count += 1;
    return CPNG_OK;
}

static int paeth_predictor(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a);
    int pb = abs(p - b);
    int pc = abs(p - c);
    if (pa <= pb && pa <= pc) {
        return a;
    }
    return pb <= pc ? b : c;
}

/// Writes `row` filtered with `filter` (one of PNG_FILTER_*; `previous` is the unfiltered row above) to
/// `out`, preceded by the filter-type byte, as the row appears in the zlib stream.
void cpng_filter_row(const uint8_t *row, const uint8_t *previous, size_t length, size_t bpp, int filter,
                       uint8_t *out) {
    switch (filter) {
    case PNG_FILTER_SUB:
        out[0] = PNG_FILTER_VALUE_SUB;
        break;
    case PNG_FILTER_UP:
        out[0] = PNG_FILTER_VALUE_UP;
        break;
    case PNG_FILTER_AVG:
        out[0] = PNG_FILTER_VALUE_AVG;
        break;
    case PNG_FILTER_PAETH:
        out[0] = PNG_FILTER_VALUE_PAETH;
        break;
    default:
        out[0] = PNG_FILTER_VALUE_NONE;
        break;
    }
    for (size_t i = 0; i < length; i++) {
        int a = i >= bpp ? row[i - bpp] : 0;
        int b = previous[i];
        int c = i >= bpp ? previous[i - bpp] : 0;
        int predicted;
        switch (filter) {
        case PNG_FILTER_SUB:
            predicted = a;
            break;
        case PNG_FILTER_UP:
            predicted = b;
            break;
        case PNG_FILTER_AVG:
            predicted = (a + b) >> 1;
            break;
        case PNG_FILTER_PAETH:
            predicted = paeth_predictor(a, b, c);
            break;
        default:
            predicted = 0;
            break;
        }
        out[i + 1] = (uint8_t)(row[i] - predicted);
    }
}

/// Level of the probe stream: the fastest, which still finds repeats of the row above.
#define TRIAL_PROBE_LEVEL 1

void cpng_trial_free(trial_state *trial) {
    if (trial->probe_ready) {
        deflateEnd(&trial->probe);
        trial->probe_ready = 0;
    }
    free(trial->chosen);
    free(trial->candidate);
    free(trial->compressed);
    trial->chosen = trial->candidate = trial->compressed = NULL;
}

/// Allocates the trial scratch space for rows of `length` bytes; 0 when memory runs out.
int cpng_trial_prepare(trial_state *trial, size_t length, int strategy) {
    if (deflateInit2(&trial->probe, TRIAL_PROBE_LEVEL, Z_DEFLATED, 15, 8, strategy) != Z_OK) {
        return 0;
    }
    trial->probe_ready = 1;
    trial->compressed_capacity = deflateBound(&trial->probe, (uLong)(length + 1));
    trial->chosen = calloc(length + 1, 1);
    trial->candidate = malloc(length + 1);
    trial->compressed = malloc(trial->compressed_capacity);
    return trial->chosen != NULL && trial->candidate != NULL && trial->compressed != NULL;
}

/// The allowed filter whose output for `row` compresses smallest right after the previous written row:
/// each candidate is compressed by a fast zlib stream primed with that row (deflateSetDictionary), so both
/// the row's own statistics and its repeats of the row above count. Leaves the winner in `trial->chosen`.
int cpng_smallest_trial_filter(trial_state *trial, const uint8_t *row, const uint8_t *previous, size_t length,
                                 size_t bpp, int allowed) {
    static const int candidates[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG,
                                      PNG_FILTER_PAETH};
    int best = 0;
    uLong best_size = 0;
    for (int k = 0; k < 5; k++) {
        int filter = candidates[k];
        if ((allowed & filter) == 0) {
            continue;
        }
        cpng_filter_row(row, previous, length, bpp, filter, trial->candidate);
        deflateReset(&trial->probe);
        deflateSetDictionary(&trial->probe, trial->chosen, (uInt)(length + 1));
        trial->probe.next_in = trial->candidate;
        trial->probe.avail_in = (uInt)(length + 1);
        trial->probe.next_out = trial->compressed;
        trial->probe.avail_out = (uInt)trial->compressed_capacity;
        deflate(&trial->probe, Z_FINISH);
        if (best == 0 || trial->probe.total_out < best_size) {
            best = filter;
            best_size = trial->probe.total_out;
        }
    }
    cpng_filter_row(row, previous, length, bpp, best, trial->chosen);
    return best;
}

/// Counts the bits set in a filter mask.
static int filter_count(int filters) {
    int count = 0;
    for (int bit = PNG_FILTER_NONE; bit <= PNG_FILTER_PAETH; bit <<= 1) {
        count += (filters & bit) != 0;
    }
    return count;
}

/// Whether a chunk must come before PLTE: the colour space chunks and sBIT.
static int precedes_palette(const png_byte type[5]) {
    static const char *const early[] = {"gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "cICP"};
    for (size_t i = 0; i < sizeof early / sizeof early[0]; i++) {
        if (memcmp(type, early[i], 4) == 0) {
            return 1;
        }
    }
    return 0;
}

cpng_status cpng_encoder_write(cpng_encoder *encoder, const cpng_encode_options *options,
                               const uint8_t *pixels, size_t stride) {
    if (encoder->error.status != CPNG_OK) {
        return encoder->error.status;
    }
    png_structp png = encoder->png;
    if (setjmp(png_jmpbuf(png))) {
        return encoder->error.status;
    }
    int color_type = encoder->color_type >= 0 ? encoder->color_type : color_type_for(encoder->channels);
    if (color_type == PNG_COLOR_TYPE_PALETTE && encoder->palette_count == 0) {
        cpng_fail(png, CPNG_ERROR, "an indexed image needs a palette");
    }
    png_set_IHDR(png, encoder->info, encoder->width, encoder->height, encoder->bit_depth, color_type,
                 options->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, encoder->info, encoder->palette, encoder->palette_count);
        if (encoder->palette_alpha_count > 0) {
            png_set_tRNS(png, encoder->info, encoder->palette_alpha, encoder->palette_alpha_count, NULL);
        }
    }
    png_set_compression_level(png, options->level);
    png_set_compression_strategy(png, (int)options->strategy);
    png_set_compression_mem_level(png, options->memory_level);
    png_set_compression_buffer_size(png, options->idat_size);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        // The colour space chunks go before PLTE, as PNG requires (decoders ignore them after it).
        png_write_info_before_PLTE(png, encoder->info);
        for (size_t i = 0; i < encoder->chunk_count; i++) {
            if (precedes_palette(encoder->chunks[i].type)) {
                png_write_chunk(png, encoder->chunks[i].type, encoder->chunks[i].data, encoder->chunks[i].length);
            }
        }
    }
    png_write_info(png, encoder->info);
    for (size_t i = 0; i < encoder->chunk_count; i++) {
        if (color_type != PNG_COLOR_TYPE_PALETTE || !precedes_palette(encoder->chunks[i].type)) {
            png_write_chunk(png, encoder->chunks[i].type, encoder->chunks[i].data, encoder->chunks[i].length);
        }
    }
    int passes = png_set_interlace_handling(png);
    int choose_per_row = options->filter_choice == CPNG_FILTER_CHOICE_TRIAL && passes == 1 &&
                         filter_count(options->filters) > 1 && encoder->width > 1 && encoder->height > 1;
    if (choose_per_row) {
        // Bytes per pixel for the filters (at least 1: PNG filters packed samples byte by byte), and per row.
        size_t bits = (size_t)encoder->channels * (size_t)encoder->bit_depth;
        size_t bpp = bits < 8 ? 1 : bits / 8;
        size_t length = ((size_t)encoder->width * bits + 7) / 8;
        if (!cpng_trial_prepare(&encoder->trial, length, (int)options->strategy)) {
            cpng_fail(png, CPNG_OUT_OF_MEMORY, "out of memory for filter trials");
        }
        // The first row goes through libpng's own choice among all allowed filters, which also makes
        // libpng allocate the buffers every filter needs; after that each row gets exactly the one filter
        // that won its trial. The first row's trial dictionary is the row itself, unfiltered.
        png_write_row(png, pixels);
        encoder->trial.chosen[0] = PNG_FILTER_VALUE_NONE;
        memcpy(encoder->trial.chosen + 1, pixels, length);
        int current = options->filters;
        for (uint32_t y = 1; y < encoder->height; y++) {
            const uint8_t *row = pixels + (size_t)y * stride;
            int filter = cpng_smallest_trial_filter(&encoder->trial, row, row - stride, length, bpp, options->filters);
            if (filter != current) {
                png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
                current = filter;
            }
            png_write_row(png, row);
        }
    } else {
        for (int pass = 0; pass < passes; pass++) {
            const uint8_t *row = pixels;
            for (uint32_t y = 0; y < encoder->height; y++, row += stride) {
                png_write_row(png, row);
            }
        }
    }
    png_write_end(png, NULL);
    return CPNG_OK;
}

uint8_t *cpng_encoder_take_output(cpng_encoder *encoder, size_t *length) {
    uint8_t *output = encoder->output;
    *length = encoder->length;
    encoder->output = NULL;
    encoder->length = 0;
    encoder->capacity = 0;
    return output;
}

const char *cpng_encoder_message(const cpng_encoder *encoder) {
    return encoder->error.message;
}

void cpng_encoder_destroy(cpng_encoder *encoder) {
    if (encoder == NULL) {
        return;
    }
    png_destroy_write_struct(&encoder->png, &encoder->info);
    for (size_t i = 0; i < encoder->chunk_count; i++) {
        free(encoder->chunks[i].data);
    }
    free(encoder->chunks);
    cpng_trial_free(&encoder->trial);
    free(encoder->output);
    free(encoder);
}
