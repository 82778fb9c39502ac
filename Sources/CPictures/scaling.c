#include "internal.h"

// Pixels in memory: the size that fits, the exact-area downscaler the decoders push
// their rows into, EXIF orientation. Called by the decoders; calls none of them.

#include <string.h>

void masonry_fitted_size(int width, int height, int max_side, int *fitted_width,
                         int *fitted_height) {
  int longer = width > height ? width : height;
  if (max_side <= 0 || longer <= max_side) {
    *fitted_width = width;
    *fitted_height = height;
    return;
  }
  int64_t w = (int64_t)width * max_side / longer;
  int64_t h = (int64_t)height * max_side / longer;
  *fitted_width = w > 0 ? (int)w : 1;
  *fitted_height = h > 0 ? (int)h : 1;
}

int masonry_downscaler_init(masonry_downscaler *scaler, int source_width, int source_height,
                            int max_side) {
  int width, height;
  masonry_fitted_size(source_width, source_height, max_side, &width, &height);
  return masonry_downscaler_init_size(scaler, source_width, source_height, width, height);
}

int masonry_downscaler_init_size(masonry_downscaler *scaler, int source_width, int source_height,
                                 int width, int height) {
  memset(scaler, 0, sizeof(*scaler));
  if (source_width <= 0 || source_height <= 0 || width <= 0 || height <= 0 ||
      width > source_width || height > source_height) {
    return -1;
  }
  scaler->source_width = source_width;
  scaler->source_height = source_height;
  scaler->width = width;
  scaler->height = height;
  scaler->sums = calloc((size_t)scaler->width * 5, sizeof(uint64_t));
  scaler->next_sums = calloc((size_t)scaler->width * 5, sizeof(uint64_t));
  scaler->pixels = calloc((size_t)scaler->width * (size_t)scaler->height, 4);
  if (scaler->sums == NULL || scaler->next_sums == NULL || scaler->pixels == NULL) {
    masonry_downscaler_free(scaler);
    return -1;
  }
  return 0;
}

/// Writes the finished target row `target_row` from `sums`, then moves on: the next row's
/// sums become the current ones.
static void flush_row(masonry_downscaler *scaler) {
  if (scaler->target_row < scaler->height) {
    uint8_t *row = scaler->pixels + (size_t)scaler->target_row * (size_t)scaler->width * 4;
    for (int x = 0; x < scaler->width; x++) {
      uint64_t *sum = scaler->sums + (size_t)x * 5;
      if (sum[4] == 0) {
        continue;
      }
      uint64_t alpha = sum[3];
      if (alpha > 0) {
        row[x * 4 + 0] = (uint8_t)((sum[0] + alpha / 2) / alpha);
        row[x * 4 + 1] = (uint8_t)((sum[1] + alpha / 2) / alpha);
        row[x * 4 + 2] = (uint8_t)((sum[2] + alpha / 2) / alpha);
      }
      row[x * 4 + 3] = (uint8_t)((alpha + sum[4] / 2) / sum[4]);
    }
  }
  uint64_t *done = scaler->sums;
  scaler->sums = scaler->next_sums;
  scaler->next_sums = done;
  memset(scaler->next_sums, 0, (size_t)scaler->width * 5 * sizeof(uint64_t));
  scaler->target_row++;
}

/// Adds one source row to a target row's sums with vertical weight `weight`. The source
/// pixels are walked with the running position of their edges in target units, so no
/// division is needed per pixel; a pixel across a target boundary is split by its shares.
/// Sums for the current target pixel stay in registers until the walk leaves it.
static void accumulate(const masonry_downscaler *scaler, uint64_t *sums, const uint8_t *rgba,
                       uint64_t weight) {
  // Units where a source pixel is `width` wide and a target pixel `source_width` wide.
  const uint64_t source_width = (uint64_t)scaler->source_width;
  const uint64_t width = (uint64_t)scaler->width;
  const uint64_t whole = width * weight;
  uint64_t start = 0;
  uint64_t boundary = source_width;
  uint64_t column = 0;
  uint64_t red = 0, green = 0, blue = 0, alphas = 0, shares = 0;
  for (uint64_t x = 0; x < source_width; x++, rgba += 4) {
    uint64_t end = start + width;
    uint64_t alpha = rgba[3];
    if (end < boundary) {
      // Inside the target pixel: most pixels when shrinking.
      uint64_t weighted = alpha * whole;
      red += rgba[0] * weighted;
      green += rgba[1] * weighted;
      blue += rgba[2] * weighted;
      alphas += weighted;
      shares += whole;
    } else {
      uint64_t first = (boundary - start) * weight;
      uint64_t weighted = alpha * first;
      uint64_t *sum = sums + column * 5;
      sum[0] += red + rgba[0] * weighted;
      sum[1] += green + rgba[1] * weighted;
      sum[2] += blue + rgba[2] * weighted;
      sum[3] += alphas + weighted;
      sum[4] += shares + first;
      uint64_t rest = (end - boundary) * weight;
      weighted = alpha * rest;
      red = rgba[0] * weighted;
      green = rgba[1] * weighted;
      blue = rgba[2] * weighted;
      alphas = weighted;
      shares = rest;
      boundary += source_width;
      if (column + 1 < width) {
        column++;
      }
    }
    start = end;
  }
  if (shares > 0) {
    uint64_t *sum = sums + column * 5;
    sum[0] += red;
    sum[1] += green;
    sum[2] += blue;
    sum[3] += alphas;
    sum[4] += shares;
  }
}

