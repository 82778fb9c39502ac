#include "internal.h"

#include <string.h>

#include <gif_lib.h>

typedef struct {
  const uint8_t *bytes;
  size_t length;
  size_t offset;
} masonry_gif_source;

static int read_bytes(GifFileType *gif, GifByteType *data, int count) {
  masonry_gif_source *source = gif->UserData;
  size_t available = source->length - source->offset;
  size_t wanted = count < 0 ? 0 : (size_t)count;
  if (wanted > available) {
    wanted = available;
  }
  memcpy(data, source->bytes + source->offset, wanted);
  source->offset += wanted;
  return (int)wanted;
}

/// The first frame only, drawn onto the logical screen (transparent where it is not).
int masonry_decode_gif(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       masonry_pixels *out) {
  masonry_gif_source source = {bytes, length, 0};
  int error = 0;
  GifFileType *gif = DGifOpen(&source, read_bytes, &error);
  if (gif == NULL) {
    return MASONRY_PICTURE_CORRUPT;
  }
  int width = gif->SWidth;
  int height = gif->SHeight;
  if (width <= 0 || height <= 0) {
    DGifCloseFile(gif, &error);
    return MASONRY_PICTURE_CORRUPT;
  }
  if ((int64_t)width * (int64_t)height > max_pixels) {
    DGifCloseFile(gif, &error);
    return MASONRY_PICTURE_TOO_LARGE;
  }
  int transparent = -1;
  int result = MASONRY_PICTURE_CORRUPT;
  uint16_t *canvas = NULL;
  GifByteType *line = NULL;
  for (int records = 0; records < 65536; records++) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR || type == TERMINATE_RECORD_TYPE) {
      break;
    }
    if (type == EXTENSION_RECORD_TYPE) {
      int code;
      GifByteType *extension;
      if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) {
        break;
      }
      if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4 &&
          (extension[1] & 1)) {
        transparent = extension[4];
      }
      while (extension != NULL) {
        if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) {
          extension = NULL;
          records = 65536;
        }
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE || DGifGetImageDesc(gif) == GIF_ERROR) {
      break;
    }
    GifImageDesc *frame = &gif->Image;
    ColorMapObject *colors = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    if (colors == NULL || frame->Width <= 0 || frame->Height <= 0 ||
        (int64_t)frame->Width * (int64_t)frame->Height > max_pixels) {
      break;
    }
    canvas = malloc((size_t)width * (size_t)height * sizeof(uint16_t));
    line = malloc((size_t)frame->Width);
    if (canvas == NULL || line == NULL) {
      result = MASONRY_PICTURE_LIMIT;
      break;
    }
    for (size_t index = 0; index < (size_t)width * (size_t)height; index++) {
      canvas[index] = 0xFFFF;
    }
    static const int starts[4] = {0, 4, 2, 1};
    static const int steps[4] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    int complete = 1;
    for (int pass = 0; pass < passes && complete; pass++) {
      int start = frame->Interlace ? starts[pass] : 0;
      int step = frame->Interlace ? steps[pass] : 1;
      for (int row = start; row < frame->Height; row += step) {
        if (DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
          complete = 0;
          break;
        }
        int y = frame->Top + row;
        if (y < 0 || y >= height) {
          continue;
        }
        for (int column = 0; column < frame->Width; column++) {
          int x = frame->Left + column;
          if (x >= 0 && x < width && line[column] != transparent &&
              line[column] < colors->ColorCount) {
            canvas[(size_t)y * width + x] = line[column];
          }
        }
      }
    }
    if (!complete) {
      break;
    }
    masonry_downscaler scaler;
    uint8_t *rgba = malloc((size_t)width * 4);
    if (rgba == NULL || masonry_downscaler_init(&scaler, width, height, max_side) != 0) {
      free(rgba);
      result = MASONRY_PICTURE_LIMIT;
      break;
    }
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        uint16_t index = canvas[(size_t)y * width + x];
        uint8_t *pixel = rgba + (size_t)x * 4;
        if (index == 0xFFFF) {
          memset(pixel, 0, 4);
        } else {
          GifColorType color = colors->Colors[index];
          pixel[0] = color.Red;
          pixel[1] = color.Green;
          pixel[2] = color.Blue;
          pixel[3] = 255;
        }
      }
      masonry_downscaler_push_row(&scaler, rgba);
    }
    free(rgba);
    masonry_downscaler_finish(&scaler, out);
    result = MASONRY_PICTURE_OK;
    break;
  }
  free(canvas);
  free(line);
  DGifCloseFile(gif, &error);
  return result;
}
