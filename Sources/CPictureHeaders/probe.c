#define _GNU_SOURCE
#include "picture_headers.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int masonry_read_at(const masonry_reader *reader, uint64_t offset, void *buffer, size_t count) {
  // From the bytes held when they cover the range; else from the file, when there is one.
  if (reader->bytes != NULL && offset <= reader->length && count <= reader->length - offset) {
    memcpy(buffer, reader->bytes + offset, count);
    return 0;
  }
  if (reader->descriptor < 0) {
    return -1;
  }
  size_t done = 0;
  while (done < count) {
    ssize_t got = pread(reader->descriptor, (uint8_t *)buffer + done, count - done,
                        (off_t)(offset + done));
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      return -1;
    }
    done += (size_t)got;
  }
  return 0;
}

int masonry_picture_sniff(const uint8_t *bytes, size_t length) {
  if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
    return MASONRY_PICTURE_JPEG;
  }
  static const uint8_t png[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (length >= 8 && memcmp(bytes, png, 8) == 0) {
    return MASONRY_PICTURE_PNG;
  }
  if (length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) {
    return MASONRY_PICTURE_WEBP;
  }
  if (length >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0)) {
    return MASONRY_PICTURE_GIF;
  }
  return MASONRY_PICTURE_UNKNOWN;
}

static uint16_t read16(const uint8_t *bytes, int little) {
  return little ? (uint16_t)(bytes[0] | bytes[1] << 8) : (uint16_t)(bytes[0] << 8 | bytes[1]);
}

static uint32_t read32(const uint8_t *bytes, int little) {
  return little ? (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                      (uint32_t)bytes[3] << 24
                : (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 |
                      (uint32_t)bytes[3];
}

/// Reads the orientation and DateTimeOriginal from an EXIF block (a TIFF structure after
/// "Exif\0\0"); every offset is checked against the block.
static void parse_exif(const uint8_t *exif, size_t length, masonry_picture_info *info) {
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
  uint32_t ifd = read32(tiff + 4, little);
  uint32_t exif_ifd = 0;
  for (int level = 0; level < 2; level++) {
    uint32_t offset = level == 0 ? ifd : exif_ifd;
    if (offset == 0 || offset > size - 2) {
      return;
    }
    uint16_t count = read16(tiff + offset, little);
    for (uint16_t entry = 0; entry < count && entry < 512; entry++) {
      uint64_t at = (uint64_t)offset + 2 + (uint64_t)entry * 12;
      if (at + 12 > size) {
        break;
      }
      uint16_t tag = read16(tiff + at, little);
      uint16_t type = read16(tiff + at + 2, little);
      uint32_t items = read32(tiff + at + 4, little);
      if (level == 0 && tag == 0x0112 && type == 3) {
        uint16_t value = read16(tiff + at + 8, little);
        if (value >= 1 && value <= 8) {
          info->orientation = value;
        }
      } else if (level == 0 && tag == 0x8769 && (type == 4 || type == 13)) {
        exif_ifd = read32(tiff + at + 8, little);
      } else if (level == 1 && tag == 0x9003 && type == 2 && items >= 19) {
        uint32_t value = read32(tiff + at + 8, little);
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

static int probe_jpeg(const masonry_reader *reader, masonry_picture_info *info) {
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
        parse_exif(exif, size, info);
      }
      free(exif);
    }
    offset += length;
  }
  return MASONRY_PICTURE_CORRUPT;
}

static int probe_png(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[24];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0 ||
      memcmp(header + 12, "IHDR", 4) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint32_t width = read32(header + 16, 0);
  uint32_t height = read32(header + 20, 0);
  if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = (int)width;
  info->height = (int)height;
  return MASONRY_PICTURE_OK;
}

static int probe_webp(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[30];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  const uint8_t *chunk = header + 12;
  if (memcmp(chunk, "VP8 ", 4) == 0) {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit sizes.
    if (header[23] != 0x9D || header[24] != 0x01 || header[25] != 0x2A) {
      return MASONRY_PICTURE_CORRUPT;
    }
    info->width = read16(header + 26, 1) & 0x3FFF;
    info->height = read16(header + 28, 1) & 0x3FFF;
  } else if (memcmp(chunk, "VP8L", 4) == 0) {
    if (header[20] != 0x2F) {
      return MASONRY_PICTURE_CORRUPT;
    }
    uint32_t bits = read32(header + 21, 1);
    info->width = (int)(bits & 0x3FFF) + 1;
    info->height = (int)((bits >> 14) & 0x3FFF) + 1;
  } else if (memcmp(chunk, "VP8X", 4) == 0) {
    info->width = (int)(header[24] | header[25] << 8 | header[26] << 16) + 1;
    info->height = (int)(header[27] | header[28] << 8 | header[29] << 16) + 1;
  } else {
    return MASONRY_PICTURE_CORRUPT;
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

static int probe_gif(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[10];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = read16(header + 6, 1);
  info->height = read16(header + 8, 1);
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

int masonry_probe_reader(const masonry_reader *reader, masonry_picture_info *info) {
  memset(info, 0, sizeof(*info));
  info->orientation = 1;
  uint8_t start[16];
  size_t have = 0;
  while (have < sizeof(start) && masonry_read_at(reader, have, start + have, 1) == 0) {
    have++;
  }
  info->format = masonry_picture_sniff(start, have);
  switch (info->format) {
    case MASONRY_PICTURE_JPEG:
      return probe_jpeg(reader, info);
    case MASONRY_PICTURE_PNG:
      return probe_png(reader, info);
    case MASONRY_PICTURE_WEBP:
      return probe_webp(reader, info);
    case MASONRY_PICTURE_GIF:
      return probe_gif(reader, info);
    default:
      return MASONRY_PICTURE_NOT_AN_IMAGE;
  }
}

int masonry_picture_probe(int descriptor, masonry_picture_info *info) {
  // One read of the file's start holds nearly every header (a JPEG's EXIF and frame
  // header, PNG's IHDR, WebP's and GIF's first chunk); what lies beyond is read from the
  // file. A folder of 1,000 photos is then 1,000 reads, not 20,000.
  uint8_t start[16384];
  ssize_t got;
  do {
    got = pread(descriptor, start, sizeof(start), 0);
  } while (got < 0 && errno == EINTR);
  masonry_reader reader = {descriptor, got > 0 ? start : NULL, got > 0 ? (size_t)got : 0};
  return masonry_probe_reader(&reader, info);
}

int masonry_picture_probe_bytes(const uint8_t *bytes, size_t length, masonry_picture_info *info) {
  masonry_reader reader = {-1, bytes, length};
  return masonry_probe_reader(&reader, info);
}
