#include "animation_internal.h"

#include <string.h>

#include <zlib.h>

// APNG without an APNG-aware libpng (Debian's has no acTL interface): the chunks are
// walked here, each frame is made a plain PNG (IHDR with the frame's size, the file's
// palette and colour chunks, its IDAT or fdAT data) that libpng decodes, and the frames
// are composed with their dispose and blend operations.

/// The chunks every frame's PNG takes from the file's header.
static const char *const copied[] = {"PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"};
#define MAXIMUM_COPIED 16

typedef struct {
  masonry_animation_reader base;
  const uint8_t *bytes;
  size_t length;
  uint8_t header[13];
  /// Whole chunks (length to CRC) copied into each frame's PNG.
  size_t copied_start[MAXIMUM_COPIED], copied_end[MAXIMUM_COPIED];
  int copied_count;
  /// The next chunk to look at.
  size_t position;
  int frames;
  int64_t max_pixels;
  uint8_t *saved;
  int dispose;
  int left, top, width, height;
} apng_reader;

typedef struct {
  char type[5];
  const uint8_t *data;
  uint32_t length;
  /// Where the chunk after it starts.
  size_t next;
} chunk;

static uint32_t big32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static void put_big32(uint8_t *bytes, uint32_t value) {
  bytes[0] = (uint8_t)(value >> 24), bytes[1] = (uint8_t)(value >> 16);
  bytes[2] = (uint8_t)(value >> 8), bytes[3] = (uint8_t)value;
}

/// The chunk at `at`; 0 when there is none whole there.
static int chunk_at(const apng_reader *reader, size_t at, chunk *out) {
  if (at > reader->length || reader->length - at < 12) return 0;
  uint32_t length = big32(reader->bytes + at);
  if (length > 0x7FFFFFFF || reader->length - at - 12 < length) return 0;
  memcpy(out->type, reader->bytes + at + 4, 4);
  out->type[4] = 0;
  out->data = reader->bytes + at + 8;
  out->length = length;
  out->next = at + 12 + length;
  return 1;
}

/// Appends a chunk of `type` holding `data` (its CRC computed) at `out`; returns its end.
static uint8_t *put_chunk(uint8_t *out, const char *type, const uint8_t *data, uint32_t length) {
  put_big32(out, length);
  memcpy(out + 4, type, 4);
  if (length > 0) memcpy(out + 8, data, length);
  uLong crc = crc32(0L, out + 4, 4 + length);
  put_big32(out + 8 + length, (uint32_t)crc);
  return out + 12 + length;
}

