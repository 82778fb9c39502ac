#include "video_headers.h"

#include <string.h>

// MARK: - AVI (RIFF)

/// How many chunks a RIFF list is walked for (hdrl holds avih and one strl per stream).
#define RIFF_CHUNK_LIMIT 256

int masonry_sniff_avi(const uint8_t *bytes, size_t length) {
  return length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "AVI ", 4) == 0;
}

/// A chunk: its id, the list type when it is a LIST, where its data starts and ends.
typedef struct {
  uint8_t id[4];
  uint8_t list_type[4];
  uint64_t start;
  uint64_t end;
} riff_chunk;

/// The chunk at `offset` in a list ending at `end`; the next is at `end` rounded up to even.
static int riff_read_chunk(const masonry_reader *reader, uint64_t offset, uint64_t end,
                           riff_chunk *chunk) {
  uint8_t head[12];
  if (offset > end || end - offset < 8 || masonry_read_at(reader, offset, head, 8) != 0) {
    return 0;
  }
  uint64_t size = masonry_read32(head + 4, 1);
  if (size > end - offset - 8) {
    return 0;
  }
  memcpy(chunk->id, head, 4);
  memset(chunk->list_type, 0, 4);
  chunk->start = offset + 8;
  chunk->end = offset + 8 + size;
  if (memcmp(head, "LIST", 4) == 0) {
    if (size < 4 || masonry_read_at(reader, offset + 8, chunk->list_type, 4) != 0) {
      return 0;
    }
    chunk->start += 4;
  }
  return 1;
}

static uint64_t riff_next(const riff_chunk *chunk) { return chunk->end + (chunk->end & 1); }

/// The first `count` bytes of a chunk's data; 0 when it is shorter.
static int riff_read_data(const masonry_reader *reader, const riff_chunk *chunk, uint8_t *buffer,
                          size_t count) {
  return chunk->end - chunk->start >= count &&
         masonry_read_at(reader, chunk->start, buffer, count) == 0;
}

/// What hdrl says: the main header (avih) and the first video stream's header (strh), format
/// (strf, a BITMAPINFOHEADER) and video properties (vprp, OpenDML: the display aspect).
typedef struct {
  int have_main;
  uint32_t microseconds_per_frame;
  uint32_t total_frames;
  uint32_t width;
  uint32_t height;
  int have_video;
  uint32_t scale;
  uint32_t rate;
  uint32_t length;
  uint32_t format_width;
  uint32_t format_height;
  uint32_t aspect_x;
  uint32_t aspect_y;
} avi_header;

/// strl: one stream; kept when its strh says "vids" and no video stream came before.
static void avi_read_stream(const masonry_reader *reader, const riff_chunk *list,
                            avi_header *header) {
  avi_header stream = *header;
  int video = 0;
  uint64_t offset = list->start;
  for (int chunks = 0; chunks < RIFF_CHUNK_LIMIT; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, list->end, &chunk)) {
      break;
    }
    uint8_t data[36];
    if (memcmp(chunk.id, "strh", 4) == 0 && riff_read_data(reader, &chunk, data, 36)) {
      // fccType, fccHandler, flags, priority and language, initial frames, then the rate
      // (dwRate / dwScale per second) and the length in those units.
      video = memcmp(data, "vids", 4) == 0;
      stream.scale = masonry_read32(data + 20, 1);
      stream.rate = masonry_read32(data + 24, 1);
      stream.length = masonry_read32(data + 32, 1);
    } else if (memcmp(chunk.id, "strf", 4) == 0 && riff_read_data(reader, &chunk, data, 12)) {
      // biSize, biWidth, biHeight (negative for a top-down picture).
      int32_t height = (int32_t)masonry_read32(data + 8, 1);
      stream.format_width = masonry_read32(data + 4, 1);
      stream.format_height = height < 0 ? (uint32_t)0 - (uint32_t)height : (uint32_t)height;
    } else if (memcmp(chunk.id, "vprp", 4) == 0 && riff_read_data(reader, &chunk, data, 24)) {
      // dwFrameAspectRatio: x in the high 16 bits, y in the low ones.
      uint32_t aspect = masonry_read32(data + 20, 1);
      stream.aspect_x = aspect >> 16;
      stream.aspect_y = aspect & 0xFFFF;
    }
    offset = riff_next(&chunk);
  }
  if (video) {
    stream.have_video = 1;
    *header = stream;
  }
}

static void avi_read_header_list(const masonry_reader *reader, const riff_chunk *list,
                                 avi_header *header) {
  uint64_t offset = list->start;
  for (int chunks = 0; chunks < RIFF_CHUNK_LIMIT; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, list->end, &chunk)) {
      break;
    }
    uint8_t data[40];
    if (memcmp(chunk.id, "avih", 4) == 0 && riff_read_data(reader, &chunk, data, 40)) {
      header->have_main = 1;
      header->microseconds_per_frame = masonry_read32(data, 1);
      header->total_frames = masonry_read32(data + 16, 1);
      header->width = masonry_read32(data + 32, 1);
      header->height = masonry_read32(data + 36, 1);
    } else if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "strl", 4) == 0 &&
               !header->have_video) {
      avi_read_stream(reader, &chunk, header);
    }
    offset = riff_next(&chunk);
  }
}

int masonry_probe_avi(const masonry_reader *reader, masonry_picture_info *info) {
  avi_header header;
  memset(&header, 0, sizeof(header));
  // hdrl is the first chunk in practice; a few others (JUNK) are allowed before it. The
  // RIFF size is not trusted as a bound (files over 4 GB and cut files get it wrong): each
  // read is checked instead. The movi list after it is never read.
  uint64_t offset = 12;
  for (int chunks = 0; chunks < 64; chunks++) {
    riff_chunk chunk;
    if (!riff_read_chunk(reader, offset, UINT64_MAX, &chunk)) {
      break;
    }
    if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "hdrl", 4) == 0) {
      avi_read_header_list(reader, &chunk, &header);
      break;
    }
    if (memcmp(chunk.id, "LIST", 4) == 0 && memcmp(chunk.list_type, "movi", 4) == 0) {
      break;
    }
    offset = riff_next(&chunk);
  }
  if (!header.have_main && !header.have_video) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint64_t width = header.width;
  uint64_t height = header.height;
  if (width == 0 || height == 0) {
    width = header.format_width;
    height = header.format_height;
  }
  // A display aspect other than the pixels' (DV's 720x480 shown at 4:3): the width that
  // gives it. Within a pixel is rounding (the ratio is stored in 16-bit terms).
  if (header.aspect_x > 0 && header.aspect_y > 0 && height > 0) {
    uint64_t shown = (height * header.aspect_x + header.aspect_y / 2) / header.aspect_y;
    if (shown > 0 && (shown > width + 1 || shown + 1 < width)) {
      width = shown;
    }
  }
  info->width = masonry_clamp_size(width);
  info->height = masonry_clamp_size(height);
  // The video stream's own length (all of an OpenDML file, where avih counts only the first
  // RIFF's frames), else avih's frame count and frame time.
  if (header.have_video && header.rate > 0 && header.scale > 0 && header.length > 0) {
    info->duration_ms = masonry_video_milliseconds((uint64_t)header.length * header.scale, header.rate);
  }
  if (info->duration_ms == 0) {
    info->duration_ms =
        masonry_video_milliseconds((uint64_t)header.total_frames * header.microseconds_per_frame, 1000000);
  }
  return info->width > 0 && info->height > 0 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}
