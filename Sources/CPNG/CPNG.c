#include "CPNG.h"

#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "CPNGPrivate.h"

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    uLong value = crc;
    // zlib takes at most UINT_MAX bytes a call.
    while (count > 0) {
        uInt part = count > UINT32_MAX ? UINT32_MAX : (uInt)count;
        value = crc32(value, bytes, part);
        bytes += part;
        count -= part;
    }
    return (uint32_t)value;
}

void cpng_error_callback(png_structp png, png_const_charp message) {
    cpng_error_record *record = (cpng_error_record *)png_get_error_ptr(png);
    if (record->status == CPNG_OK) {
        record->status = CPNG_ERROR;
        record->chunk_type = (uint32_t)png_get_io_chunk_type(png);
        const char *text = message != NULL ? message : "unknown error";
        // png_chunk_error puts the chunk's name and ": " before its message; the chunk is reported on its own.
        char name[5] = {(char)(record->chunk_type >> 24), (char)(record->chunk_type >> 16),
                        (char)(record->chunk_type >> 8), (char)record->chunk_type, 0};
        if (record->chunk_type != 0 && strncmp(text, name, 4) == 0 && strncmp(text + 4, ": ", 2) == 0) {
            text += 6;
        }
        snprintf(record->message, sizeof record->message, "%s", text);
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
