// One image on several cores: rows filtered and deflated in independent slices, and slices inflated and unfiltered
// independently, with every check needed to be sure that the result is what one sequential pass would give. The
// threads are PNGCodec's; each call here works on one slice and shares nothing with calls on other slices.

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "CPNG.h"
#include "CPNGPrivate.h"

// MARK: - Filters

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a);
    int pb = abs(p - b);
    int pc = abs(p - c);
    if (pa <= pb && pa <= pc) {
        return (uint8_t)a;
    }
    return (uint8_t)(pb <= pc ? b : c);
}

/// The sum libpng's heuristic minimises: each filtered byte read as signed, in absolute value.
static uint64_t signed_sum(const uint8_t *bytes, size_t length) {
    uint64_t sum = 0;
    for (size_t i = 0; i < length; i++) {
        sum += bytes[i] < 128 ? bytes[i] : 256 - bytes[i];
    }
    return sum;
}

/// Filters `row` with filter type `type` (0…4) into `out` (no type byte); `previous` may be NULL (a row of zeros).
static void filter_into(int type, const uint8_t *row, const uint8_t *previous, size_t length, size_t bpp,
                        uint8_t *out) {
    switch (type) {
    case 1:
        for (size_t i = 0; i < length; i++) {
            out[i] = (uint8_t)(row[i] - (i >= bpp ? row[i - bpp] : 0));
        }
        break;
    case 2:
        for (size_t i = 0; i < length; i++) {
            out[i] = (uint8_t)(row[i] - previous[i]);
        }
        break;
    case 3:
        for (size_t i = 0; i < bpp && i < length; i++) {
            out[i] = (uint8_t)(row[i] - (previous[i] >> 1));
        }
        for (size_t i = bpp; i < length; i++) {
            out[i] = (uint8_t)(row[i] - ((row[i - bpp] + previous[i]) >> 1));
        }
        break;
    case 4:
        for (size_t i = 0; i < bpp && i < length; i++) {
            out[i] = (uint8_t)(row[i] - previous[i]);
        }
        for (size_t i = bpp; i < length; i++) {
            out[i] = (uint8_t)(row[i] - paeth(row[i - bpp], previous[i], previous[i - bpp]));
        }
        break;
    default:
        memcpy(out, row, length);
        break;
    }
}

/// The CPNG_FILTER_* bit of a filter type.
static int filter_bit(int type) {
    return CPNG_FILTER_NONE << type;
}

// MARK: - Deflating a slice

/// Scratch for one slice's filtering: the candidate and best filtered row, each with its type byte first.
typedef struct {
    uint8_t *best;
    uint8_t *candidate;
} filter_scratch;

/// Filters `row` by the heuristic (smallest signed sum among `allowed`) into `scratch->best`, type byte first.
static void heuristic_filter(filter_scratch *scratch, const uint8_t *row, const uint8_t *previous, size_t length,
                             size_t bpp, int allowed) {
    uint64_t best_sum = UINT64_MAX;
    for (int type = 0; type <= 4; type++) {
        if ((allowed & filter_bit(type)) == 0) {
            continue;
        }
        filter_into(type, row, previous, length, bpp, scratch->candidate + 1);
        scratch->candidate[0] = (uint8_t)type;
        uint64_t sum = signed_sum(scratch->candidate + 1, length);
        if (sum < best_sum) {
            best_sum = sum;
            uint8_t *swap = scratch->best;
            scratch->best = scratch->candidate;
            scratch->candidate = swap;
        }
    }
}

