#include "header_formats.h"

#include <stdlib.h>
#include <string.h>

// JPEG: SOI then a marker (FF D8 FF). The size is in the first frame header (SOF); the
// orientation and date in an APP1 EXIF block before it.
int masonry_sniff_jpeg(const uint8_t *bytes, size_t length) {
  return length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF;
}

int masonry_probe_jpeg(const masonry_reader *reader, masonry_picture_info *info) {
  uint64_t offset = 2;
  for (int markers = 0; markers < 4096; markers++) {
    uint8_t head[4];
    if (masonry_read_at(reader, offset, head, 2) != 0) {
      return MASONRY_PICTURE_CORRUPT;
    }
    if (head[0] != 0xFF) {
      return MASONRY_PICTURE_CORRUPT;
    }
    uint8_t code = head[1];
    if (code == 0xFF) {  // fill byte
      offset += 1;
      continue;
    }
    offset += 2;
    if ((code >= 0xD0 && code <= 0xD7) || code == 0x01) {
      continue;
    }
    if (code == 0x00 || code == 0xD9 || code == 0xDA) {
      return MASONRY_PICTURE_CORRUPT;  // image data or the end before any frame header
    }
    if (masonry_read_at(reader, offset, head, 2) != 0) {
      return MASONRY_PICTURE_CORRUPT;
    }
    uint16_t length = (uint16_t)(head[0] << 8 | head[1]);
    if (length < 2) {
      return MASONRY_PICTURE_CORRUPT;
    }
    int is_frame = code >= 0xC0 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC;
    if (is_frame) {
      uint8_t frame[5];
      if (length < 7 || masonry_read_at(reader, offset + 2, frame, 5) != 0) {
        return MASONRY_PICTURE_CORRUPT;
      }
      info->height = frame[1] << 8 | frame[2];
      info->width = frame[3] << 8 | frame[4];
      return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
    }
    if (code == 0xE1 && length > 16 && info->orientation == 1 && info->date[0] == 0) {
      size_t size = (size_t)length - 2;
      uint8_t *exif = malloc(size);
      if (exif != NULL && masonry_read_at(reader, offset + 2, exif, size) == 0) {
        masonry_parse_exif(exif, size, info);
      }
      free(exif);
    }
    offset += length;
  }
  return MASONRY_PICTURE_CORRUPT;
}

