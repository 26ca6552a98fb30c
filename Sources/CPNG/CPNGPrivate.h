#ifndef CPNG_PRIVATE_H
#define CPNG_PRIVATE_H

// What the decoder and the encoder share: the error record that libpng's error callback fills in before
// it longjmps back to the setjmp of the CPNG entry point that is running.

#include <png.h>

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

#endif