static int apng_next(masonry_animation_reader *base, uint8_t *canvas, int *delay_ms) {
  apng_reader *reader = (apng_reader *)base;
  if (reader->dispose == 1) {
    masonry_animation_clear(canvas, base->width, base->height, reader->left, reader->top,
                            reader->width, reader->height);
  } else if (reader->dispose == 2 && reader->saved != NULL) {
    memcpy(canvas, reader->saved, (size_t)base->width * (size_t)base->height * 4);
  }
  reader->dispose = 0;
  // The next frame control chunk.
  chunk control;
  for (;;) {
    if (!chunk_at(reader, reader->position, &control)) return 0;
    reader->position = control.next;
    if (strcmp(control.type, "IEND") == 0) return 0;
    if (strcmp(control.type, "fcTL") == 0) break;
  }
  if (control.length < 26) return -1;
  uint32_t width = big32(control.data + 4), height = big32(control.data + 8);
  uint32_t left = big32(control.data + 12), top = big32(control.data + 16);
  unsigned numerator = (unsigned)(control.data[20] << 8 | control.data[21]);
  unsigned denominator = (unsigned)(control.data[22] << 8 | control.data[23]);
  int dispose = control.data[24], blend = control.data[25];
  if (width == 0 || height == 0 || (uint64_t)left + width > (uint64_t)base->width ||
      (uint64_t)top + height > (uint64_t)base->height || dispose > 2 || blend > 1) {
    return -1;
  }
  // Its data: IDAT (the default image is this frame) or fdAT chunks, up to the next
  // frame control chunk or the end.
  size_t data_bytes = 0, chunks = 0;
  size_t at = reader->position;
  chunk piece;
  while (chunk_at(reader, at, &piece) && strcmp(piece.type, "fcTL") != 0 &&
         strcmp(piece.type, "IEND") != 0) {
    if (strcmp(piece.type, "IDAT") == 0) data_bytes += piece.length, chunks++;
    if (strcmp(piece.type, "fdAT") == 0 && piece.length >= 4) data_bytes += piece.length - 4, chunks++;
    at = piece.next;
  }
  if (chunks == 0) return -1;
  size_t header_bytes = 0;
  for (int index = 0; index < reader->copied_count; index++) {
    header_bytes += reader->copied_end[index] - reader->copied_start[index];
  }
  size_t size = 8 + 25 + header_bytes + chunks * 12 + data_bytes + 12;
  uint8_t *png = malloc(size);
  if (png == NULL) return -1;
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  memcpy(png, signature, 8);
  uint8_t header[13];
  memcpy(header, reader->header, 13);
  put_big32(header, width);
  put_big32(header + 4, height);
  uint8_t *out = put_chunk(png + 8, "IHDR", header, 13);
  for (int index = 0; index < reader->copied_count; index++) {
    size_t count = reader->copied_end[index] - reader->copied_start[index];
    memcpy(out, reader->bytes + reader->copied_start[index], count);
    out += count;
  }
  while (chunk_at(reader, reader->position, &piece) && strcmp(piece.type, "fcTL") != 0 &&
         strcmp(piece.type, "IEND") != 0) {
    if (strcmp(piece.type, "IDAT") == 0) out = put_chunk(out, "IDAT", piece.data, piece.length);
    if (strcmp(piece.type, "fdAT") == 0 && piece.length >= 4) {
      out = put_chunk(out, "IDAT", piece.data + 4, piece.length - 4);
    }
    reader->position = piece.next;
  }
  out = put_chunk(out, "IEND", NULL, 0);
  masonry_pixels frame = {NULL, 0, 0};
  int decoded = masonry_decode_png(png, (size_t)(out - png), 1 << 30, reader->max_pixels, 0, &frame);
  free(png);
  if (decoded != MASONRY_PICTURE_OK || frame.width != (int)width || frame.height != (int)height) {
    masonry_pixels_free(&frame);
    return -1;
  }
  // The first frame's "previous" is the empty canvas: it is cleared, as the spec says.
  if (dispose == 2 && reader->frames == 0) dispose = 1;
  if (dispose == 2) {
    size_t bytes = (size_t)base->width * (size_t)base->height * 4;
    if (reader->saved == NULL) reader->saved = malloc(bytes);
    if (reader->saved == NULL) {
      masonry_pixels_free(&frame);
      return -1;
    }
    memcpy(reader->saved, canvas, bytes);
  }
  masonry_animation_draw(canvas, base->width, frame.pixels, frame.width, frame.height, (int)left,
                         (int)top, blend == 1);
  masonry_pixels_free(&frame);
  reader->frames++;
  reader->dispose = dispose;
  reader->left = (int)left, reader->top = (int)top;
  reader->width = (int)width, reader->height = (int)height;
  *delay_ms = (int)((uint64_t)numerator * 1000 / (denominator == 0 ? 100 : denominator));
  return 1;
}

static void apng_close(masonry_animation_reader *base) {
  apng_reader *reader = (apng_reader *)base;
  free(reader->saved);
  free(reader);
}

static const masonry_animation_kind apng_kind = {apng_next, apng_close};

masonry_animation_reader *masonry_apng_animation(const uint8_t *bytes, size_t length,
                                                 int64_t max_pixels) {
  apng_reader *reader = calloc(1, sizeof(*reader));
  if (reader == NULL) return NULL;
  reader->bytes = bytes;
  reader->length = length;
  reader->max_pixels = max_pixels;
  chunk header;
  if (length < 8 || !chunk_at(reader, 8, &header) || strcmp(header.type, "IHDR") != 0 ||
      header.length != 13) {
    free(reader);
    return NULL;
  }
  memcpy(reader->header, header.data, 13);
  uint32_t width = big32(header.data), height = big32(header.data + 4);
  uint32_t frames = 0, plays = 0;
  // The header chunks, up to the image data: acTL says it is animated.
  size_t at = header.next;
  chunk piece;
  while (chunk_at(reader, at, &piece) && strcmp(piece.type, "IDAT") != 0) {
    if (strcmp(piece.type, "acTL") == 0 && piece.length >= 8) {
      frames = big32(piece.data);
      plays = big32(piece.data + 4);
    }
    for (size_t index = 0; index < sizeof(copied) / sizeof(copied[0]); index++) {
      if (strcmp(piece.type, copied[index]) == 0 && reader->copied_count < MAXIMUM_COPIED) {
        reader->copied_start[reader->copied_count] = at;
        reader->copied_end[reader->copied_count] = piece.next;
        reader->copied_count++;
      }
    }
    at = piece.next;
  }
  if (frames < 2 || width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF ||
      (int64_t)width * height > max_pixels) {
    free(reader);
    return NULL;
  }
  reader->base.kind = &apng_kind;
  reader->base.width = (int)width;
  reader->base.height = (int)height;
  reader->base.plays = plays > 65535 ? 65535 : (int)plays;
  reader->position = header.next;
  return &reader->base;
}
