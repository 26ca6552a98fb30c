#ifndef CPNG_H
#define CPNG_H

// CPNG: the only code in DnDKit that calls libpng.
//
// libpng reports errors by calling longjmp on a jmp_buf that the caller armed with setjmp. Swift cannot
// call setjmp (a function that returns twice) and a longjmp across Swift frames skips their cleanup, so
// every libpng call lives here, each entry point arms its own setjmp, and errors come back as a status
// code plus libpng's message. Nothing in this header mentions a libpng type: Swift never sees png.h.
//
// Ownership: a decoder or encoder session is created and destroyed by exactly one owner (PNGCodec wraps
// each in a Swift object with a deinit). Sessions are not thread-safe; different sessions are
// independent and may be used on different threads at the same time.

#include <stddef.h>
#include <stdint.h>

/// The result of every fallible CPNG call.
typedef enum {
    /// Done.
    CPNG_OK = 0,
    /// libpng reported an error; the session's message says what it was.
    CPNG_ERROR = 1,
    /// The input ended before libpng had read what it needed.
    CPNG_TRUNCATED = 2,
    /// An allocation failed.
    CPNG_OUT_OF_MEMORY = 3,
    /// A compressed stream was corrupt or incomplete: the image data, while a decoder reads rows, or a stream
    /// given to cpng_inflate.
    CPNG_DATA_ERROR = 4,
    /// A decompressed stream would exceed the caller's limit (cpng_inflate only).
    CPNG_LIMIT = 5,
} cpng_status;

/// The version of the libpng the program runs against, for example "1.6.39".
const char *cpng_libpng_version(void);

/// The CRC-32 of PNG chunks and gzip (zlib's `crc32`) of `count` bytes, continuing from `crc` (0 to start).
uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

// MARK: - Decoding

/// Limits handed to libpng on top of the checks PNGCodec makes before it creates a decoder.
typedef struct {
    /// Largest accepted width and height (png_set_user_limits).
    uint32_t max_width;
    uint32_t max_height;
    /// Largest number of ancillary chunks libpng may keep in memory (png_set_chunk_cache_max).
    uint32_t max_ancillary_chunks;
    /// Largest single chunk allocation libpng may make (png_set_chunk_malloc_max).
    size_t max_chunk_bytes;
} cpng_limits;

/// A run of bytes of the encoded PNG that a decoder hands to libpng.
typedef struct {
    size_t offset;
    size_t length;
} cpng_span;

/// What a decoded row looks like after CPNG's transformations (palette and low bit depths expanded,
/// tRNS turned into alpha, 16-bit samples kept as 16-bit big-endian).
typedef struct {
    uint32_t width;
    uint32_t height;
    /// 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
    int channels;
    /// 8 or 16.
    int bit_depth;
    /// Bytes in one decoded row, with no padding.
    size_t row_bytes;
} cpng_layout;

/// A decoding session over an encoded PNG held in memory by the caller, who keeps it alive until the
/// session is destroyed. Opaque.
typedef struct cpng_decoder cpng_decoder;

/// Creates a session over the `size` bytes at `data` that shows libpng only the `span_count` runs of `spans`, in
/// order (the signature and the chunks libpng needs: IHDR, PLTE, tRNS, IDAT, IEND), so that nothing PNGCodec has
/// already parsed is parsed again. PNGCodec has checked every chunk's CRC: libpng checks none. Returns NULL only
/// when memory runs out.
cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size, const cpng_span *spans, size_t span_count,
                                  const cpng_limits *limits);

/// Reads the signature and every chunk up to the first IDAT, sets up the transformations and reports
/// the decoded layout. A libpng error here is CPNG_ERROR. The corresponding libpng calls are `png_read_info` and
/// `png_read_update_info`.
cpng_status cpng_decoder_read_header(cpng_decoder *decoder, cpng_layout *layout);

/// Decodes every row (all Adam7 passes when interlaced) straight into `pixels`, `stride` bytes apart,
/// then reads the rest of the image data and IEND, so that the zlib stream's end and Adler-32 are checked.
/// `pixels` must hold `height` rows of the layout's `row_bytes`. A libpng error here is about the image data:
/// CPNG_DATA_ERROR. The corresponding libpng calls are `png_read_row` and `png_read_end`.
cpng_status cpng_decoder_read_image(cpng_decoder *decoder, uint8_t *pixels, size_t stride);

/// libpng's message for the last error, without the chunk name libpng puts before it, or the empty string.
const char *cpng_decoder_message(const cpng_decoder *decoder);

/// The type of the chunk libpng was reading when the last error happened, as four ASCII bytes in big-endian
/// order (`'IDAT'`), or 0 when it was not inside a chunk.
uint32_t cpng_decoder_chunk_type(const cpng_decoder *decoder);

/// The offset in the whole file just past the last byte libpng had consumed when the last error happened.
size_t cpng_decoder_offset(const cpng_decoder *decoder);

/// Frees the session and everything libpng allocated for it.
void cpng_decoder_destroy(cpng_decoder *decoder);

