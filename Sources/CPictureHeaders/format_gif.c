#include "header_formats.h"

#include <string.h>

// GIF: GIF87a or GIF89a, then the logical screen's size.
int masonry_sniff_gif(const uint8_t *bytes, size_t length) {
  return length >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0);
}

int masonry_probe_gif(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[10];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = masonry_read16(header + 6, 1);
  info->height = masonry_read16(header + 8, 1);
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

