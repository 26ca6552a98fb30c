// Encoding with libpng's classic API into a growable memory buffer.

#include <math.h>
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
    queued_chunk *chunks;
    size_t chunk_count;
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

/// Adds the order-0 entropy cost, in bits times a constant, of one histogram: lower is better.
static double entropy_cost(const uint32_t histogram[256], size_t count) {
    double sum = 0;
    for (int value = 0; value < 256; value++) {
        if (histogram[value] != 0) {
            double c = histogram[value];
            sum += c * log2(c);
        }
    }
    return (double)count * log2((double)count) - sum;
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

/// The allowed filter whose output for `row` (above it `previous`) has the lowest order-0 entropy.
static int lowest_entropy_filter(const uint8_t *row, const uint8_t *previous, size_t length, size_t bpp,
                                 int allowed) {
    static const int candidates[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG,
                                      PNG_FILTER_PAETH};
    int best = 0;
    double best_cost = INFINITY;
    for (int k = 0; k < 5; k++) {
        int filter = candidates[k];
        if ((allowed & filter) == 0) {
            continue;
        }
        uint32_t histogram[256] = {0};
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
            histogram[(uint8_t)(row[i] - predicted)] += 1;
        }
        double cost = entropy_cost(histogram, length);
        if (cost < best_cost) {
            best_cost = cost;
            best = filter;
        }
    }
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

cpng_status cpng_encoder_write(cpng_encoder *encoder, const cpng_encode_options *options,
                               const uint8_t *pixels, size_t stride) {
    if (encoder->error.status != CPNG_OK) {
        return encoder->error.status;
    }
    png_structp png = encoder->png;
    if (setjmp(png_jmpbuf(png))) {
        return encoder->error.status;
    }
    png_set_IHDR(png, encoder->info, encoder->width, encoder->height, encoder->bit_depth,
                 color_type_for(encoder->channels),
                 options->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options->level);
    png_set_compression_strategy(png, (int)options->strategy);
    png_set_compression_mem_level(png, options->memory_level);
    png_set_compression_buffer_size(png, options->idat_size);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
    png_write_info(png, encoder->info);
    for (size_t i = 0; i < encoder->chunk_count; i++) {
        png_write_chunk(png, encoder->chunks[i].type, encoder->chunks[i].data, encoder->chunks[i].length);
    }
    int passes = png_set_interlace_handling(png);
    int choose_per_row = options->filter_choice == CPNG_FILTER_CHOICE_ENTROPY && passes == 1 &&
                         filter_count(options->filters) > 1 && encoder->width > 1 && encoder->height > 1;
    if (choose_per_row) {
        size_t length = (size_t)encoder->width * (size_t)encoder->channels * (size_t)(encoder->bit_depth / 8);
        size_t bpp = (size_t)encoder->channels * (size_t)(encoder->bit_depth / 8);
        // The first row goes through libpng's own choice among all allowed filters, which also makes
        // libpng allocate the buffers every filter needs; after that each row gets exactly one filter.
        png_write_row(png, pixels);
        int current = options->filters;
        for (uint32_t y = 1; y < encoder->height; y++) {
            const uint8_t *row = pixels + (size_t)y * stride;
            int filter = lowest_entropy_filter(row, row - stride, length, bpp, options->filters);
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
    free(encoder->output);
    free(encoder);
}