/// Deflates `length` bytes into the growable output, flushing with `flush` after them.
static int deflate_bytes(z_stream *stream, const uint8_t *bytes, size_t length, int flush, uint8_t **output,
                         size_t *capacity) {
    stream->next_in = (Bytef *)bytes;
    stream->avail_in = (uInt)length;
    for (;;) {
        if (stream->avail_out == 0) {
            // zlib counts in uInt: a buffer over 4 GiB is handed over in parts before it is grown.
            size_t used = (size_t)(stream->next_out - *output);
            if (used == *capacity) {
                size_t grown = used + used / 2 + 65536;
                uint8_t *bigger = realloc(*output, grown);
                if (bigger == NULL) {
                    return Z_MEM_ERROR;
                }
                *output = bigger;
                *capacity = grown;
            }
            size_t room = *capacity - used;
            stream->next_out = *output + used;
            stream->avail_out = (uInt)(room < UINT32_MAX ? room : UINT32_MAX);
        }
        int result = deflate(stream, flush);
        if (result == Z_STREAM_END) {
            return Z_OK;
        }
        if (result != Z_OK && result != Z_BUF_ERROR) {
            return result;
        }
        // Done when all input is taken and, for a flush, zlib left room (it fills the output only when more waits).
        if (stream->avail_in == 0 && (flush == Z_NO_FLUSH || stream->avail_out > 0)) {
            return Z_OK;
        }
    }
}

cpng_status cpng_slice_deflate(const uint8_t *pixels, size_t stride, uint32_t row_count, size_t row_bytes, size_t bpp,
                               const cpng_encode_options *options, int is_last, uint8_t **output,
                               size_t *output_length, uint32_t *adler) {
    *output = NULL;
    *output_length = 0;
    *adler = 1;
    if (row_bytes > (size_t)UINT32_MAX - 1) {
        return CPNG_OUT_OF_MEMORY;
    }
    z_stream stream = {0};
    if (deflateInit2(&stream, options->level, Z_DEFLATED, -15, options->memory_level, (int)options->strategy) !=
        Z_OK) {
        return CPNG_OUT_OF_MEMORY;
    }
    size_t raw = (size_t)row_count * (row_bytes + 1);
    size_t capacity = (size_t)deflateBound(&stream, (uLong)raw) + 64;
    uint8_t *buffer = malloc(capacity);
    filter_scratch scratch = {malloc(row_bytes + 1), malloc(row_bytes + 1)};
    trial_state trial = {0};
    int use_trial = options->filter_choice == CPNG_FILTER_CHOICE_TRIAL && row_count > 1 &&
                    (options->filters & (options->filters - 1)) != 0;
    cpng_status status = CPNG_OK;
    if (buffer == NULL || scratch.best == NULL || scratch.candidate == NULL ||
        (use_trial && !cpng_trial_prepare(&trial, row_bytes, (int)options->strategy))) {
        status = CPNG_OUT_OF_MEMORY;
    }
    stream.next_out = buffer;
    stream.avail_out = (uInt)(capacity < UINT32_MAX ? capacity : UINT32_MAX);
    for (uint32_t y = 0; y < row_count && status == CPNG_OK; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        const uint8_t *filtered;
        if (y == 0) {
            // A restart row: only filters that need no row above.
            int allowed = options->filters & (CPNG_FILTER_NONE | CPNG_FILTER_SUB);
            heuristic_filter(&scratch, row, NULL, row_bytes, bpp, allowed != 0 ? allowed : CPNG_FILTER_NONE);
            filtered = scratch.best;
            if (use_trial) {
                memcpy(trial.chosen, scratch.best, row_bytes + 1);
            }
        } else if (use_trial) {
            cpng_smallest_trial_filter(&trial, row, row - stride, row_bytes, bpp, options->filters);
            filtered = trial.chosen;
        } else {
            heuristic_filter(&scratch, row, row - stride, row_bytes, bpp, options->filters);
            filtered = scratch.best;
        }
        *adler = (uint32_t)adler32(*adler, filtered, (uInt)(row_bytes + 1));
        int flush = y + 1 < row_count ? Z_NO_FLUSH : (is_last ? Z_FINISH : Z_SYNC_FLUSH);
        int result = deflate_bytes(&stream, filtered, row_bytes + 1, flush, &buffer, &capacity);
        if (result != Z_OK) {
            status = result == Z_MEM_ERROR ? CPNG_OUT_OF_MEMORY : CPNG_ERROR;
        }
    }
    size_t produced = (size_t)(stream.next_out - buffer);
    deflateEnd(&stream);
    cpng_trial_free(&trial);
    free(scratch.best);
    free(scratch.candidate);
    if (status != CPNG_OK) {
        free(buffer);
        return status;
    }
    *output = buffer;
    *output_length = produced;
    return CPNG_OK;
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    return (uint32_t)adler32_combine(first, second, (z_off_t)second_length);
}

