#include "CPNG.h"

#include <stdio.h>

#include "CPNGPrivate.h"

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}

void cpng_error_callback(png_structp png, png_const_charp message) {
    cpng_error_record *record = (cpng_error_record *)png_get_error_ptr(png);
    if (record->status == CPNG_OK) {
        record->status = CPNG_ERROR;
        snprintf(record->message, sizeof record->message, "%s", message != NULL ? message : "unknown error");
        record->chunk_type = (uint32_t)png_get_io_chunk_type(png);
    }
    // png_longjmp is libpng's way out of an error callback: it jumps to png_jmpbuf(png), which the
    // CPNG entry point that is running armed with setjmp.
    png_longjmp(png, 1);
}

void cpng_warning_callback(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

void cpng_fail(png_structp png, cpng_status status, const char *message) {
    cpng_error_record *record = (cpng_error_record *)png_get_error_ptr(png);
    if (record->status == CPNG_OK) {
        record->status = status;
        snprintf(record->message, sizeof record->message, "%s", message);
        record->chunk_type = (uint32_t)png_get_io_chunk_type(png);
    }
    png_error(png, message);
}