void masonry_downscaler_push_row(masonry_downscaler *scaler, const uint8_t *rgba) {
  if (scaler->sums == NULL || scaler->next_row >= scaler->source_height) {
    return;
  }
  // The row covers [y·height, (y+1)·height) in units where a target row is source_height.
  uint64_t height = (uint64_t)scaler->height;
  uint64_t source_height = (uint64_t)scaler->source_height;
  uint64_t start = (uint64_t)scaler->next_row * height;
  uint64_t end = start + height;
  uint64_t row = start / source_height;
  while ((uint64_t)scaler->target_row < row) {
    flush_row(scaler);
  }
  uint64_t boundary = (row + 1) * source_height;
  uint64_t first = end <= boundary ? height : boundary - start;
  accumulate(scaler, scaler->sums, rgba, first);
  if (first < height) {
    accumulate(scaler, scaler->next_sums, rgba, height - first);
  }
  scaler->next_row++;
}

void masonry_downscaler_finish(masonry_downscaler *scaler, masonry_pixels *out) {
  while (scaler->next_row > 0 && scaler->target_row < scaler->height) {
    flush_row(scaler);
  }
  out->pixels = scaler->pixels;
  out->width = scaler->width;
  out->height = scaler->height;
  scaler->pixels = NULL;
  masonry_downscaler_free(scaler);
}

void masonry_downscaler_free(masonry_downscaler *scaler) {
  free(scaler->sums);
  free(scaler->next_sums);
  free(scaler->pixels);
  scaler->sums = NULL;
  scaler->next_sums = NULL;
  scaler->pixels = NULL;
}

void masonry_pixels_free(masonry_pixels *pixels) {
  free(pixels->pixels);
  pixels->pixels = NULL;
  pixels->width = 0;
  pixels->height = 0;
}

int masonry_apply_orientation(masonry_pixels *pixels, int orientation) {
  if (orientation <= 1 || orientation > 8 || pixels->pixels == NULL) {
    return 0;
  }
  int width = pixels->width;
  int height = pixels->height;
  // 5 to 8 swap the axes (the picture was stored turned by a quarter).
  int swaps = orientation >= 5;
  int out_width = swaps ? height : width;
  int out_height = swaps ? width : height;
  uint32_t *source = (uint32_t *)pixels->pixels;
  uint32_t *result = malloc((size_t)width * (size_t)height * 4);
  if (result == NULL) {
    return -1;
  }
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int to_x, to_y;
      switch (orientation) {
        case 2: to_x = width - 1 - x; to_y = y; break;
        case 3: to_x = width - 1 - x; to_y = height - 1 - y; break;
        case 4: to_x = x; to_y = height - 1 - y; break;
        case 5: to_x = y; to_y = x; break;
        case 6: to_x = height - 1 - y; to_y = x; break;
        case 7: to_x = height - 1 - y; to_y = width - 1 - x; break;
        default: to_x = y; to_y = width - 1 - x; break;  // 8
      }
      result[(size_t)to_y * (size_t)out_width + (size_t)to_x] =
          source[(size_t)y * (size_t)width + (size_t)x];
    }
  }
  free(pixels->pixels);
  pixels->pixels = (uint8_t *)result;
  pixels->width = out_width;
  pixels->height = out_height;
  return 0;
}

int masonry_pixels_orient(masonry_pixels *pixels, int orientation) {
  return masonry_apply_orientation(pixels, orientation);
}
