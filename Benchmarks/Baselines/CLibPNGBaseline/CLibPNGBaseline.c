#include "CLibPNGBaseline.h"

#include <malloc.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
} memory_reader;

static void read_memory(png_structp png, png_bytep out, size_t length) {
    memory_reader *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->position) {
        png_error(png, "unexpected end of data");
    }
    memcpy(out, reader->data + reader->position, length);
    reader->position += length;
}

int baseline_decode(const uint8_t *data, size_t size, baseline_image *image) {
    memory_reader reader = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) {
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 1;
    }
    // volatile: assigned after setjmp and read after a longjmp.
    png_bytep *volatile rows = NULL;
    uint8_t *volatile pixels = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &reader, read_memory);
    png_read_info(png, info);
    png_set_expand(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    uint32_t height = png_get_image_height(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    pixels = malloc(row_bytes * height);
    rows = malloc(sizeof(png_bytep) * height);
    if (pixels == NULL || rows == NULL) {
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) {
        rows[y] = pixels + row_bytes * y;
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    image->pixels = pixels;
    image->row_bytes = row_bytes;
    image->width = png_get_image_width(png, info);
    image->height = height;
    image->channels = png_get_channels(png, info);
    image->bit_depth = png_get_bit_depth(png, info);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

void baseline_image_free(baseline_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} memory_writer;

static void write_memory(png_structp png, png_bytep data, size_t length) {
    memory_writer *writer = png_get_io_ptr(png);
    if (writer->size + length > writer->capacity) {
        size_t capacity = writer->capacity < 65536 ? 65536 : writer->capacity;
        while (capacity < writer->size + length) {
            capacity *= 2;
        }
        uint8_t *grown = realloc(writer->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory");
        }
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->size, data, length);
    writer->size += length;
}

static void flush_nothing(png_structp png) {
    (void)png;
}

int baseline_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int bit_depth,
                    uint8_t **output, size_t *output_size) {
    static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                       PNG_COLOR_TYPE_RGB_ALPHA};
    memory_writer writer = {NULL, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) {
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return 1;
    }
    // volatile: assigned after setjmp and read after a longjmp (writer is only changed through a pointer).
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(writer.data);
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, &writer, write_memory, flush_nothing);
    png_set_IHDR(png, info, width, height, bit_depth, color_types[channels], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t row_bytes = (size_t)width * (size_t)channels * (size_t)(bit_depth / 8);
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) {
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) {
        rows[y] = (png_bytep)(pixels + row_bytes * y);
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    *output = writer.data;
    *output_size = writer.size;
    return 0;
}

void baseline_map_large_allocations(void) {
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}
