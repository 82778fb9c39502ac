#include "internal.h"

#include <string.h>

// BMP without a library: headers of 12 (OS/2) and 40 to 124 bytes (Windows), 1-, 4- and
// 8-bit palettes, 16- and 32-bit pixels with or without BITFIELDS masks, 24-bit, bottom-up
// or top-down, and RLE8 and RLE4 (ImageMagick writes palette BMPs as RLE8). An embedded
// JPEG or PNG is refused as unsupported. Every offset is checked against the file: rows
// the file does not hold make the picture truncated, not a read past its end. Rows go into
// the exact-area downscaler top first, so memory is the result and one row (RLE alone
// needs the whole canvas, within the pixel limit).

static uint32_t u16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }

static uint32_t u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/// A masked channel scaled to 0..255 (255 when the mask is empty: no alpha).
static uint8_t channel(uint32_t value, uint32_t mask) {
  if (mask == 0) {
    return 255;
  }
  int shift = 0;
  while (!(mask >> shift & 1)) {
    shift++;
  }
  uint32_t top = mask >> shift;
  return (uint8_t)((((value & mask) >> shift) * 255 + top / 2) / top);
}

typedef struct {
  const uint8_t *bytes;
  size_t length;
  int width;
  int height;
  int top_down;
  int depth;
  uint32_t masks[4];
  const uint8_t *palette;
  size_t palette_entry;
  uint32_t colors;
  size_t data;
} bmp;

/// The palette's colour `index` (the first colour for an index past the palette).
static void palette_color(const bmp *b, uint32_t index, uint8_t *out) {
  const uint8_t *entry = b->palette + (index < b->colors ? index : 0) * b->palette_entry;
  out[0] = entry[2];
  out[1] = entry[1];
  out[2] = entry[0];
  out[3] = 255;
}

/// Decodes RLE8 or RLE4 into `canvas` (width × height RGBA, transparent where nothing is
/// drawn); whether the data ended before its end-of-picture code.
static int decode_rle(const bmp *b, uint8_t *canvas) {
  size_t at = b->data;
  int x = 0, y = b->height - 1;
  int four = b->depth == 4;
  while (y >= 0) {
    if (at + 2 > b->length) {
      return 1;
    }
    uint8_t count = b->bytes[at], value = b->bytes[at + 1];
    at += 2;
    if (count > 0) {
      for (int i = 0; i < count && x < b->width; i++, x++) {
        uint32_t index = four ? (i & 1 ? value & 15 : value >> 4) : value;
        palette_color(b, index, canvas + ((size_t)y * b->width + x) * 4);
      }
      continue;
    }
    if (value == 0) {  // end of line
      x = 0;
      y--;
    } else if (value == 1) {  // end of picture
      return 0;
    } else if (value == 2) {  // delta
      if (at + 2 > b->length) {
        return 1;
      }
      x += b->bytes[at];
      y -= b->bytes[at + 1];
      at += 2;
    } else {  // an absolute run of `value` indices, padded to 16 bits
      size_t bytes = four ? ((size_t)value + 1) / 2 : value;
      if (at + bytes > b->length) {
        return 1;
      }
      for (int i = 0; i < value && x < b->width; i++, x++) {
        uint32_t index = four ? (i & 1 ? b->bytes[at + i / 2] & 15 : b->bytes[at + i / 2] >> 4)
                              : b->bytes[at + i];
        palette_color(b, index, canvas + ((size_t)y * b->width + x) * 4);
      }
      at += (bytes + 1) & ~(size_t)1;
    }
  }
  return 0;
}

/// Row `y` (from the top) of an uncompressed BMP, as RGBA into `row`.
static void read_row(const bmp *b, const uint8_t *source, uint8_t *row) {
  for (int x = 0; x < b->width; x++) {
    uint8_t *pixel = row + (size_t)x * 4;
    switch (b->depth) {
      case 1:
        palette_color(b, source[x / 8] >> (7 - x % 8) & 1, pixel);
        break;
      case 4:
        palette_color(b, x & 1 ? source[x / 2] & 15 : source[x / 2] >> 4, pixel);
        break;
      case 8:
        palette_color(b, source[x], pixel);
        break;
      case 24:
        pixel[0] = source[x * 3 + 2];
        pixel[1] = source[x * 3 + 1];
        pixel[2] = source[x * 3];
        pixel[3] = 255;
        break;
      default: {
        uint32_t value = b->depth == 16 ? u16(source + x * 2) : u32(source + x * 4);
        pixel[0] = channel(value, b->masks[0]);
        pixel[1] = channel(value, b->masks[1]);
        pixel[2] = channel(value, b->masks[2]);
        pixel[3] = b->masks[3] ? channel(value, b->masks[3]) : 255;
      }
    }
  }
}

