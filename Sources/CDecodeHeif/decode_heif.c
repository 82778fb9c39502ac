#include "decode_heif.h"

#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

// HEIC and AVIF through libheif (Debian's, with libde265 and dav1d/aom): the primary
// image with its irot, imir and clap applied by libheif (never the EXIF orientation: a
// phone's file says both, and only these are the truth), or its embedded thumbnail when
// that is big enough for the box (7 ms instead of nearly a second for a 12 MP photo).

/// A libheif error in words.
static void fail_with(decoded *out, const char *what, struct heif_error error) {
  int status = error.code == heif_error_Memory_allocation_error ? MASONRY_PICTURE_LIMIT
                                                                  : MASONRY_PICTURE_CORRUPT;
  decoded_fail(out, status, "%s: %s", what, error.message ? error.message : "error");
}

void decode_heif(const char *path, int max_side, decoded *out) {
  struct heif_context *context = heif_context_alloc();
  if (context == NULL) {
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
    return;
  }
  // libheif refuses over 32768 a side by itself; the pixel count is checked below.
  struct heif_error error = heif_context_read_from_file(context, path, NULL);
  struct heif_image_handle *primary = NULL;
  if (error.code == heif_error_Ok) {
    error = heif_context_get_primary_image_handle(context, &primary);
  }
  if (error.code != heif_error_Ok) {
    fail_with(out, "cannot read", error);
    heif_context_free(context);
    return;
  }
  int width = heif_image_handle_get_width(primary);
  int height = heif_image_handle_get_height(primary);
  if (width <= 0 || height <= 0 || (int64_t)width * height > DECODER_MAXIMUM_PIXELS) {
    decoded_fail(out, MASONRY_PICTURE_TOO_LARGE, "%dx%d", width, height);
    heif_image_handle_release(primary);
    heif_context_free(context);
    return;
  }
  out->width = width;
  out->height = height;
  // The embedded thumbnail, when its longer side covers the box.
  struct heif_image_handle *source = primary;
  heif_item_id thumbnail_id;
  if (heif_image_handle_get_list_of_thumbnail_IDs(primary, &thumbnail_id, 1) == 1) {
    struct heif_image_handle *thumbnail = NULL;
    if (heif_image_handle_get_thumbnail(primary, thumbnail_id, &thumbnail).code == heif_error_Ok) {
      int thumbnail_width = heif_image_handle_get_width(thumbnail);
      int thumbnail_height = heif_image_handle_get_height(thumbnail);
      int longer = thumbnail_width > thumbnail_height ? thumbnail_width : thumbnail_height;
      // Its shape must be the picture's (a thumbnail of another crop would mislead).
      int64_t skew = (int64_t)thumbnail_width * height - (int64_t)thumbnail_height * width;
      if (longer >= max_side && llabs(skew) <= (int64_t)(width > height ? width : height)) {
        source = thumbnail;
      } else {
        heif_image_handle_release(thumbnail);
      }
    }
  }
  struct heif_image *image = NULL;
  error = heif_decode_image(source, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA,
                            NULL);
  if (source != primary) heif_image_handle_release(source);
  heif_image_handle_release(primary);
  if (error.code != heif_error_Ok) {
    fail_with(out, "cannot decode", error);
    heif_context_free(context);
    return;
  }
  int stride = 0;
  const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
  int decoded_width = heif_image_get_width(image, heif_channel_interleaved);
  int decoded_height = heif_image_get_height(image, heif_channel_interleaved);
  masonry_pixels pixels = {NULL, decoded_width, decoded_height};
  if (plane != NULL && decoded_width > 0 && decoded_height > 0 &&
      stride >= decoded_width * 4) {
    pixels.pixels = malloc((size_t)decoded_width * decoded_height * 4);
  }
  if (pixels.pixels == NULL) {
    decoded_fail(out, plane == NULL ? MASONRY_PICTURE_CORRUPT : MASONRY_PICTURE_LIMIT,
                 "no pixels");
  } else {
    for (int y = 0; y < decoded_height; y++) {
      memcpy(pixels.pixels + (size_t)y * decoded_width * 4, plane + (size_t)y * stride,
             (size_t)decoded_width * 4);
    }
    decoded_take(out, pixels, max_side);
  }
  heif_image_release(image);
  heif_context_free(context);
}
