#include "decode_pdf.h"

#include <string.h>

#include <poppler.h>

#include "cairo_pixels.h"

// A PDF's first page through poppler, drawn on white at the box's size, its /Rotate
// honoured (poppler's page size already has it). The page count is the card's to say.

void decode_pdf(const char *path, int max_side, decoded *out) {
  GError *error = NULL;
  GFile *file = g_file_new_for_path(path);
  PopplerDocument *document = poppler_document_new_from_gfile(file, NULL, NULL, &error);
  g_object_unref(file);
  if (document == NULL) {
    int encrypted = error && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED;
    if (encrypted) {
      decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "encrypted PDF");
    } else {
      decoded_fail(out, MASONRY_PICTURE_CORRUPT, "%s", error ? error->message : "cannot open");
    }
    if (error) g_error_free(error);
    return;
  }
  out->pages = poppler_document_get_n_pages(document);
  PopplerPage *page = out->pages > 0 ? poppler_document_get_page(document, 0) : NULL;
  if (page == NULL) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "a PDF without pages");
    g_object_unref(document);
    return;
  }
  double width = 0, height = 0;
  poppler_page_get_size(page, &width, &height);
  if (!(width > 0 && height > 0)) {
    width = 612, height = 792;
  }
  out->width = (int)(width + 0.5);
  out->height = (int)(height + 0.5);
  int box_width, box_height;
  fitted_size(width, height, max_side, &box_width, &box_height);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, box_width, box_height);
  cairo_t *cairo = cairo_create(surface);
  cairo_set_source_rgb(cairo, 1, 1, 1);
  cairo_paint(cairo);
  cairo_scale(cairo, box_width / width, box_height / height);
  poppler_page_render(page, cairo);
  cairo_surface_deliver(surface, max_side, out);
  cairo_destroy(cairo);
  cairo_surface_destroy(surface);
  g_object_unref(page);
  g_object_unref(document);
}