// MARK: - Encoding

/// zlib strategies (the values of zlib's Z_FILTERED and friends, restated so that Swift needs no zlib.h).
typedef enum {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN_ONLY = 2,
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_FIXED = 4,
} cpng_strategy;

/// Row filter bits, as libpng's PNG_FILTER_NONE … PNG_FILTER_PAETH.
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
};

/// How a row's filter is picked among the allowed ones.
typedef enum {
    /// libpng's heuristic: the filter whose output has the smallest sum of absolute values.
    CPNG_FILTER_CHOICE_HEURISTIC = 0,
    /// Every allowed filter is tried on the row and the one whose output compresses smallest after the
    /// row above (a fast zlib trial) wins; several times slower, smaller.
    CPNG_FILTER_CHOICE_TRIAL = 1,
} cpng_filter_choice;

typedef struct {
    /// zlib level 0…9.
    int level;
    cpng_strategy strategy;
    /// A non-empty set of CPNG_FILTER_* bits.
    int filters;
    cpng_filter_choice filter_choice;
    /// Adam7 when non-zero.
    int interlace;
    /// zlib memLevel 1…9 (libpng's default is 8).
    int memory_level;
    /// Bytes of compressed data per IDAT chunk (png_set_compression_buffer_size).
    size_t idat_size;
} cpng_encode_options;

/// An encoding session: ancillary chunks are added first, then the image is written in one call. Opaque.
typedef struct cpng_encoder cpng_encoder;

/// Creates an encoder for an image of the given size and layout (`channels` 1…4, `bit_depth` 8 or 16).
/// Returns NULL only when memory runs out.
cpng_encoder *cpng_encoder_create(uint32_t width, uint32_t height, int channels, int bit_depth);

/// Queues an ancillary chunk, already serialised by the caller (four-letter `type`, `length` bytes of
/// data; the data is copied). Queued chunks are written in order right after IHDR, before any image data.
/// PNGCodec serialises metadata itself rather than through png_set_gAMA and friends, because libpng's
/// colour-space checks silently drop or rewrite gAMA/cHRM/sRGB values that disagree with each other,
/// and a decoded file must re-encode to the same metadata. The corresponding libpng call is
/// `png_write_chunk`.
/// Sets the layout of the rows `cpng_encoder_write` takes and the file it writes, replacing the one given at
/// creation: a PNG colour type (0 gray, 2 RGB, 3 indexed, 4 gray+alpha, 6 RGBA), a bit depth that PNG allows for
/// it (1, 2 and 4 packed, most significant bits first, rows starting on a byte), and the samples per pixel (1 for
/// gray and indexed). Returns CPNG_ERROR for a combination PNG does not allow.
cpng_status cpng_encoder_set_layout(cpng_encoder *encoder, int color_type, int bit_depth, int samples_per_pixel);

/// Sets the palette of an indexed image: `count` (1…256) entries of red, green and blue in `rgb`, and the alpha
/// values of the first `alpha_count` of them (the others are opaque). Returns CPNG_ERROR otherwise.
cpng_status cpng_encoder_set_palette(cpng_encoder *encoder, const uint8_t *rgb, int count, const uint8_t *alpha,
                                     int alpha_count);

cpng_status cpng_encoder_add_chunk(cpng_encoder *encoder, const char type[4], const uint8_t *data, size_t length);

/// Writes the whole PNG: signature, header and metadata, every row of `pixels` (rows `stride` bytes
/// apart; 16-bit samples big-endian), IEND. The corresponding libpng calls are `png_write_info`,
/// `png_write_row` and `png_write_end`.
cpng_status cpng_encoder_write(cpng_encoder *encoder, const cpng_encode_options *options,
                               const uint8_t *pixels, size_t stride);

/// Hands over the encoded bytes, which the caller frees with free(); the encoder keeps none. Sets `*length`.
uint8_t *cpng_encoder_take_output(cpng_encoder *encoder, size_t *length);

/// libpng's message for the last error, or the empty string.
const char *cpng_encoder_message(const cpng_encoder *encoder);

/// Frees the session and anything not taken.
void cpng_encoder_destroy(cpng_encoder *encoder);

// MARK: - zlib

/// Inflates a zlib stream (the compressed part of zTXt, iTXt and iCCP chunks) into a new buffer that the
/// caller frees with free(). Fails with CPNG_LIMIT before producing more than `max_length` bytes and with
/// CPNG_DATA_ERROR on a corrupt or incomplete stream. The corresponding zlib call is `inflate`.
cpng_status cpng_inflate(const uint8_t *input, size_t input_length, size_t max_length, uint8_t **output,
                         size_t *output_length);

/// Compresses `input` into a zlib stream (for zTXt, iTXt and iCCP chunks) in a new buffer that the caller
/// frees with free(). The corresponding zlib call is `compress2`.
cpng_status cpng_deflate(const uint8_t *input, size_t input_length, int level, uint8_t **output,
                         size_t *output_length);

// MARK: - Slices: one image on several cores

