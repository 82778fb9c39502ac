#ifndef MASONRY_VIDEO_HEADERS_H
#define MASONRY_VIDEO_HEADERS_H

// What the three video container readers share (format_isobmff.c, format_matroska.c,
// format_avi.c): times, sizes and numbers as the files hold them.
//
// Videos: the display size and the duration from the container's header, never from the
// coded stream. MP4 and MOV are ISO boxes (the movie box often at the END of the file, after
// the media data), MKV and WebM are EBML elements (the clusters of media data skipped, never
// read), AVI is RIFF chunks. Every size comes from the file and is checked against its parent
// before use; every loop is bounded by a count as well as by its parent's end.

#include "header_formats.h"

/// `units` of which `per_second` make a second, in milliseconds; 0 when unknown or absurd.
static inline int64_t masonry_video_milliseconds(uint64_t units, uint32_t per_second) {
  if (per_second == 0) {
    return 0;
  }
  uint64_t seconds = units / per_second;
  if (seconds > (uint64_t)INT64_MAX / 1000 - 1) {
    return 0;
  }
  return (int64_t)(seconds * 1000 + (units % per_second) * 1000 / per_second);
}

/// A size from the file as an int (sizes past INT_MAX are held at it, as the TIFF probe does).
static inline int masonry_clamp_size(uint64_t size) { return size > 0x7FFFFFFF ? 0x7FFFFFFF : (int)size; }

static inline uint64_t masonry_read64(const uint8_t *bytes) {
  return (uint64_t)masonry_read32(bytes, 0) << 32 | masonry_read32(bytes + 4, 0);
}

/// Four characters as the big-endian number a box type is compared as.
#define FOURCC(a, b, c, d) \
  ((uint32_t)(uint8_t)(a) << 24 | (uint32_t)(uint8_t)(b) << 16 | (uint32_t)(uint8_t)(c) << 8 | \
   (uint32_t)(uint8_t)(d))

#endif
