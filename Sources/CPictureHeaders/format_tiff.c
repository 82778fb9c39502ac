#include "header_formats.h"

#include <string.h>

// TIFF: "II*\0" (little-endian) or "MM\0*" (big-endian), then the offset of the first
// image file directory (IFD), which may lie anywhere in the file (ImageMagick puts it at
// the end). The first IFD gives the size, the orientation and the date; its EXIF IFD the
// date taken. Every offset is checked against what the file holds.
int masonry_sniff_tiff(const uint8_t *bytes, size_t length) {
  return length >= 4 && (memcmp(bytes, "II*\0", 4) == 0 || memcmp(bytes, "MM\0*", 4) == 0);
}

/// The value of a SHORT or LONG entry (one item, stored in the entry itself).
static int64_t entry_number(const uint8_t *entry, int little) {
  uint16_t type = masonry_read16(entry + 2, little);
  if (masonry_read32(entry + 4, little) != 1) {
    return -1;
  }
  if (type == 3) {
    return masonry_read16(entry + 8, little);
  }
  if (type == 4) {
    return masonry_read32(entry + 8, little);
  }
  return -1;
}

/// A 19-character date ("YYYY:MM:DD HH:MM:SS") an ASCII entry points at, into `date`.
static void entry_date(const masonry_reader *reader, const uint8_t *entry, int little,
                       char date[20]) {
  if (masonry_read16(entry + 2, little) != 2 || masonry_read32(entry + 4, little) < 19) {
    return;
  }
  uint8_t text[19];
  if (masonry_read_at(reader, masonry_read32(entry + 8, little), text, 19) != 0) {
    return;
  }
  for (int index = 0; index < 19; index++) {
    if (text[index] < 0x20 || text[index] > 0x7E) {
      return;
    }
  }
  memcpy(date, text, 19);
  date[19] = 0;
}

/// Reads the IFD at `offset`: its entries, at most 512. `exif` receives the EXIF IFD's
/// offset when this is the first IFD.
static int read_directory(const masonry_reader *reader, uint64_t offset, int little,
                          masonry_picture_info *info, uint64_t *exif, int first) {
  uint8_t count_bytes[2];
  if (masonry_read_at(reader, offset, count_bytes, 2) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint16_t count = masonry_read16(count_bytes, little);
  for (uint16_t index = 0; index < count && index < 512; index++) {
    uint8_t entry[12];
    if (masonry_read_at(reader, offset + 2 + (uint64_t)index * 12, entry, 12) != 0) {
      return MASONRY_PICTURE_CORRUPT;
    }
    uint16_t tag = masonry_read16(entry, little);
    int64_t number = entry_number(entry, little);
    if (first && tag == 256 && number > 0) {
      info->width = number > 0x7FFFFFFF ? 0x7FFFFFFF : (int)number;
    } else if (first && tag == 257 && number > 0) {
      info->height = number > 0x7FFFFFFF ? 0x7FFFFFFF : (int)number;
    } else if (first && tag == 274 && number >= 1 && number <= 8) {
      info->orientation = (int)number;
    } else if (first && tag == 306 && info->date[0] == 0) {
      entry_date(reader, entry, little, info->date);  // DateTime: a fallback
    } else if (first && tag == 34665 && number > 0) {
      *exif = (uint64_t)number;
    } else if (!first && tag == 36867) {
      entry_date(reader, entry, little, info->date);  // DateTimeOriginal wins
    }
  }
  return MASONRY_PICTURE_OK;
}

int masonry_probe_tiff(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[8];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  int little = header[0] == 'I';
  uint64_t exif = 0;
  int result = read_directory(reader, masonry_read32(header + 4, little), little, info, &exif, 1);
  if (result != MASONRY_PICTURE_OK) {
    return result;
  }
  if (exif > 0) {
    (void)read_directory(reader, exif, little, info, &exif, 0);
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}
