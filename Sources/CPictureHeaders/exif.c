#include "header_formats.h"

#include <string.h>

// The EXIF block a JPEG (or another format) carries: orientation and date taken.
void masonry_parse_exif(const uint8_t *exif, size_t length, masonry_picture_info *info) {
  if (length < 14 || memcmp(exif, "Exif\0\0", 6) != 0) {
    return;
  }
  const uint8_t *tiff = exif + 6;
  size_t size = length - 6;
  int little;
  if (memcmp(tiff, "II", 2) == 0) {
    little = 1;
  } else if (memcmp(tiff, "MM", 2) == 0) {
    little = 0;
  } else {
    return;
  }
  uint32_t ifd = masonry_read32(tiff + 4, little);
  uint32_t exif_ifd = 0;
  for (int level = 0; level < 2; level++) {
    uint32_t offset = level == 0 ? ifd : exif_ifd;
    if (offset == 0 || offset > size - 2) {
      return;
    }
    uint16_t count = masonry_read16(tiff + offset, little);
    for (uint16_t entry = 0; entry < count && entry < 512; entry++) {
      uint64_t at = (uint64_t)offset + 2 + (uint64_t)entry * 12;
      if (at + 12 > size) {
        break;
      }
      uint16_t tag = masonry_read16(tiff + at, little);
      uint16_t type = masonry_read16(tiff + at + 2, little);
      uint32_t items = masonry_read32(tiff + at + 4, little);
      if (level == 0 && tag == 0x0112 && type == 3) {
        uint16_t value = masonry_read16(tiff + at + 8, little);
        if (value >= 1 && value <= 8) {
          info->orientation = value;
        }
      } else if (level == 0 && tag == 0x8769 && (type == 4 || type == 13)) {
        exif_ifd = masonry_read32(tiff + at + 8, little);
      } else if (level == 1 && tag == 0x9003 && type == 2 && items >= 19) {
        uint32_t value = masonry_read32(tiff + at + 8, little);
        if (value <= size && size - value >= 19) {
          int printable = 1;
          for (int index = 0; index < 19; index++) {
            uint8_t byte = tiff[value + index];
            if (byte < 0x20 || byte > 0x7E) {
              printable = 0;
            }
          }
          if (printable) {
            memcpy(info->date, tiff + value, 19);
            info->date[19] = 0;
          }
        }
      }
    }
  }
}