// MARK: - Inflating a slice

/// Where a slice's reader is in the IDAT chunks.
typedef struct {
    const cpng_slice_source *source;
    size_t span;
    /// The stream offset of the current span's first byte.
    size_t span_start;
    /// The stream offset of the next byte to hand to zlib.
    size_t position;
} slice_reader;

/// Points the reader at `source->stream_start`; 0 when that is outside the IDAT data.
static int reader_start(slice_reader *reader, const cpng_slice_source *source) {
    reader->source = source;
    reader->span = 0;
    reader->span_start = 0;
    reader->position = source->stream_start;
    while (reader->span < source->idat_count &&
           reader->span_start + source->idat[reader->span].length <= reader->position) {
        reader->span_start += source->idat[reader->span].length;
        reader->span += 1;
    }
    return reader->span < source->idat_count || reader->position == source->stream_end;
}

/// Gives zlib the next run of the slice's bytes when it has none; 0 when the slice has no more.
static int reader_refill(slice_reader *reader, z_stream *stream) {
    const cpng_slice_source *source = reader->source;
    if (stream->avail_in > 0) {
        return 1;
    }
    while (reader->span < source->idat_count &&
           reader->position >= reader->span_start + source->idat[reader->span].length) {
        reader->span_start += source->idat[reader->span].length;
        reader->span += 1;
    }
    if (reader->span == source->idat_count || reader->position >= source->stream_end) {
        return 0;
    }
    const cpng_span *span = &source->idat[reader->span];
    size_t available = span->length - (reader->position - reader->span_start);
    size_t wanted = source->stream_end - reader->position;
    size_t count = available < wanted ? available : wanted;
    if (count > (1u << 30)) {
        count = 1u << 30;
    }
    stream->next_in = (Bytef *)(source->file + span->offset + (reader->position - reader->span_start));
    stream->avail_in = (uInt)count;
    reader->position += count;
    return 1;
}

/// Runs zlib's `inflate` with Z_BLOCK, first giving it the slice's next bytes if it has none. A call may make no
/// visible progress (it stops at a block boundary, or works only on bits it already holds), so only several in a
/// row with no input left, or with neither input nor output moving, count as stuck. Returns inflate's result, or
/// Z_DATA_ERROR when stuck.
static int inflate_step(z_stream *stream, slice_reader *reader, int *idle) {
    int more = reader_refill(reader, stream);
    uInt in_before = stream->avail_in;
    uInt out_before = stream->avail_out;
    int result = inflate(stream, Z_BLOCK);
    if (result != Z_OK && result != Z_BUF_ERROR) {
        return result;
    }
    if (in_before == stream->avail_in && out_before == stream->avail_out) {
        *idle += 1;
        if (*idle > 3 || (!more && *idle > 1)) {
            return Z_DATA_ERROR;
        }
    } else {
        *idle = 0;
    }
    return Z_OK;
}

/// Inflates exactly `length` bytes into `out`. Z_OK, Z_STREAM_END (the stream ended exactly there) or an error.
static int inflate_exactly(z_stream *stream, slice_reader *reader, uint8_t *out, size_t length) {
    stream->next_out = out;
    stream->avail_out = (uInt)length;
    int idle = 0;
    while (stream->avail_out > 0) {
        int result = inflate_step(stream, reader, &idle);
        if (result == Z_STREAM_END) {
            return stream->avail_out == 0 ? Z_STREAM_END : Z_DATA_ERROR;
        }
        if (result != Z_OK) {
            return Z_DATA_ERROR;
        }
    }
    return Z_OK;
}

