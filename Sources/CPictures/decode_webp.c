#include "internal.h"

#include <string.h>

#include <webp/decode.h>

int masonry_decode_webp(const uint8_t *bytes, size_t length, int max_side, int64_t max_pixels,
                        int accurate, masonry_pixels *out) {
  (void)accurate;  // one way to decode
  WebPBitstreamFeatures features;
  VP8StatusCode status = WebPGetFeatures(bytes, length, &features);
  if (status != VP8_STATUS_OK) {
    return MASONRY_PICTURE_CORRUPT;
  }
  if (features.has_animation) {
    // Its first frame, composed on its canvas (the frames after it are the animation's).
    return masonry_animation_first_frame(bytes, length, max_side, max_pixels, out);
  }
  if ((int64_t)features.width * (int64_t)features.height > max_pixels) {
    return MASONRY_PICTURE_TOO_LARGE;
  }
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) {
    return MASONRY_PICTURE_LIMIT;
  }
  int width, height;
  masonry_fitted_size(features.width, features.height, max_side, &width, &height);
  if (width != features.width || height != features.height) {
    // libwebp scales while it decodes: memory is the small result, not the picture.
    config.options.use_scaling = 1;
    config.options.scaled_width = width;
    config.options.scaled_height = height;
  }
  config.output.colorspace = MODE_RGBA;
  status = WebPDecode(bytes, length, &config);
  if (status != VP8_STATUS_OK) {
    WebPFreeDecBuffer(&config.output);
    return status == VP8_STATUS_OUT_OF_MEMORY ? MASONRY_PICTURE_LIMIT : MASONRY_PICTURE_CORRUPT;
  }
  out->width = config.output.width;
  out->height = config.output.height;
  out->pixels = malloc((size_t)out->width * (size_t)out->height * 4);
  if (out->pixels == NULL) {
    WebPFreeDecBuffer(&config.output);
    return MASONRY_PICTURE_LIMIT;
  }
  for (int y = 0; y < out->height; y++) {
    memcpy(out->pixels + (size_t)y * out->width * 4,
           config.output.u.RGBA.rgba + (size_t)y * config.output.u.RGBA.stride,
           (size_t)out->width * 4);
  }
  WebPFreeDecBuffer(&config.output);
  return MASONRY_PICTURE_OK;
}
