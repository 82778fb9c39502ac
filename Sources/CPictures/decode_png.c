#include "internal.h"

#include <setjmp.h>
#include <string.h>

#include <png.h>

typedef struct {
  const uint8_t *bytes;
  size_t length;
  size_t offset;
  /// The file ended before the decoder had what it asked for.
  int ended;
} masonry_png_source;

static void read_bytes(png_structp png, png_bytep data, size_t count) {
  masonry_png_source *source = png_get_io_ptr(png);
  size_t left = source->offset < source->length ? source->length - source->offset : 0;
  if (count > left) {
    // Cut short. libpng asks for a whole buffer of image data at a time, so an error here
    // would lose the rows in the bytes that are there: they are given, then zeros, which
    // stop the decoder (a bad deflate block or CRC) right after the last real row.
    if (source->ended) {
      png_error(png, "truncated");
    }
    memcpy(data, source->bytes + source->offset, left);
    memset(data + left, 0, count - left);
    source->offset = source->length;
    source->ended = 1;
    return;
  }
  memcpy(data, source->bytes + source->offset, count);
  source->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
  (void)message;
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int masonry_decode_png(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                       int accurate, masonry_pixels *out) {
  (void)accurate;  // one way to decode
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning);
  if (png == NULL) {
    return MASONRY_PICTURE_LIMIT;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    return MASONRY_PICTURE_LIMIT;
  }
  masonry_png_source source = {bytes, length, 0, 0};
  // Rows handed to the downscaler (non-interlaced); -1 once the picture is whole.
  volatile int rows_pushed = 0;
  masonry_downscaler scaler;
  memset(&scaler, 0, sizeof(scaler));
  masonry_downscaler *volatile scaler_pointer = &scaler;
  uint8_t *volatile buffer = NULL;
  volatile int result = MASONRY_PICTURE_CORRUPT;
  if (setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_read_struct(&png, &info, NULL);
    free(buffer);
    if (source.ended && rows_pushed != 0 && result == MASONRY_PICTURE_CORRUPT) {
      // Cut short: the rows that came (all of them when only the end is missing).
      masonry_downscaler_finish(scaler_pointer, out);
      return MASONRY_PICTURE_TRUNCATED;
    }
    masonry_downscaler_free(scaler_pointer);
    return result;
  }
  png_set_read_fn(png, &source, read_bytes);
  // Bounded for untrusted files: no giant ancillary chunks (compressed text bombs).
  png_set_chunk_cache_max(png, 128);
  png_set_chunk_malloc_max(png, 8 << 20);
  png_read_info(png, info);
  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  if ((int64_t)width * (int64_t)height > max_pixels) {
    png_destroy_read_struct(&png, &info, NULL);
    return MASONRY_PICTURE_TOO_LARGE;
  }
  int color = png_get_color_type(png, info);
  png_set_expand(png);
  png_set_strip_16(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_gray_to_rgb(png);
  }
  if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  }
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 4) {
    result = MASONRY_PICTURE_UNSUPPORTED;
    png_longjmp(png, 1);
  }
  result = MASONRY_PICTURE_LIMIT;
  if (masonry_downscaler_init(scaler_pointer, (int)width, (int)height, max_side) != 0) {
    png_longjmp(png, 1);
  }
  result = MASONRY_PICTURE_CORRUPT;
  if (passes == 1) {
    // Row by row into the area average: memory is one row and the small result.
    buffer = malloc((size_t)width * 4);
    if (buffer == NULL) {
      result = MASONRY_PICTURE_LIMIT;
      png_longjmp(png, 1);
    }
    for (png_uint_32 y = 0; y < height; y++) {
      png_read_row(png, buffer, NULL);
      masonry_downscaler_push_row(scaler_pointer, buffer);
      rows_pushed = (int)y + 1;
    }
  } else {
    // Interlaced: the passes fill the whole picture in, so it is kept whole (within the
    // pixel limit).
    buffer = malloc((size_t)width * (size_t)height * 4);
    if (buffer == NULL) {
      result = MASONRY_PICTURE_LIMIT;
      png_longjmp(png, 1);
    }
    for (int pass = 0; pass < passes; pass++) {
      for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, buffer + (size_t)y * width * 4, NULL);
      }
    }
    for (png_uint_32 y = 0; y < height; y++) {
      masonry_downscaler_push_row(scaler_pointer, buffer + (size_t)y * width * 4);
    }
    rows_pushed = -1;
  }
  free(buffer);
  buffer = NULL;
  // The rest of the file must be there too (the end of the image data and IEND): a
  // file cut short is damaged even when its last rows happen to decode.
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  masonry_downscaler_finish(scaler_pointer, out);
  return MASONRY_PICTURE_OK;
}
