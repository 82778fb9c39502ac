#include "header_formats.h"

#include <stdlib.h>
#include <string.h>

// GIF: GIF87a or GIF89a, then the logical screen's size.
int masonry_sniff_gif(const uint8_t *bytes, size_t length) {
  return length >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0);
}

/// The file read through a window of bytes (the blocks are walked a byte at a time).
typedef struct {
  const masonry_reader *reader;
  uint64_t start;
  size_t have;
  uint8_t bytes[16384];
} window;

/// The byte at `at`, or -1 past the end.
static int byte_at(window *window, uint64_t at) {
  if (at < window->start || at >= window->start + window->have) {
    window->start = at;
    window->have = masonry_read_some(window->reader, at, window->bytes, sizeof(window->bytes));
    if (window->have == 0) return -1;
  }
  return window->bytes[at - window->start];
}

/// Counts the frames and adds up their delays, walking the blocks without decoding (each
/// image's data is skipped sub-block by sub-block). A file damaged after its first frames
/// counts those.
static void count_frames(const masonry_reader *reader, uint8_t packed, masonry_picture_info *info) {
  window *bytes = malloc(sizeof(window));  // 16 KB: not on a worker's stack
  if (bytes == NULL) return;
  bytes->reader = reader;
  bytes->start = 0;
  bytes->have = 0;
  uint64_t at = 13;
  if (packed & 0x80) at += (uint64_t)3 << ((packed & 7) + 1);
  int64_t delay = 0, total = 0;
  int frames = 0;
  while (frames < 100000) {
    int type = byte_at(bytes, at);
    if (type == 0x21) {
      int label = byte_at(bytes, at + 1);
      at += 2;
      if (label == 0xF9 && byte_at(bytes, at) >= 4) {
        int low = byte_at(bytes, at + 2), high = byte_at(bytes, at + 3);
        if (low < 0 || high < 0) break;
        delay = (low | high << 8) * 10;
      }
    } else if (type == 0x2C) {
      int image_packed = byte_at(bytes, at + 9);
      if (image_packed < 0) break;
      at += 10;
      if (image_packed & 0x80) at += (uint64_t)3 << ((image_packed & 7) + 1);
      at += 1;  // the LZW code size
      frames++;
      total += masonry_shown_delay(delay);
      delay = 0;
    } else {
      break;  // the trailer, the end, or junk
    }
    // The sub-blocks, up to the empty one.
    int size;
    while ((size = byte_at(bytes, at)) > 0) at += 1 + (uint64_t)size;
    if (size < 0) break;
    at++;
  }
  free(bytes);
  if (frames > 1) {
    info->frames = frames;
    info->animation_ms = total;
  }
}

int masonry_probe_gif(const masonry_reader *reader, masonry_picture_info *info) {
  uint8_t header[13];
  if (masonry_read_at(reader, 0, header, sizeof(header)) != 0) {
    return MASONRY_PICTURE_CORRUPT;
  }
  info->width = masonry_read16(header + 6, 1);
  info->height = masonry_read16(header + 8, 1);
  if (info->width <= 0 || info->height <= 0) return MASONRY_PICTURE_CORRUPT;
  count_frames(reader, header[10], info);
  return MASONRY_PICTURE_OK;
}

