#include "internal.h"

#include <string.h>

#include "gif_source.h"

/// Draws one row of a frame, `count` colour indexes from screen column `left`, into `rgba`
/// (the screen's row, already transparent): the transparent index and indexes outside the
/// colour map stay transparent.
static void draw_line(uint8_t *rgba, int width, const GifByteType *line, int left, int count,
                      const ColorMapObject *colors, int transparent) {
  for (int column = 0; column < count; column++) {
    int x = left + column;
    if (x >= 0 && x < width && line[column] != transparent && line[column] < colors->ColorCount) {
      GifColorType color = colors->Colors[line[column]];
      uint8_t *pixel = rgba + (size_t)x * 4;
      pixel[0] = color.Red;
      pixel[1] = color.Green;
      pixel[2] = color.Blue;
      pixel[3] = 255;
    }
  }
}

/// The first frame only, drawn onto the logical screen (transparent where it is not).
int masonry_decode_gif(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out) {
  (void)accurate;  // one way to decode
  masonry_gif_source source = {bytes, length, 0};
  int error = 0;
  GifFileType *gif = DGifOpen(&source, masonry_gif_read, &error);
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
    line = malloc((size_t)frame->Width);
    uint8_t *rgba = malloc((size_t)width * 4);
    masonry_downscaler scaler;
    if (line == NULL || rgba == NULL ||
        masonry_downscaler_init(&scaler, width, height, max_side) != 0) {
      free(rgba);
      result = MASONRY_PICTURE_LIMIT;
      break;
    }
    int complete = 1;
    if (!frame->Interlace) {
      // Rows arrive top to bottom: each goes straight into the area average, so memory is
      // one row, whatever the picture's size.
      for (int y = 0; y < height && complete; y++) {
        memset(rgba, 0, (size_t)width * 4);
        int row = y - frame->Top;
        if (row >= 0 && row < frame->Height) {
          if (DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
            complete = 0;
            break;
          }
          draw_line(rgba, width, line, frame->Left, frame->Width, colors, transparent);
        }
        masonry_downscaler_push_row(&scaler, rgba);
      }
      // Rows of the frame below the logical screen must still be read: a file cut short
      // there is damaged all the same.
      for (int row = height - frame->Top; complete && row < frame->Height; row++) {
        if (row >= 0 && DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
          complete = 0;
        }
      }
    } else {
      // Interlaced: the four passes fill the picture in, so it is kept whole (as colour
      // indexes, within the pixel limit) before it is averaged.
      canvas = malloc((size_t)width * (size_t)height * sizeof(uint16_t));
      if (canvas == NULL) {
        masonry_downscaler_free(&scaler);
        free(rgba);
        result = MASONRY_PICTURE_LIMIT;
        break;
      }
      for (size_t index = 0; index < (size_t)width * (size_t)height; index++) {
        canvas[index] = 0xFFFF;
      }
      static const int starts[4] = {0, 4, 2, 1};
      static const int steps[4] = {8, 8, 4, 2};
      for (int pass = 0; pass < 4 && complete; pass++) {
        for (int row = starts[pass]; row < frame->Height; row += steps[pass]) {
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
      for (int y = 0; y < height && complete; y++) {
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
    }
    if (!complete) {
      masonry_downscaler_free(&scaler);
      free(rgba);
      break;
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
