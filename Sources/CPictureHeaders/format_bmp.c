#include "header_formats.h"

#include <string.h>

// BMP: "BM", a file header of 14 bytes, then an info header whose size says its kind (12:
// OS/2, 40 to 124: Windows). A negative height is a picture stored top down.
int masonry_sniff_bmp(const uint8_t *bytes, size_t length) {
  if (length < 18 || bytes[0] != 'B' || bytes[1] != 'M') {
    return 0;
  }
  uint32_t header = masonry_read32(bytes + 14, 1);
  return header == 12 || (header >= 40 && header <= 124);
}

int masonry_probe_bmp(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[26];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint32_t size = masonry_read32(header + 14, 1);
  int64_t width, height;
  if (size == 12) {
    width = masonry_read16(header + 18, 1);
    height = (int16_t)masonry_read16(header + 20, 1);
  } else {
    width = (int32_t)masonry_read32(header + 18, 1);
    height = (int32_t)masonry_read32(header + 22, 1);
  }
  if (height < 0) {
    height = -height;
  }
  if (width <= 0 || height <= 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = (int)width;
  info->height = (int)height;
  return MASONRY_PICTURE_OK;
}
