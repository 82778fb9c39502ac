#include "decode_svg.h"

#include <librsvg/rsvg.h>

#include "cairo_pixels.h"

// SVG through librsvg, drawn at the box's size (a drawing is never made small from a
// bigger bitmap). librsvg loads no reference outside the file's folder, refuses entity
// loops, and gives up on a document of a billion references after about two seconds:
// here, that costs this process alone.

void decode_svg(const char *path, int max_side, decoded *out) {
  GError *error = NULL;
  GFile *file = g_file_new_for_path(path);  // a GFile gives the base for relative references
  RsvgHandle *handle = rsvg_handle_new_from_gfile_sync(file, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
  g_object_unref(file);
  if (handle == NULL) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "%s", error ? error->message : "cannot load");
    if (error) g_error_free(error);
    return;
  }
  // 96 dots an inch, as the header reader (format_svg.c) and browsers count: `210mm` is
  // 794 pixels in both (librsvg's own default is 90).
  rsvg_handle_set_dpi(handle, 96);
  double width = 0, height = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
    // Only a viewBox (or percentages): its aspect.
    gboolean has_width, has_height, has_view_box;
    RsvgLength length_width, length_height;
    RsvgRectangle view_box;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height,
                                         &length_height, &has_view_box, &view_box);
    if (has_view_box) {
      width = view_box.width;
      height = view_box.height;
    }
  }
  if (!(width > 0 && height > 0)) {
    width = height = 512;
  }
  int box_width, box_height;
  fitted_size(width, height, max_side, &box_width, &box_height);
  out->width = width < 1e6 ? (int)(width + 0.5) : 1000000;
  out->height = height < 1e6 ? (int)(height + 0.5) : 1000000;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, box_width, box_height);
  cairo_t *cairo = cairo_create(surface);
  RsvgRectangle viewport = {0, 0, box_width, box_height};
  if (!rsvg_handle_render_document(handle, cairo, &viewport, &error)) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "%s", error ? error->message : "cannot draw");
    if (error) g_error_free(error);
  } else {
    cairo_surface_deliver(surface, max_side, out);
  }
  cairo_destroy(cairo);
  cairo_surface_destroy(surface);
  g_object_unref(handle);
}