/// Unfilters one row in place; `previous` is the unfiltered row above, or NULL for none (zeros).
static void unfilter_row(uint8_t *row, const uint8_t *previous, size_t length, size_t bpp, int type) {
    switch (type) {
    case 1:
        for (size_t i = bpp; i < length; i++) {
            row[i] = (uint8_t)(row[i] + row[i - bpp]);
        }
        break;
    case 2:
        if (previous != NULL) {
            for (size_t i = 0; i < length; i++) {
                row[i] = (uint8_t)(row[i] + previous[i]);
            }
        }
        break;
    case 3:
        if (previous == NULL) {
            for (size_t i = bpp; i < length; i++) {
                row[i] = (uint8_t)(row[i] + (row[i - bpp] >> 1));
            }
        } else {
            for (size_t i = 0; i < bpp && i < length; i++) {
                row[i] = (uint8_t)(row[i] + (previous[i] >> 1));
            }
            for (size_t i = bpp; i < length; i++) {
                row[i] = (uint8_t)(row[i] + ((row[i - bpp] + previous[i]) >> 1));
            }
        }
        break;
    case 4:
        if (previous == NULL) {
            // Paeth of (a, 0, 0) is a: the same as Sub.
            for (size_t i = bpp; i < length; i++) {
                row[i] = (uint8_t)(row[i] + row[i - bpp]);
            }
        } else {
            for (size_t i = 0; i < bpp && i < length; i++) {
                row[i] = (uint8_t)(row[i] + previous[i]);
            }
            for (size_t i = bpp; i < length; i++) {
                row[i] = (uint8_t)(row[i] + paeth(row[i - bpp], previous[i], previous[i - bpp]));
            }
        }
        break;
    default:
        break;
    }
}

cpng_status cpng_slice_inflate(const cpng_slice_source *source, uint8_t *pixels, size_t stride, uint32_t row_count,
                               size_t row_bytes, size_t bpp, int is_first_slice, uint8_t *filters, uint32_t *adler,
                               int *deferred) {
    *adler = 1;
    *deferred = 0;
    if (row_count == 0 || source->stream_start > source->stream_end || source->window_bits < 8 ||
        source->window_bits > 15 || row_bytes > (size_t)UINT32_MAX) {
        return CPNG_DATA_ERROR;
    }
    slice_reader reader;
    if (!reader_start(&reader, source)) {
        return CPNG_DATA_ERROR;
    }
    z_stream stream = {0};
    if (inflateInit2(&stream, -source->window_bits) != Z_OK) {
        return CPNG_OUT_OF_MEMORY;
    }
    cpng_status status = CPNG_OK;
    int ended = 0;
    for (uint32_t y = 0; y < row_count && status == CPNG_OK; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        int result = inflate_exactly(&stream, &reader, &filters[y], 1);
        if (result == Z_OK) {
            result = inflate_exactly(&stream, &reader, row, row_bytes);
        }
        if (result == Z_STREAM_END && y + 1 == row_count && source->is_last) {
            ended = 1;
        } else if (result != Z_OK || filters[y] > 4) {
            status = CPNG_DATA_ERROR;
            break;
        }
        *adler = (uint32_t)adler32(*adler, &filters[y], 1);
        *adler = (uint32_t)adler32(*adler, row, (uInt)row_bytes);
        if (y == 0) {
            *deferred = !is_first_slice && filters[0] >= 2;
        }
        if (!*deferred) {
            unfilter_row(row, y > 0 ? row - stride : NULL, row_bytes, bpp, filters[y]);
        }
    }
    // What follows the last row: for a slice in the middle, nothing but the ends of blocks (a sync flush's empty
    // stored block); for the last slice, the end of the stream. Any byte of output there is an error.
    uint8_t spare = 0;
    int idle = 0;
    while (status == CPNG_OK && !ended) {
        if (!source->is_last && stream.avail_in == 0 && reader.position == source->stream_end &&
            (stream.data_type & 128) != 0) {
            break;
        }
        stream.next_out = &spare;
        stream.avail_out = 0;
        int result = inflate_step(&stream, &reader, &idle);
        if (result == Z_STREAM_END) {
            ended = 1;
        } else if (result != Z_OK) {
            // Stuck: either more output than the rows (zlib wants room) or a block that never ends.
            status = CPNG_DATA_ERROR;
        }
    }
    if (status == CPNG_OK) {
        int all_used = stream.avail_in == 0 && reader.position == source->stream_end;
        if (source->is_last) {
            // The final block ends the slice exactly.
            if (!ended || !all_used) {
                status = CPNG_DATA_ERROR;
            }
        } else {
            // A byte-aligned block boundary, not inside or after the final block, with every byte used.
            int at_boundary = (stream.data_type & 128) != 0 && (stream.data_type & 64) == 0 &&
                              (stream.data_type & 7) == 0;
            if (ended || !all_used || !at_boundary) {
                status = CPNG_DATA_ERROR;
            }
        }
    }
    inflateEnd(&stream);
    return status;
}

