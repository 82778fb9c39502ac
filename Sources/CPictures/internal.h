#ifndef MASONRY_PICTURES_INTERNAL_H
#define MASONRY_PICTURES_INTERNAL_H

#include "pictures.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>

/// Averages rows of RGBA pixels, as they are decoded one after another, down to a target
/// size by exact areas: each target pixel is the mean of the source area it covers, a
/// source pixel on a boundary counting towards both sides by the share it has in each (a
/// plain box that gives some target pixels two source pixels and others one aliases fine
/// detail). Alpha-weighted, so transparent pixels lend no colour. Memory: two target rows
/// of sums and the result.
typedef struct {
  int source_width;
  int source_height;
  int width;
  int height;
  int next_row;
  /// The target row `sums` accumulates; `next_sums` holds the row after it.
  int target_row;
  uint64_t *sums;
  uint64_t *next_sums;
  uint8_t *pixels;
} masonry_downscaler;

/// The size that fits `max_side` on the longer side (the source size when it fits).
void masonry_fitted_size(int width, int height, int max_side, int *fitted_width,
                         int *fitted_height);

int masonry_downscaler_init(masonry_downscaler *scaler, int source_width, int source_height,
                            int max_side);
/// The same to exactly `width` × `height` (each at most the source's).
int masonry_downscaler_init_size(masonry_downscaler *scaler, int source_width, int source_height,
                                 int width, int height);
void masonry_downscaler_push_row(masonry_downscaler *scaler, const uint8_t *rgba);
/// Hands the result over to `out` (rows never pushed stay transparent).
void masonry_downscaler_finish(masonry_downscaler *scaler, masonry_pixels *out);
void masonry_downscaler_free(masonry_downscaler *scaler);

/// `pixels` turned by the EXIF `orientation` (1-8), in place (may reallocate).
int masonry_apply_orientation(masonry_pixels *pixels, int orientation);

/// A decoder: the picture in `bytes` at most `max_side` on its longer side (`accurate`:
/// favour accuracy over speed, where the format has the choice), in stored orientation.
typedef int (*masonry_decode_function)(const uint8_t *bytes, size_t length, int max_side,
                                       int64_t max_pixels, int accurate, masonry_pixels *out);

int masonry_decode_jpeg(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out);
int masonry_decode_png(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out);
int masonry_decode_webp(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out);
int masonry_decode_gif(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out);
int masonry_decode_bmp(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out);
int masonry_decode_tiff(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out);

/// The first frame of the animation in `bytes` (an animated WebP's still), at most
/// `max_side` on its longer side.
int masonry_animation_first_frame(const uint8_t *bytes, size_t length, int max_side,
                                  int64_t max_pixels, masonry_pixels *out);

#endif
