#include "header_formats.h"

#include <string.h>

// WebP: a RIFF file of type WEBP; the size in its first chunk (VP8, VP8L or VP8X).
int masonry_sniff_webp(const uint8_t *bytes, size_t length) {
  return length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0;
}

/// An animation's frames (ANMF chunks) and their durations, from the chunk headers alone.
static void count_frames(const masonry_reader *reader, masonry_picture_info *info) {
  uint64_t at = 12;
  int frames = 0;
  int64_t total = 0;
  for (int chunks = 0; chunks < 100000; chunks++) {
    uint8_t head[24];
    if (masonry_read_at(reader, at, head, 8) != 0) break;
    uint32_t size = masonry_read32(head + 4, 1);
    if (memcmp(head, "ANMF", 4) == 0) {
      if (size < 16 || masonry_read_at(reader, at + 8, head + 8, 16) != 0) break;
      frames++;
      total += masonry_shown_delay(head[20] | head[21] << 8 | head[22] << 16);
    }
    at += 8 + (uint64_t)size + (size & 1);
  }
  if (frames > 1) {
    info->frames = frames;
    info->animation_ms = total;
  }
}

int masonry_probe_webp(const masonry_reader *reader, masonry_picture_info *info) {
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
    info->width = masonry_read16(header + 26, 1) & 0x3FFF;
    info->height = masonry_read16(header + 28, 1) & 0x3FFF;
  } else if (memcmp(chunk, "VP8L", 4) == 0) {
    if (header[20] != 0x2F) {
      return MASONRY_PICTURE_CORRUPT;
    }
    uint32_t bits = masonry_read32(header + 21, 1);
    info->width = (int)(bits & 0x3FFF) + 1;
    info->height = (int)((bits >> 14) & 0x3FFF) + 1;
  } else if (memcmp(chunk, "VP8X", 4) == 0) {
    info->width = (int)(header[24] | header[25] << 8 | header[26] << 16) + 1;
    info->height = (int)(header[27] | header[28] << 8 | header[29] << 16) + 1;
    if (header[20] & 0x02) count_frames(reader, info);
  } else {
    return MASONRY_PICTURE_CORRUPT;
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