void cpng_unfilter_rows(uint8_t *pixels, size_t stride, const uint8_t *filters, uint32_t row_count,
                        size_t row_bytes, size_t bpp) {
    for (uint32_t y = 0; y < row_count; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        unfilter_row(row, row - stride, row_bytes, bpp, filters[y]);
    }
}

// MARK: - Expanding stored rows

/// The sample at `index` of a row packed at `bit_depth` bits (1, 2, 4 or 8) per sample, most significant first.
static inline unsigned packed_sample(const uint8_t *row, size_t index, int bit_depth) {
    switch (bit_depth) {
    case 1:
        return (row[index >> 3] >> (7 - (index & 7))) & 0x1;
    case 2:
        return (row[index >> 2] >> (6 - 2 * (index & 3))) & 0x3;
    case 4:
        return (row[index >> 1] >> (4 - 4 * (index & 1))) & 0xF;
    default:
        return row[index];
    }
}

/// Palette rows to RGB or RGBA; CPNG_DATA_ERROR at an index outside the palette.
static cpng_status expand_palette(const cpng_expansion *expansion, const uint8_t *stored, size_t stored_stride,
                                  uint8_t *out, size_t out_stride, uint32_t width, uint32_t row_count) {
    // One table of 4 bytes per index: the palette entry and its alpha (255 past the tRNS entries).
    uint8_t table[256 * 4];
    int count = expansion->palette_count;
    if (count < 1 || count > 256 || expansion->alpha_count < 0 || expansion->alpha_count > count) {
        return CPNG_DATA_ERROR;
    }
    for (int index = 0; index < count; index++) {
        memcpy(&table[index * 4], &expansion->palette[index * 3], 3);
        table[index * 4 + 3] = index < expansion->alpha_count ? expansion->palette_alpha[index] : 255;
    }
    int with_alpha = expansion->alpha_count > 0;
    int depth = expansion->bit_depth;
    for (uint32_t y = 0; y < row_count; y++) {
        const uint8_t *row = stored + (size_t)y * stored_stride;
        uint8_t *target = out + (size_t)y * out_stride;
        unsigned largest = 0;
        if (with_alpha) {
            for (size_t x = 0; x < width; x++) {
                unsigned index = depth == 8 ? row[x] : packed_sample(row, x, depth);
                largest = index > largest ? index : largest;
                memcpy(target + 4 * x, &table[index * 4], 4);
            }
        } else {
            // Four bytes a pixel, the fourth overwritten by the next pixel; three for the last.
            size_t x = 0;
            for (; x + 1 < width; x++) {
                unsigned index = depth == 8 ? row[x] : packed_sample(row, x, depth);
                largest = index > largest ? index : largest;
                memcpy(target + 3 * x, &table[index * 4], 4);
            }
            unsigned index = packed_sample(row, x, depth);
            largest = index > largest ? index : largest;
            memcpy(target + 3 * x, &table[index * 4], 3);
        }
        if ((int)largest >= count) {
            return CPNG_DATA_ERROR;
        }
    }
    return CPNG_OK;
}