int masonry_decode_bmp(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out) {
  (void)accurate;  // one way to decode
  if (length < 26 || bytes[0] != 'B' || bytes[1] != 'M') {
    return MASONRY_PICTURE_CORRUPT;
  }
  bmp b = {bytes, length, 0, 0, 0, 0, {0, 0, 0, 0}, NULL, 4, 0, u32(bytes + 10)};
  uint32_t header = u32(bytes + 14), compression = 0;
  int64_t height;
  if (header == 12) {
    b.width = (int)u16(bytes + 18);
    height = (int16_t)u16(bytes + 20);
    b.depth = (int)u16(bytes + 24);
    b.palette_entry = 3;
  } else if (header >= 40 && header <= 124 && length >= 14 + (size_t)header) {
    int64_t width = (int32_t)u32(bytes + 18);
    height = (int32_t)u32(bytes + 22);
    b.depth = (int)u16(bytes + 28);
    compression = u32(bytes + 30);
    b.colors = u32(bytes + 46);
    if (width <= 0 || width > 0x7FFFFFFF) {
      return MASONRY_PICTURE_CORRUPT;
    }
    b.width = (int)width;
  } else {
    return MASONRY_PICTURE_CORRUPT;
  }
  b.top_down = height < 0;
  if (height < 0) {
    height = -height;
  }
  if (b.width <= 0 || height <= 0 || height > 0x7FFFFFFF) {
    return MASONRY_PICTURE_CORRUPT;
  }
  b.height = (int)height;
  if ((int64_t)b.width * b.height > max_pixels) {
    return MASONRY_PICTURE_TOO_LARGE;
  }
  int rle = (compression == 1 && b.depth == 8) || (compression == 2 && b.depth == 4);
  if (compression == 4 || compression == 5) {
    return MASONRY_PICTURE_UNSUPPORTED;  // an embedded JPEG or PNG
  }
  if ((compression != 0 && compression != 3 && compression != 6 && !rle) || (rle && b.top_down)) {
    return MASONRY_PICTURE_CORRUPT;
  }
  if (b.depth == 16) {  // 5-5-5 unless masks say otherwise
    b.masks[0] = 0x7C00, b.masks[1] = 0x03E0, b.masks[2] = 0x001F;
  } else if (b.depth == 32) {  // BGRX unless masks say otherwise
    b.masks[0] = 0xFF0000, b.masks[1] = 0xFF00, b.masks[2] = 0xFF;
  }
  if (compression == 3 || compression == 6) {
    // Masks after a 40-byte header, or inside a longer one.
    size_t count = compression == 6 || header >= 56 ? 4 : 3;
    if ((b.depth != 16 && b.depth != 32) || 54 + 4 * count > length) {
      return MASONRY_PICTURE_CORRUPT;
    }
    for (size_t index = 0; index < count; index++) {
      b.masks[index] = u32(bytes + 54 + 4 * index);
    }
  }
  size_t palette = 14 + (size_t)header;
  if (header == 40 && compression == 3) palette += 12;
  if (header == 40 && compression == 6) palette += 16;
  if (b.depth <= 8) {
    if (b.depth != 1 && b.depth != 4 && b.depth != 8) {
      return MASONRY_PICTURE_CORRUPT;
    }
    if (b.colors == 0 || b.colors > (1u << b.depth)) {
      b.colors = 1u << b.depth;
    }
    if (palette > length || (length - palette) / b.palette_entry < b.colors) {
      return MASONRY_PICTURE_CORRUPT;
    }
    b.palette = bytes + palette;
  } else if (b.depth != 16 && b.depth != 24 && b.depth != 32) {
    return MASONRY_PICTURE_CORRUPT;
  }
  if (b.data > length) {
    return MASONRY_PICTURE_CORRUPT;
  }

  masonry_downscaler scaler;
  if (masonry_downscaler_init(&scaler, b.width, b.height, max_side) != 0) {
    return MASONRY_PICTURE_LIMIT;
  }
  int truncated = 0;
  if (rle) {
    uint8_t *canvas = calloc((size_t)b.width * (size_t)b.height, 4);
    if (canvas == NULL) {
      masonry_downscaler_free(&scaler);
      return MASONRY_PICTURE_LIMIT;
    }
    truncated = decode_rle(&b, canvas);
    for (int y = 0; y < b.height; y++) {
      masonry_downscaler_push_row(&scaler, canvas + (size_t)y * b.width * 4);
    }
    free(canvas);
  } else {
    size_t stride = ((size_t)b.width * (size_t)b.depth + 31) / 32 * 4;
    uint8_t *row = malloc((size_t)b.width * 4);
    if (row == NULL) {
      masonry_downscaler_free(&scaler);
      return MASONRY_PICTURE_LIMIT;
    }
    // The rows the file holds; a file cut short loses the rest (the top ones, bottom up),
    // which stay transparent.
    size_t held = (length - b.data) / stride;
    for (int y = 0; y < b.height; y++) {
      size_t stored = (size_t)(b.top_down ? y : b.height - 1 - y);
      if (stored < held) {
        read_row(&b, bytes + b.data + stored * stride, row);
      } else {
        memset(row, 0, (size_t)b.width * 4);
        truncated = 1;
      }
      masonry_downscaler_push_row(&scaler, row);
    }
    free(row);
  }
  masonry_downscaler_finish(&scaler, out);
  return truncated ? MASONRY_PICTURE_TRUNCATED : MASONRY_PICTURE_OK;
}
