#include "internal.h"

#include <png.h>
#include <setjmp.h>
#include <string.h>

// Pictures for pixel protocols: resized to exactly the pixels of their box, then encoded
// as PNG (kitty, iTerm2) or sixel. Every output is built in memory and bounded by the
// picture's own size.

int masonry_pixels_resize(const masonry_pixels *in, int width, int height, masonry_pixels *out) {
  memset(out, 0, sizeof(*out));
  if (in == NULL || in->pixels == NULL || in->width <= 0 || in->height <= 0 || width <= 0 ||
      height <= 0 || (int64_t)width * height > (int64_t)1 << 26) {
    return -1;
  }
  if (width <= in->width && height <= in->height) {
    // Smaller both ways: exact areas, as thumbnails are made.
    masonry_downscaler scaler;
    if (masonry_downscaler_init_size(&scaler, in->width, in->height, width, height) != 0) {
      return -1;
    }
    for (int y = 0; y < in->height; y++) {
      masonry_downscaler_push_row(&scaler, in->pixels + (size_t)y * (size_t)in->width * 4);
    }
    masonry_downscaler_finish(&scaler, out);
    return 0;
  }
  // Larger in a direction: bilinear between the source's pixel centres.
  out->pixels = malloc((size_t)width * (size_t)height * 4);
  if (out->pixels == NULL) {
    return -1;
  }
  out->width = width;
  out->height = height;
  for (int y = 0; y < height; y++) {
    double sy = ((double)y + 0.5) * in->height / height - 0.5;
    if (sy < 0) sy = 0;
    int y0 = (int)sy;
    int y1 = y0 + 1 < in->height ? y0 + 1 : y0;
    double fy = sy - y0;
    for (int x = 0; x < width; x++) {
      double sx = ((double)x + 0.5) * in->width / width - 0.5;
      if (sx < 0) sx = 0;
      int x0 = (int)sx;
      int x1 = x0 + 1 < in->width ? x0 + 1 : x0;
      double fx = sx - x0;
      const uint8_t *a = in->pixels + ((size_t)y0 * in->width + x0) * 4;
      const uint8_t *b = in->pixels + ((size_t)y0 * in->width + x1) * 4;
      const uint8_t *c = in->pixels + ((size_t)y1 * in->width + x0) * 4;
      const uint8_t *d = in->pixels + ((size_t)y1 * in->width + x1) * 4;
      uint8_t *o = out->pixels + ((size_t)y * width + x) * 4;
      for (int k = 0; k < 4; k++) {
        double top = a[k] + (b[k] - a[k]) * fx;
        double bottom = c[k] + (d[k] - c[k]) * fx;
        double value = top + (bottom - top) * fy + 0.5;
        o[k] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
      }
    }
  }
  return 0;
}

/// A growing byte buffer, for libpng and the sixel encoder to write into; `failed` once an
/// allocation failed (everything after is dropped).
typedef struct {
  uint8_t *bytes;
  size_t length;
  size_t capacity;
  int failed;
} buffer;

static void put(buffer *b, const void *bytes, size_t length) {
  if (b->failed) return;
  if (b->length + length > b->capacity) {
    size_t capacity = b->capacity ? b->capacity * 2 : 4096;
    while (capacity < b->length + length) capacity *= 2;
    uint8_t *grown = realloc(b->bytes, capacity);
    if (grown == NULL) {
      b->failed = 1;
      return;
    }
    b->bytes = grown;
    b->capacity = capacity;
  }
  memcpy(b->bytes + b->length, bytes, length);
  b->length += length;
}

static void png_buffer_write(png_structp png, png_bytep data, png_size_t length) {
  put(png_get_io_ptr(png), data, length);
}

static void png_buffer_flush(png_structp png) { (void)png; }