cpng_status cpng_expand_rows(const cpng_expansion *expansion, const uint8_t *stored, size_t stored_stride,
                             uint8_t *out, size_t out_stride, uint32_t width, uint32_t row_count) {
    int depth = expansion->bit_depth;
    if (expansion->color_type == 3) {
        if (depth != 1 && depth != 2 && depth != 4 && depth != 8) {
            return CPNG_DATA_ERROR;
        }
        return expand_palette(expansion, stored, stored_stride, out, out_stride, width, row_count);
    }
    int key = expansion->has_key;
    if (expansion->color_type == 0 && depth < 8) {
        if (depth != 1 && depth != 2 && depth != 4) {
            return CPNG_DATA_ERROR;
        }
        // libpng's scaling: the sample times 255 / (2^depth - 1), so that the largest becomes 255.
        unsigned scale = depth == 1 ? 0xFF : depth == 2 ? 0x55 : 0x11;
        unsigned largest = (1u << depth) - 1;
        if (key && expansion->key[0] > largest) {
            return CPNG_DATA_ERROR;
        }
        for (uint32_t y = 0; y < row_count; y++) {
            const uint8_t *row = stored + (size_t)y * stored_stride;
            uint8_t *target = out + (size_t)y * out_stride;
            if (key) {
                for (size_t x = 0; x < width; x++) {
                    unsigned sample = packed_sample(row, x, depth);
                    target[2 * x] = (uint8_t)(sample * scale);
                    target[2 * x + 1] = sample == expansion->key[0] ? 0 : 255;
                }
            } else {
                for (size_t x = 0; x < width; x++) {
                    target[x] = (uint8_t)(packed_sample(row, x, depth) * scale);
                }
            }
        }
        return CPNG_OK;
    }
    // 8- or 16-bit gray or RGB with a key colour: an alpha sample after each pixel, 0 where the pixel is the key.
    int channels = expansion->color_type == 0 ? 1 : expansion->color_type == 2 ? 3 : 0;
    if (!key || channels == 0 || (depth != 8 && depth != 16)) {
        return CPNG_DATA_ERROR;
    }
    size_t sample_bytes = (size_t)depth / 8;
    size_t pixel_bytes = sample_bytes * (size_t)channels;
    uint8_t key_bytes[6];
    for (int channel = 0; channel < channels; channel++) {
        uint16_t value = expansion->key[channel];
        if (depth == 8 && value > 0xFF) {
            return CPNG_DATA_ERROR;
        }
        if (depth == 8) {
            key_bytes[channel] = (uint8_t)value;
        } else {
            key_bytes[2 * channel] = (uint8_t)(value >> 8);
            key_bytes[2 * channel + 1] = (uint8_t)value;
        }
    }
    for (uint32_t y = 0; y < row_count; y++) {
        const uint8_t *row = stored + (size_t)y * stored_stride;
        uint8_t *target = out + (size_t)y * out_stride;
        for (size_t x = 0; x < width; x++) {
            const uint8_t *pixel = row + x * pixel_bytes;
            uint8_t alpha = memcmp(pixel, key_bytes, pixel_bytes) == 0 ? 0 : 255;
            memcpy(target, pixel, pixel_bytes);
            target += pixel_bytes;
            memset(target, alpha, sample_bytes);
            target += sample_bytes;
        }
    }
    return CPNG_OK;
}
