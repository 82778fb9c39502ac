#include "header_formats.h"

#include <string.h>

// The EXIF block a JPEG (or another format) carries: orientation and date taken, and what
// a photographer reads (camera, lens, exposure, aperture, ISO, focal length, position).
// Every offset is checked against the block; text is copied only as printable ASCII.

/// The bytes of an entry's value: inline (four bytes or fewer) or at its offset; NULL
/// when they lie outside the block.
static const uint8_t *value_bytes(const uint8_t *tiff, size_t size, uint64_t at, uint32_t bytes,
                                  int little) {
  if (bytes <= 4) {
    return tiff + at + 8;
  }
  uint32_t offset = masonry_read32(tiff + at + 8, little);
  if (offset > size || size - offset < bytes) {
    return NULL;
  }
  return tiff + offset;
}

/// An ASCII entry into `out` (`capacity` bytes with its NUL): printable bytes up to the
/// first NUL, trailing spaces left out; nothing when any byte is not printable.
static void copy_text(const uint8_t *tiff, size_t size, uint64_t at, uint32_t items, int little,
                      char *out, size_t capacity) {
  if (items == 0 || items > 4096) {
    return;
  }
  const uint8_t *text = value_bytes(tiff, size, at, items, little);
  if (text == NULL) {
    return;
  }
  size_t length = 0;
  while (length < items && text[length] != 0) {
    if (text[length] < 0x20 || text[length] > 0x7E) {
      return;
    }
    length++;
  }
  while (length > 0 && text[length - 1] == ' ') {
    length--;
  }
  if (length >= capacity) {
    length = capacity - 1;
  }
  memcpy(out, text, length);
  out[length] = 0;
}

/// The `index`th rational of a RATIONAL entry; 0 when it lies outside the block.
static int read_rational(const uint8_t *tiff, size_t size, uint64_t at, uint32_t items,
                         uint32_t index, int little, uint32_t *numerator, uint32_t *denominator) {
  if (index >= items || items > 16) {
    return 0;
  }
  const uint8_t *values = value_bytes(tiff, size, at, items * 8, little);
  if (values == NULL) {
    return 0;
  }
  *numerator = masonry_read32(values + index * 8, little);
  *denominator = masonry_read32(values + index * 8 + 4, little);
  return 1;
}

/// Degrees, minutes and seconds (three rationals) as decimal degrees; -1 when unreadable.
static double read_degrees(const uint8_t *tiff, size_t size, uint64_t at, uint32_t items,
                           int little) {
  double degrees = 0;
  double scale = 1;
  for (uint32_t part = 0; part < 3; part++) {
    uint32_t numerator, denominator;
    if (!read_rational(tiff, size, at, items, part, little, &numerator, &denominator) ||
        denominator == 0) {
      return -1;
    }
    degrees += (double)numerator / (double)denominator / scale;
    scale *= 60;
  }
  return degrees;
}

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
  uint32_t gps_ifd = 0;
  char latitude_ref = 0, longitude_ref = 0;
  double latitude = -1, longitude = -1;
  // The first IFD, then the EXIF IFD and the GPS IFD it points to (each at most once).
  for (int level = 0; level < 3; level++) {
    uint32_t offset = level == 0 ? ifd : level == 1 ? exif_ifd : gps_ifd;
    if (offset == 0 || size < 2 || offset > size - 2) {
      continue;
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
      if (level == 0) {
        if (tag == 0x0112 && type == 3) {
          uint16_t value = masonry_read16(tiff + at + 8, little);
          if (value >= 1 && value <= 8) {
            info->orientation = value;
          }
        } else if (tag == 0x8769 && (type == 4 || type == 13)) {
          exif_ifd = masonry_read32(tiff + at + 8, little);
        } else if (tag == 0x8825 && (type == 4 || type == 13)) {
          gps_ifd = masonry_read32(tiff + at + 8, little);
        } else if (tag == 0x010F && type == 2) {
          copy_text(tiff, size, at, items, little, info->make, sizeof(info->make));
        } else if (tag == 0x0110 && type == 2) {
          copy_text(tiff, size, at, items, little, info->model, sizeof(info->model));
        }
      } else if (level == 1) {
        if (tag == 0x9003 && type == 2 && items >= 19) {
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
        } else if (tag == 0x829A && type == 5) {
          read_rational(tiff, size, at, items, 0, little, &info->exposure_numerator,
                        &info->exposure_denominator);
        } else if (tag == 0x829D && type == 5) {
          read_rational(tiff, size, at, items, 0, little, &info->aperture_numerator,
                        &info->aperture_denominator);
        } else if (tag == 0x920A && type == 5) {
          read_rational(tiff, size, at, items, 0, little, &info->focal_numerator,
                        &info->focal_denominator);
        } else if (tag == 0x8827 && type == 3 && items >= 1 && items <= 2) {
          info->iso = masonry_read16(tiff + at + 8, little);
        } else if (tag == 0xA434 && type == 2) {
          copy_text(tiff, size, at, items, little, info->lens, sizeof(info->lens));
        }
      } else {
        if (tag == 0x0001 && type == 2 && items >= 1) {
          latitude_ref = (char)tiff[at + 8];
        } else if (tag == 0x0003 && type == 2 && items >= 1) {
          longitude_ref = (char)tiff[at + 8];
        } else if (tag == 0x0002 && type == 5 && items == 3) {
          latitude = read_degrees(tiff, size, at, items, little);
        } else if (tag == 0x0004 && type == 5 && items == 3) {
          longitude = read_degrees(tiff, size, at, items, little);
        }
      }
    }
    if (level == 0 && gps_ifd == exif_ifd) {
      gps_ifd = 0;
    }
  }
  if (latitude >= 0 && latitude <= 90 && longitude >= 0 && longitude <= 180 &&
      (latitude_ref == 'N' || latitude_ref == 'S') &&
      (longitude_ref == 'E' || longitude_ref == 'W')) {
    info->has_position = 1;
    info->latitude = latitude_ref == 'S' ? -latitude : latitude;
    info->longitude = longitude_ref == 'W' ? -longitude : longitude;
  }
}
