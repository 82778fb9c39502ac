#include "cairo_pixels.h"

#include <stdlib.h>

masonry_pixels cairo_surface_to_rgba(cairo_surface_t *surface) {
  masonry_pixels pixels = {NULL, 0, 0};
  cairo_surface_flush(surface);
  int width = cairo_image_surface_get_width(surface);
  int height = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  if (data == NULL || width <= 0 || height <= 0) {
    return pixels;
  }
  pixels.pixels = malloc((size_t)width * height * 4);
  if (pixels.pixels == NULL) {
    return pixels;
  }
  pixels.width = width;
  pixels.height = height;
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
    uint8_t *out = pixels.pixels + (size_t)y * width * 4;
    for (int x = 0; x < width; x++) {
      // cairo's ARGB32: premultiplied, one native-endian word a pixel.
      uint32_t pixel = row[x];
      unsigned alpha = pixel >> 24, red = pixel >> 16 & 255, green = pixel >> 8 & 255,
               blue = pixel & 255;
      out[x * 4 + 0] = (uint8_t)(alpha ? (red * 255 + alpha / 2) / alpha : 0);
      out[x * 4 + 1] = (uint8_t)(alpha ? (green * 255 + alpha / 2) / alpha : 0);
      out[x * 4 + 2] = (uint8_t)(alpha ? (blue * 255 + alpha / 2) / alpha : 0);
      out[x * 4 + 3] = (uint8_t)alpha;
    }
  }
  return pixels;
}

void fitted_size(double width, double height, int max_side, int *out_width, int *out_height) {
  if (width <= 0 || height <= 0) {
    width = height = 1;
  }
  double scale = max_side / (width > height ? width : height);
  *out_width = (int)(width * scale + 0.5);
  *out_height = (int)(height * scale + 0.5);
  if (*out_width < 1) *out_width = 1;
  if (*out_height < 1) *out_height = 1;
}

void cairo_surface_deliver(cairo_surface_t *surface, int max_side, decoded *out) {
  masonry_pixels pixels = cairo_surface_to_rgba(surface);
  if (pixels.pixels == NULL) {
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
  } else {
    decoded_take(out, pixels, max_side);
  }
}
