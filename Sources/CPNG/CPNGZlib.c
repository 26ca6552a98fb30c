// zlib streams inside ancillary chunks (zTXt, iTXt, iCCP), which PNGCodec parses and writes itself.

#include <stdlib.h>
#include <zlib.h>

#include "CPNG.h"

cpng_status cpng_inflate(const uint8_t *input, size_t input_length, size_t max_length, uint8_t **output,
                         size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) {
        return CPNG_OUT_OF_MEMORY;
    }
    size_t capacity = 1024;
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) {
        inflateEnd(&stream);
        return CPNG_OUT_OF_MEMORY;
    }
    size_t produced = 0;
    size_t consumed = 0;
    cpng_status status = CPNG_OK;
    for (;;) {
        if (produced == capacity) {
            if (capacity > max_length) {
                status = CPNG_LIMIT;
                break;
            }
            size_t grown_capacity = capacity * 2;
            uint8_t *grown = realloc(buffer, grown_capacity);
            if (grown == NULL) {
                status = CPNG_OUT_OF_MEMORY;
                break;
            }
            buffer = grown;
            capacity = grown_capacity;
        }
        // zlib counts in uInt, so feed it at most 1 GiB at a time.
        size_t in_chunk = input_length - consumed;
        size_t out_chunk = capacity - produced;
        stream.next_in = (Bytef *)(input + consumed);
        stream.avail_in = (uInt)(in_chunk < (1u << 30) ? in_chunk : (1u << 30));
        stream.next_out = buffer + produced;
        stream.avail_out = (uInt)(out_chunk < (1u << 30) ? out_chunk : (1u << 30));
        uInt in_before = stream.avail_in;
        uInt out_before = stream.avail_out;
        int result = inflate(&stream, Z_NO_FLUSH);
        consumed += in_before - stream.avail_in;
        produced += out_before - stream.avail_out;
        if (result == Z_STREAM_END) {
            break;
        }
        if (result == Z_MEM_ERROR) {
            status = CPNG_OUT_OF_MEMORY;
            break;
        }
        if (result != Z_OK && result != Z_BUF_ERROR) {
            status = CPNG_DATA_ERROR;
            break;
        }
        if (consumed == input_length && produced < capacity) {
            // All input used, room left, and no end of stream: the stream is incomplete.
            status = CPNG_DATA_ERROR;
            break;
        }
    }
    inflateEnd(&stream);
    if (status == CPNG_OK && produced > max_length) {
        status = CPNG_LIMIT;
    }
    if (status != CPNG_OK) {
        free(buffer);
        return status;
    }
    *output = buffer;
    *output_length = produced;
    return CPNG_OK;
}

cpng_status cpng_deflate(const uint8_t *input, size_t input_length, int level, uint8_t **output,
                         size_t *output_length) {
    *output = NULL;
    *output_length = 0;
    uLong bound = compressBound((uLong)input_length);
    if ((size_t)(uLong)input_length != input_length || bound < input_length) {
        return CPNG_OUT_OF_MEMORY;
    }
    uint8_t *buffer = malloc(bound);
    if (buffer == NULL) {
        return CPNG_OUT_OF_MEMORY;
    }
    uLongf length = bound;
    int result = compress2(buffer, &length, input, (uLong)input_length, level);
    if (result != Z_OK) {
        free(buffer);
        return result == Z_MEM_ERROR ? CPNG_OUT_OF_MEMORY : CPNG_ERROR;
    }
    *output = buffer;
    *output_length = length;
    return CPNG_OK;
}
