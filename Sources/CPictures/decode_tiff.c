#include "internal.h"

#include <string.h>

#include <tiffio.h>

// TIFF through libtiff, from memory: the first page, read as RGBA in stored order (the
// orientation tag is applied afterwards like JPEG's EXIF one: libtiff's own handling of
// orientations 5-8 only flips), 64 rows at a time into the exact-area downscaler. No
// single allocation over 256 MB, and libtiff's messages never reach standard error (they
// would land on the browser's screen).

typedef struct {
  const uint8_t *bytes;
  toff_t length;
  toff_t offset;
  /// libtiff asked for bytes past the end: the file was cut (a sound one never is read
  /// past its end), however much of the picture decoded.
  int cut;
} memory_file;

static tmsize_t memory_read(thandle_t handle, void *buffer, tmsize_t size) {
  memory_file *file = handle;
  if (size < 0) {
    return 0;
  }
  toff_t left = file->offset < file->length ? file->length - file->offset : 0;
  tmsize_t count = (toff_t)size < left ? size : (tmsize_t)left;
  if (count < size) {
    file->cut = 1;
  }
  memcpy(buffer, file->bytes + file->offset, (size_t)count);
  file->offset += (toff_t)count;
  return count;
}

static tmsize_t memory_write(thandle_t handle, void *buffer, tmsize_t size) {
  (void)handle, (void)buffer, (void)size;
  return -1;
}

static toff_t memory_seek(thandle_t handle, toff_t offset, int whence) {
  memory_file *file = handle;
  toff_t base = whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->length : 0;
  if (offset > UINT64_MAX - base) {
    return (toff_t)-1;
  }
  file->offset = base + offset;
  return file->offset;
}

static int memory_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t memory_size(thandle_t handle) { return ((memory_file *)handle)->length; }

static int quiet(TIFF *tiff, void *user, const char *module, const char *format, va_list list) {
  (void)tiff, (void)user, (void)module, (void)format, (void)list;
  return 1;  // handled: nothing printed
}

/// Rows read a call: whole strips (or tile rows), at least 64 rows when they are thin, so
/// that no strip is decompressed twice (a band that ends inside an 80-row LZW strip
/// makes libtiff decode that strip again for the next band: half as fast again); at most
/// 64 MB of raster, beyond which a strip is read again rather than held whole.
static uint32_t band_rows(TIFF *tiff, uint32_t width, uint32_t height) {
  uint32_t unit = 0;
  if (TIFFIsTiled(tiff)) {
    TIFFGetField(tiff, TIFFTAG_TILELENGTH, &unit);
  } else {
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &unit);
  }
  uint64_t band = unit == 0 ? 64 : ((64 + (uint64_t)unit - 1) / unit) * unit;
  uint64_t most = ((uint64_t)64 << 20) / ((uint64_t)width * 4);
  if (band > most) band = most > 64 ? most : 64;
  if (band > height) band = height;
  return (uint32_t)band;
}

int masonry_decode_tiff(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out) {
  (void)accurate;  // one way to decode
  memory_file file = {bytes, length, 0, 0};
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) {
    return MASONRY_PICTURE_LIMIT;
  }
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, 256 << 20);
  TIFFOpenOptionsSetErrorHandlerExtR(options, quiet, NULL);
  TIFFOpenOptionsSetWarningHandlerExtR(options, quiet, NULL);
  TIFF *tiff = TIFFClientOpenExt("masonry", "rm", &file, memory_read, memory_write, memory_seek,
                                 memory_close, memory_size, NULL, NULL, options);
  TIFFOpenOptionsFree(options);
  if (tiff == NULL) {
    return MASONRY_PICTURE_CORRUPT;
  }
  uint32_t width = 0, height = 0;
  TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
  TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
  if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
    TIFFClose(tiff);
    return MASONRY_PICTURE_CORRUPT;
  }
  if ((int64_t)width * (int64_t)height > max_pixels) {
    TIFFClose(tiff);
    return MASONRY_PICTURE_TOO_LARGE;
  }
  char why[1024];
  TIFFRGBAImage image;
  if (!TIFFRGBAImageOK(tiff, why) || !TIFFRGBAImageBegin(&image, tiff, 0, why)) {
    TIFFClose(tiff);
    return MASONRY_PICTURE_UNSUPPORTED;  // a kind libtiff's RGBA reader does not know
  }
  // Stored order, top row first: the orientation is the caller's to apply.
  image.req_orientation = ORIENTATION_TOPLEFT;
  image.orientation = ORIENTATION_TOPLEFT;
  masonry_downscaler scaler;
  const uint32_t band = band_rows(tiff, width, height);
  uint32_t *raster = malloc((size_t)width * band * 4);
  if (raster == NULL || masonry_downscaler_init(&scaler, (int)width, (int)height, max_side) != 0) {
    free(raster);
    TIFFRGBAImageEnd(&image);
    TIFFClose(tiff);
    return MASONRY_PICTURE_LIMIT;
  }
  int truncated = 0;
  uint8_t *row = malloc((size_t)width * 4);
  for (uint32_t top = 0; top < height && row != NULL; top += band) {
    uint32_t rows = height - top < band ? height - top : band;
    image.row_offset = (int)top;
    image.col_offset = 0;
    memset(raster, 0, (size_t)width * rows * 4);
    if (!TIFFRGBAImageGet(&image, raster, width, rows)) {
      // What decoded of this band stays; the rest of the picture is transparent.
      truncated = 1;
    }
    for (uint32_t y = 0; y < rows; y++) {
      // libtiff's RGBA: R in the low byte, A in the high one, which in a little-endian
      // machine's memory is already R, G, B, A.
      const uint32_t *source = raster + (size_t)y * width;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      masonry_downscaler_push_row(&scaler, (const uint8_t *)source);
#else
      for (uint32_t x = 0; x < width; x++) {
        uint32_t pixel = source[x];
        row[x * 4 + 0] = (uint8_t)TIFFGetR(pixel);
        row[x * 4 + 1] = (uint8_t)TIFFGetG(pixel);
        row[x * 4 + 2] = (uint8_t)TIFFGetB(pixel);
        row[x * 4 + 3] = (uint8_t)TIFFGetA(pixel);
      }
      masonry_downscaler_push_row(&scaler, row);
#endif
    }
    if (truncated) {
      break;
    }
  }
  int failed = row == NULL;
  free(row);
  free(raster);
  TIFFRGBAImageEnd(&image);
  TIFFClose(tiff);
  if (failed) {
    masonry_downscaler_free(&scaler);
    return MASONRY_PICTURE_LIMIT;
  }
  masonry_downscaler_finish(&scaler, out);
  return truncated || file.cut ? MASONRY_PICTURE_TRUNCATED : MASONRY_PICTURE_OK;
}
