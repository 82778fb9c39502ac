#include "animation_internal.h"

#include <string.h>

#include "gif_source.h"

// Animated GIF through giflib's record interface (never DGifSlurp, which allocates every
// frame at the size its descriptor claims): frames drawn on the canvas with their
// offsets, transparency and disposal (2: cleared to transparent, as browsers do; 3: the
// canvas as it was before the frame).

typedef struct {
  masonry_animation_reader base;
  GifFileType *gif;
  masonry_gif_source source;
  /// The canvas before a frame that restores it (disposal 3).
  uint8_t *saved;
  /// The previous frame's disposal and rectangle.
  int dispose;
  int left, top, width, height;
  GifByteType *line;
  int64_t max_pixels;
} gif_reader;

/// Walks the blocks without decoding: the number of frames (-1 when a frame is over
/// `max_pixels` or the blocks make no sense before the second frame), and the loop count
/// of a NETSCAPE2.0 block (-1 without one: played once).
static int prescan(const uint8_t *bytes, size_t length, int64_t max_pixels, int *loops) {
  *loops = -1;
  if (length < 13) return -1;
  size_t at = 13;
  if (bytes[10] & 0x80) at += (size_t)3 << ((bytes[10] & 7) + 1);
  int frames = 0;
  while (at < length && frames < MASONRY_ANIMATION_MAXIMUM_FRAMES + 1) {
    uint8_t type = bytes[at];
    if (type == 0x3B) break;
    if (type == 0x21) {
      if (at + 2 >= length) break;
      uint8_t label = bytes[at + 1];
      at += 2;
      if (label == 0xFF && at + 12 <= length && bytes[at] == 11 &&
          memcmp(bytes + at + 1, "NETSCAPE2.0", 11) == 0 && at + 16 <= length &&
          bytes[at + 12] >= 3 && bytes[at + 13] == 1) {
        *loops = bytes[at + 14] | bytes[at + 15] << 8;
      }
    } else if (type == 0x2C) {
      if (at + 10 > length) break;
      int64_t width = bytes[at + 5] | bytes[at + 6] << 8;
      int64_t height = bytes[at + 7] | bytes[at + 8] << 8;
      if (width * height > max_pixels) return -1;
      uint8_t packed = bytes[at + 9];
      at += 10;
      if (packed & 0x80) at += (size_t)3 << ((packed & 7) + 1);
      at += 1;  // the LZW code size
      frames++;
    } else {
      break;  // junk after the frames: they end there
    }
    while (at < length && bytes[at] != 0) at += 1 + (size_t)bytes[at];
    at++;
  }
  return frames;
}

static void draw_line(uint8_t *row, int canvas_width, const GifByteType *line, int left,
                      int count, const ColorMapObject *colors, int transparent) {
  for (int column = 0; column < count; column++) {
    int x = left + column;
    GifByteType index = line[column];
    if (x < 0 || x >= canvas_width || index == transparent || index >= colors->ColorCount) {
      continue;
    }
    uint8_t *pixel = row + (size_t)x * 4;
    pixel[0] = colors->Colors[index].Red;
    pixel[1] = colors->Colors[index].Green;
    pixel[2] = colors->Colors[index].Blue;
    pixel[3] = 255;
  }
}

static int gif_next(masonry_animation_reader *base, uint8_t *canvas, int *delay_ms) {
  gif_reader *reader = (gif_reader *)base;
  int canvas_width = base->width, canvas_height = base->height;
  if (reader->dispose == 2) {
    masonry_animation_clear(canvas, canvas_width, canvas_height, reader->left, reader->top,
                            reader->width, reader->height);
  } else if (reader->dispose == 3 && reader->saved != NULL) {
    memcpy(canvas, reader->saved, (size_t)canvas_width * (size_t)canvas_height * 4);
  }
  reader->dispose = 0;
  int delay = 0, dispose = 0, transparent = -1;
  GifFileType *gif = reader->gif;
  for (int records = 0; records < 65536; records++) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) return -1;
    if (type == TERMINATE_RECORD_TYPE) return 0;
    if (type == EXTENSION_RECORD_TYPE) {
      int code;
      GifByteType *extension;
      if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) return -1;
      if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4) {
        dispose = (extension[1] >> 2) & 7;
        delay = (extension[2] | extension[3] << 8) * 10;
        transparent = (extension[1] & 1) ? extension[4] : -1;
      }
      while (extension != NULL) {
        if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) return -1;
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE || DGifGetImageDesc(gif) == GIF_ERROR) return -1;
    GifImageDesc *frame = &gif->Image;
    ColorMapObject *colors = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    if (colors == NULL || frame->Width <= 0 || frame->Height <= 0 ||
        (int64_t)frame->Width * frame->Height > reader->max_pixels) {
      return -1;
    }
    if (dispose == 3) {
      size_t bytes = (size_t)canvas_width * (size_t)canvas_height * 4;
      if (reader->saved == NULL) reader->saved = malloc(bytes);
      if (reader->saved == NULL) return -1;
      memcpy(reader->saved, canvas, bytes);
    }
    free(reader->line);
    reader->line = malloc((size_t)frame->Width);
    if (reader->line == NULL) return -1;
    static const int starts[4] = {0, 4, 2, 1};
    static const int steps[4] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
      int start = frame->Interlace ? starts[pass] : 0;
      int step = frame->Interlace ? steps[pass] : 1;
      for (int row = start; row < frame->Height; row += step) {
        if (DGifGetLine(gif, reader->line, frame->Width) == GIF_ERROR) return -1;
        int y = frame->Top + row;
        if (y >= 0 && y < canvas_height) {
          draw_line(canvas + (size_t)y * (size_t)canvas_width * 4, canvas_width, reader->line,
                    frame->Left, frame->Width, colors, transparent);
        }
      }
    }
    reader->dispose = dispose;
    reader->left = frame->Left;
    reader->top = frame->Top;
    reader->width = frame->Width;
    reader->height = frame->Height;
    *delay_ms = delay;
    return 1;
  }
  return -1;
}

static void gif_close(masonry_animation_reader *base) {
  gif_reader *reader = (gif_reader *)base;
  int error = 0;
  if (reader->gif != NULL) DGifCloseFile(reader->gif, &error);
  free(reader->saved);
  free(reader->line);
  free(reader);
}

static const masonry_animation_kind gif_kind = {gif_next, gif_close};

masonry_animation_reader *masonry_gif_animation(const uint8_t *bytes, size_t length,
                                                int64_t max_pixels) {
  int loops;
  if (prescan(bytes, length, max_pixels, &loops) < 2) return NULL;
  gif_reader *reader = calloc(1, sizeof(*reader));
  if (reader == NULL) return NULL;
  reader->source = (masonry_gif_source){bytes, length, 0};
  reader->max_pixels = max_pixels;
  int error = 0;
  reader->gif = DGifOpen(&reader->source, masonry_gif_read, &error);
  if (reader->gif == NULL || reader->gif->SWidth <= 0 || reader->gif->SHeight <= 0 ||
      (int64_t)reader->gif->SWidth * reader->gif->SHeight > max_pixels) {
    gif_close(&reader->base);
    return NULL;
  }
  reader->base.kind = &gif_kind;
  reader->base.width = reader->gif->SWidth;
  reader->base.height = reader->gif->SHeight;
  // NETSCAPE2.0's count is of repeats after the first play (Chrome and Firefox play a
  // GIF with count 2 three times); 0 is forever; no block, once.
  reader->base.plays = loops < 0 ? 1 : loops == 0 ? 0 : loops + 1;
  return &reader->base;
}