int masonry_png_encode(const masonry_pixels *in, masonry_bytes *out) {
  memset(out, 0, sizeof(*out));
  if (in == NULL || in->pixels == NULL || in->width <= 0 || in->height <= 0) {
    return -1;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  if (png == NULL) return -1;
  png_infop info = png_create_info_struct(png);
  buffer written = {0};
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(written.bytes);
    return -1;
  }
  png_set_write_fn(png, &written, png_buffer_write, png_buffer_flush);
  // Made to be sent at once and read once: zlib's fastest level and one cheap filter
  // (5 times faster than libpng's defaults, about 15 % larger).
  png_set_compression_level(png, 1);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_set_IHDR(png, info, (png_uint_32)in->width, (png_uint_32)in->height, 8,
               PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
               PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (int y = 0; y < in->height; y++) {
    png_write_row(png, in->pixels + (size_t)y * (size_t)in->width * 4);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  if (written.failed) {
    free(written.bytes);
    return -1;
  }
  out->bytes = written.bytes;
  out->length = written.length;
  return 0;
}

void masonry_bytes_free(masonry_bytes *bytes) {
  free(bytes->bytes);
  bytes->bytes = NULL;
  bytes->length = 0;
}

static void put_text(buffer *b, const char *text) { put(b, text, strlen(text)); }

static void put_number(buffer *b, int value) {
  // By hand: snprintf was a tenth of a sixel's encoding time (a number every run).
  char text[12];
  int length = 0;
  unsigned magnitude = value < 0 ? 0u - (unsigned)value : (unsigned)value;
  do {
    text[sizeof(text) - 1 - length++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude > 0);
  if (value < 0) text[sizeof(text) - 1 - length++] = '-';
  put(b, text + sizeof(text) - length, (size_t)length);
}

/// A run of `count` sixel characters `c`, run-length encoded (`!n c`) when that is shorter.
static void put_run(buffer *b, char c, int count) {
  if (count >= 4) {
    put_text(b, "!");
    put_number(b, count);
    put(b, &c, 1);
  } else {
    for (int i = 0; i < count; i++) put(b, &c, 1);
  }
}

// The palette: a cube of red, green and blue levels, 6×7×6 (252 colours; green, which
// the eye sees best, gets the most levels) where the terminal has 256 colour registers or
// more, smaller cubes where it has fewer, with a 4×4 ordered dither, so smooth skies keep
// no bands. A fixed cube beat a picture's own median-cut palette here: undithered, its
// many close colours each need a line per band, and the sixels came out 2.4 times larger.
// Transparent pixels (alpha < 128) are left unset: the background shows.

static const int bayer[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

static int level(int value, int levels, int dither) {
  // Spread the dither over one step of this channel's levels.
  int step = 255 / (levels - 1);
  int shifted = value + (dither - 8) * step / 16;
  int index = (shifted * (levels - 1) + 127) / 255;
  return index < 0 ? 0 : index >= levels ? levels - 1 : index;
}

int masonry_sixel_encode(const masonry_pixels *in, int top, int rows, int max_colors,
                         masonry_bytes *out) {
  memset(out, 0, sizeof(*out));
  if (in == NULL) return -1;
  return masonry_sixel_encode_region(in, 0, top, in->width, rows, max_colors, out);
}

int masonry_sixel_encode_region(const masonry_pixels *in, int left, int top, int columns,
                                int rows, int max_colors, masonry_bytes *out) {
  memset(out, 0, sizeof(*out));
  if (in == NULL || in->pixels == NULL || in->width <= 0 || top < 0 || rows <= 0 ||
      rows > in->height - top || left < 0 || columns <= 0 || columns > in->width - left) {
    return -1;
  }
  // The largest cube the registers hold.
  int red_levels = 6, green_levels = 7, blue_levels = 6;
  if (max_colors < 252) {
    red_levels = 4, green_levels = 4, blue_levels = 4;
  }
  if (max_colors < 64) {
    red_levels = 2, green_levels = 3, blue_levels = 2;
  }
  if (max_colors < 12) {
    red_levels = 2, green_levels = 2, blue_levels = 2;
  }
  int width = columns;
  int colors = red_levels * green_levels * blue_levels;
  // Each pixel's palette index, -1 where transparent.
  // Every buffer is freed at one exit, whichever step fails.
  buffer b = {0};
  uint8_t *used = NULL, *in_band = NULL, *patterns = NULL;
  int *last = NULL;
  int16_t *indices = malloc((size_t)width * (size_t)rows * sizeof(int16_t));
  if (indices == NULL) goto done;
  for (int y = 0; y < rows; y++) {
    const uint8_t *row = in->pixels + ((size_t)(top + y) * (size_t)in->width + left) * 4;
    for (int x = 0; x < width; x++) {
      const uint8_t *p = row + x * 4;
      if (p[3] < 128) {
        indices[(size_t)y * width + x] = -1;
        continue;
      }
      // The dither by the pixel's place in the whole picture: a region's pixels are the
      // picture's.
      int d = bayer[(top + y) & 3][(left + x) & 3];
      int r = level(p[0], red_levels, d);
      int g = level(p[1], green_levels, d);
      int b = level(p[2], blue_levels, d);
      indices[(size_t)y * width + x] = (int16_t)((r * green_levels + g) * blue_levels + b);
    }
  }
  // DCS P1=0 P2=1 (unset pixels stay as they are) q, then 1:1 pixels and the size.
  put_text(&b, "\x1bP0;1;0q\"1;1;");
  put_number(&b, width);
  put_text(&b, ";");
  put_number(&b, rows);
  used = calloc((size_t)colors, 1);
  in_band = calloc((size_t)colors, 1);
  if (used == NULL || in_band == NULL) {
    b.failed = 1;
    goto done;
  }
  for (size_t i = 0; i < (size_t)width * rows; i++) {
    if (indices[i] >= 0) used[indices[i]] = 1;
  }
  for (int c = 0; c < colors; c++) {
    if (!used[c]) continue;
    int r = c / (green_levels * blue_levels);
    int g = c / blue_levels % green_levels;
    int bl = c % blue_levels;
    put_text(&b, "#");
    put_number(&b, c);
    put_text(&b, ";2;");
    put_number(&b, r * 100 / (red_levels - 1));
    put_text(&b, ";");
    put_number(&b, g * 100 / (green_levels - 1));
    put_text(&b, ";");
    put_number(&b, bl * 100 / (blue_levels - 1));
  }
  // Each band in one pass over its pixels: every colour's six-bit column pattern, and the
  // last column it is in (a line ends there: the rest would be blank). Then a line per
  // colour, in the palette's order. O(width · (6 + colours in the band)) a band, where
  // scanning the band's pixels once per colour was O(width · 6 · colours).
  patterns = malloc((size_t)colors * (size_t)width);
  last = malloc((size_t)colors * sizeof(int));
  if (patterns == NULL || last == NULL) {
    b.failed = 1;
    goto done;
  }
  for (int band = 0; band < rows; band += 6) {
    int height = rows - band < 6 ? rows - band : 6;
    // Only the patterns of colours met so far in this band are cleared, as they are met.
    memset(in_band, 0, (size_t)colors);
    for (int x = 0; x < width; x++) {
      for (int k = 0; k < height; k++) {
        int index = indices[(size_t)(band + k) * width + x];
        if (index < 0) continue;
        uint8_t *pattern = patterns + (size_t)index * (size_t)width;
        if (!in_band[index]) {
          in_band[index] = 1;
          memset(pattern, 0, (size_t)width);
        }
        pattern[x] |= (uint8_t)(1 << k);
        last[index] = x;
      }
    }
    int first = 1;
    for (int c = 0; c < colors; c++) {
      if (!in_band[c]) continue;
      if (!first) put_text(&b, "$");
      first = 0;
      put_text(&b, "#");
      put_number(&b, c);
      const uint8_t *pattern = patterns + (size_t)c * (size_t)width;
      int end = last[c] + 1;
      int x = 0;
      while (x < end) {
        uint8_t bits = pattern[x];
        int start = x;
        while (x < end && pattern[x] == bits) x++;
        put_run(&b, (char)('?' + bits), x - start);
      }
    }
    put_text(&b, "-");
  }
  put_text(&b, "\x1b\\");
done:
  free(patterns);
  free(last);
  free(used);
  free(in_band);
  if (indices == NULL || b.failed) {
    free(indices);
    free(b.bytes);
    return -1;
  }
  free(indices);
  out->bytes = b.bytes;
  out->length = b.length;
  return 0;
}
