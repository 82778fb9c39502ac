#ifndef MASONRY_BENCH_PICTURES_H
#define MASONRY_BENCH_PICTURES_H

// Encoders for the benchmark's picture files (made in the run, not kept in the
// repository): the same Debian libraries masonry decodes with. Returns 0 on success.

#include <stddef.h>
#include <stdint.h>

int masonry_bench_write_jpeg(const char *path, const uint8_t *rgb, int width, int height,
                             int quality, int progressive);
int masonry_bench_write_png(const char *path, const uint8_t *rgba, int width, int height);
int masonry_bench_write_webp_lossless(const char *path, const uint8_t *rgba, int width, int height);
/// A GIF of the picture in a 6×6×6 colour cube plus 40 greys.
int masonry_bench_write_gif(const char *path, const uint8_t *rgb, int width, int height);

/// A new pseudo-terminal: its master descriptor (or -1), the slave's path in `name`.
int masonry_bench_open_pty(char *name, size_t capacity);

#endif
