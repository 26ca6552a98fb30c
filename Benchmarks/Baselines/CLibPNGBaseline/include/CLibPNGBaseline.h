#ifndef CLIBPNG_BASELINE_H
#define CLIBPNG_BASELINE_H

// The comparison point of PNGBenchmarks: what a C program calling libpng's classic API directly does, with
// libpng's defaults, so that PNGCodec and plain libpng are measured in the same run on the same bytes.

#include <stddef.h>
#include <stdint.h>

/// A decoded image in PNGCodec's layout: palette and low bit depths expanded, tRNS as alpha, 16-bit big-endian.
typedef struct {
    uint8_t *pixels;
    size_t row_bytes;
    uint32_t width;
    uint32_t height;
    int channels;
    int bit_depth;
} baseline_image;

/// Decodes a PNG held in memory: png_read_info, png_set_expand, png_set_interlace_handling,
/// png_read_update_info, png_read_image into one malloc'd buffer, png_read_end. Returns 0 on success.
int baseline_decode(const uint8_t *data, size_t size, baseline_image *image);

/// Frees what baseline_decode allocated.
void baseline_image_free(baseline_image *image);

/// Encodes rows (16-bit samples big-endian) with libpng's default compression and filters into a malloc'd
/// buffer: png_set_IHDR, png_write_info, png_write_image, png_write_end. Returns 0 on success.
int baseline_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int bit_depth,
                    uint8_t **output, size_t *output_size);

/// For memory measurements: makes glibc map every allocation of 128 KiB or more afresh and unmap it when freed,
/// so that each decode's buffers show in the resident peak as in a process's first decode (glibc otherwise raises
/// its mmap threshold after the first such free and keeps the pages). Swift cannot see <malloc.h>'s mallopt.
void baseline_map_large_allocations(void);

#endif