// A sliced encode splits the rows into runs ("slices") that are filtered and deflated independently, each by a
// fresh raw deflate stream with no preset dictionary, so that no slice refers to the bytes of another; all but the
// last end with a sync flush (byte-aligned, an empty stored block), which joins them into one valid zlib stream.
// The first row of every slice is filtered with None or Sub, which need no row above, so that a decoder can start
// inflating and unfiltering at any slice. A sliced decode inflates each slice on its own and checks that the
// result is exactly what one sequential inflate of the whole stream would give, or reports CPNG_DATA_ERROR.

/// Filters and deflates `row_count` rows of `row_bytes` bytes (`stride` apart; `bpp` bytes per pixel, at least 1)
/// as one slice: a raw deflate stream (no zlib header or trailer) ending in a sync flush, or in the final block when
/// `is_last`. Uses the level, strategy, memory level, filters and filter choice of `options`; the first row gets
/// None or Sub whatever `options` allows. The output is a new buffer the caller frees with free(); `*adler` is
/// the Adler-32 of the filtered bytes (zlib's `adler32`, from 1). The corresponding zlib calls are `deflateInit2`,
/// `deflate` with Z_SYNC_FLUSH or Z_FINISH, and `adler32`.
cpng_status cpng_slice_deflate(const uint8_t *pixels, size_t stride, uint32_t row_count, size_t row_bytes, size_t bpp,
                               const cpng_encode_options *options, int is_last, uint8_t **output,
                               size_t *output_length, uint32_t *adler);

/// Adler-32 of two runs joined, from the Adler-32 of each and the length of the second (zlib's
/// `adler32_combine`).
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length);

/// The compressed bytes of one slice in a file: where the IDAT chunks' data lies in the file, and the slice's
/// run of the zlib stream those chunks hold together (offsets count from the stream's first byte).
typedef struct {
    const uint8_t *file;
    const cpng_span *idat;
    size_t idat_count;
    size_t stream_start;
    size_t stream_end;
    /// The window size of the stream's zlib header (8…15).
    int window_bits;
    /// Whether the slice holds the stream's final block: it must end there, followed by nothing but the 4-byte
    /// Adler-32 trailer, which it does not read.
    int is_last;
} cpng_slice_source;

/// Inflates one slice of `row_count` rows into `pixels` (rows `stride` apart, `row_bytes` each; `bpp` bytes per
/// pixel), keeping each row's filter type in `filters`. Unfilters the rows as it goes when the first row needs no
/// row above (`is_first_slice`, or filter None or Sub) and sets `*deferred` to 0; otherwise leaves them filtered
/// and sets `*deferred` to 1, for cpng_unfilter_rows once the row above is done. CPNG_DATA_ERROR when the slice is
/// not exactly `row_count` rows inflated from a clean state, ending on a byte-aligned block boundary (or at the
/// stream's end when last) with all of its bytes used, or holds a filter type above 4. `*adler` is the Adler-32 of
/// the inflated bytes. The corresponding zlib calls are `inflateInit2` and `inflate` with Z_BLOCK.
cpng_status cpng_slice_inflate(const cpng_slice_source *source, uint8_t *pixels, size_t stride, uint32_t row_count,
                               size_t row_bytes, size_t bpp, int is_first_slice, uint8_t *filters, uint32_t *adler,
                               int *deferred);

/// Unfilters, in place, rows that cpng_slice_inflate left filtered; the row above the first is `pixels - stride`.
void cpng_unfilter_rows(uint8_t *pixels, size_t stride, const uint8_t *filters, uint32_t row_count,
                        size_t row_bytes, size_t bpp);

/// How stored rows become the rows CPNG's decoder gives (libpng's `png_set_expand`): palette indices to RGB, or to
/// RGBA when the palette has tRNS entries (alpha 255 past them); gray below 8 bits to 8 bits (times 255, 85 or 17);
/// a tRNS key colour on gray or RGB to an alpha sample after each pixel (0 on the key, the largest value elsewhere).
typedef struct {
    /// The IHDR colour type (0 gray, 2 RGB, 3 palette) and bit depth.
    int color_type;
    int bit_depth;
    /// For palette images: `palette_count` RGB triples, and the first `alpha_count` entries' alpha (tRNS).
    const uint8_t *palette;
    int palette_count;
    const uint8_t *palette_alpha;
    int alpha_count;
    /// For gray and RGB images: whether a tRNS key colour applies, and its samples (gray in `key[0]`).
    int has_key;
    uint16_t key[3];
} cpng_expansion;

/// Expands `row_count` stored rows (unfiltered, `stored_stride` apart) of `width` pixels into `out` (`out_stride`
/// apart) as `expansion` says. CPNG_DATA_ERROR, with `out` partly written, when a palette index is outside the
/// palette or a key colour is outside the bit depth's range (where libpng warns and decides; the caller lets it),
/// or when nothing needs expanding.
cpng_status cpng_expand_rows(const cpng_expansion *expansion, const uint8_t *stored, size_t stored_stride,
                             uint8_t *out, size_t out_stride, uint32_t width, uint32_t row_count);

#endif
