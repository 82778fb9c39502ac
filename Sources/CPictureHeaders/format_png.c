#include "header_formats.h"

#include <string.h>

// PNG: the eight-byte signature, then IHDR with the size.
int masonry_sniff_png(const uint8_t *bytes, size_t length) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  return length >= 8 && memcmp(bytes, signature, 8) == 0;
}

/// An APNG's frames: acTL (before the image data) says it is one; the frame control
/// chunks say how long each shows. A plain PNG's chunks are read up to its image data
/// only.
static void count_frames(const masonry_reader *reader, masonry_picture_info *info) {
  uint64_t at = 8;
  int animated = 0, frames = 0;
  int64_t total = 0;
  for (int chunks = 0; chunks < 100000; chunks++) {
    uint8_t head[8 + 26];
    if (masonry_read_at(reader, at, head, 8) != 0) break;
    uint32_t length = masonry_read32(head, 0);
    if (length > 0x7FFFFFFF) break;
    const uint8_t *type = head + 4;
    if (memcmp(type, "acTL", 4) == 0) animated = 1;
    if (memcmp(type, "IEND", 4) == 0 || (memcmp(type, "IDAT", 4) == 0 && !animated)) break;
    if (memcmp(type, "fcTL", 4) == 0) {
      if (length < 26 || masonry_read_at(reader, at + 8, head + 8, 26) != 0) break;
      unsigned numerator = masonry_read16(head + 8 + 20, 0);
      unsigned denominator = masonry_read16(head + 8 + 22, 0);
      frames++;
      total += masonry_shown_delay((int64_t)numerator * 1000 / (denominator ? denominator : 100));
    }
    at += 12 + (uint64_t)length;
  }
  if (animated && frames > 1) {
    info->frames = frames;
    info->animation_ms = total;
  }
}

int masonry_probe_png(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[24];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0 ||
      memcmp(header + 12, "IHDR", 4) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint32_t width = masonry_read32(header + 16, 0);
  uint32_t height = masonry_read32(header + 20, 0);
  if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = (int)width;
  info->height = (int)height;
  count_frames(reader, info);
  return MASONRY_PICTURE_OK;
}

