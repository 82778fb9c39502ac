#include "header_formats.h"

#include <string.h>

// PNG: the eight-byte signature, then IHDR with the size.
int masonry_sniff_png(const uint8_t *bytes, size_t length) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  return length >= 8 && memcmp(bytes, signature, 8) == 0;
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
  return MASONRY_PICTURE_OK;
}

