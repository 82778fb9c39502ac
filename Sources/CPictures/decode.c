#include "internal.h"

#include <string.h>

// The decoders in this process, one row a format (each in its own file), and the one
// entry point that picks among them by the header's format. The formats decoded by the
// helper processes are not here.
static const struct {
  int format;
  masonry_decode_function decode;
} decoders[] = {
    {MASONRY_PICTURE_JPEG, masonry_decode_jpeg},
    {MASONRY_PICTURE_PNG, masonry_decode_png},
    {MASONRY_PICTURE_WEBP, masonry_decode_webp},
    {MASONRY_PICTURE_GIF, masonry_decode_gif},
    {MASONRY_PICTURE_BMP, masonry_decode_bmp},
    {MASONRY_PICTURE_TIFF, masonry_decode_tiff},
};

int masonry_picture_decode(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                           int accurate, masonry_pixels *out) {
  memset(out, 0, sizeof(*out));
  masonry_reader reader = {-1, bytes, length};
  masonry_picture_info info;
  int probed = masonry_probe_reader(&reader, &info);
  if (probed != MASONRY_PICTURE_OK) {
    return probed;
  }
  if ((int64_t)info.width * (int64_t)info.height > max_pixels) {
    return MASONRY_PICTURE_TOO_LARGE;
  }
  masonry_decode_function decode = NULL;
  for (size_t index = 0; index < sizeof(decoders) / sizeof(decoders[0]); index++) {
    if (decoders[index].format == info.format) {
      decode = decoders[index].decode;
    }
  }
  if (decode == NULL) {
    return MASONRY_PICTURE_NOT_AN_IMAGE;
  }
  int result = decode(bytes, length, max_side, max_pixels, accurate, out);
  if ((result == MASONRY_PICTURE_OK || result == MASONRY_PICTURE_TRUNCATED) &&
      masonry_apply_orientation(out, info.orientation) != 0) {
    masonry_pixels_free(out);
    return MASONRY_PICTURE_LIMIT;
  }
  return result;
}
