#ifndef CPNG_PRIVATE_H
#define CPNG_PRIVATE_H

// What the decoder and the encoder share: the error record that libpng's error callback fills in before
// it longjmps back to the setjmp of the CPNG entry point that is running.

#include <png.h>
#include <zlib.h>

#include "CPNG.h"

typedef struct {
    /// libpng's message for the last error.
    char message[256];
    /// The chunk libpng was in at the last error (png_get_io_chunk_type), 0 outside chunks.
    uint32_t chunk_type;
    /// CPNG_OK until an error; then what kind of error it was.
    cpng_status status;
} cpng_error_record;

/// libpng error callback, passed to png_create_read_struct and png_create_write_struct with a
/// cpng_error_record as the error pointer: records the message, then longjmps to png_jmpbuf.
void cpng_error_callback(png_structp png, png_const_charp message);

/// libpng warning callback: warnings are dropped (PNGCodec checks what matters itself).
void cpng_warning_callback(png_structp png, png_const_charp message);

/// Records a status and message in the error pointer's record, then takes libpng's error path
/// (never returns). For reader and writer callbacks that run out of input or memory.
void cpng_fail(png_structp png, cpng_status status, const char *message);

/// Scratch space for choosing filters by trial compression.
typedef struct {
    z_stream probe;
    int probe_ready;
    /// The previous row as filtered and written: the dictionary of the next trial.
    uint8_t *chosen;
    uint8_t *candidate;
    uint8_t *compressed;
    size_t compressed_capacity;
} trial_state;

/// Writes `row` filtered with `filter` (one of PNG_FILTER_*; `previous` is the unfiltered row above) to `out`,
/// preceded by the filter-type byte, as the row appears in the zlib stream.
void cpng_filter_row(const uint8_t *row, const uint8_t *previous, size_t length, size_t bpp, int filter,
                     uint8_t *out);

/// Allocates the trial scratch space for rows of `length` bytes; 0 when memory runs out.
int cpng_trial_prepare(trial_state *trial, size_t length, int strategy);

/// Frees what cpng_trial_prepare allocated.
void cpng_trial_free(trial_state *trial);

/// The allowed filter whose output for `row` compresses smallest right after the previous written row
/// (`trial->chosen`, which it then replaces with this row as filtered).
int cpng_smallest_trial_filter(trial_state *trial, const uint8_t *row, const uint8_t *previous, size_t length,
                               size_t bpp, int allowed);

#endif