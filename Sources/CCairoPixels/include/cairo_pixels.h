#ifndef MASONRY_DECODER_CAIRO_PIXELS_H
#define MASONRY_DECODER_CAIRO_PIXELS_H

#include <cairo.h>

#include "decoder.h"
#include "pictures.h"

/// A cairo image surface (premultiplied ARGB32) as straight RGBA; no pixels when it has
/// none or memory runs out.
masonry_pixels cairo_surface_to_rgba(cairo_surface_t *surface);

/// What a drawing decoder hands back once it has drawn into `surface`: its pixels as
/// straight RGBA, taken into `out` (at most `max_side`), or "out of memory".
void cairo_surface_deliver(cairo_surface_t *surface, int max_side, decoded *out);

/// The size `width` × `height` takes with its longer side `max_side` (drawings are drawn
/// at the box's size, never made small after).
void fitted_size(double width, double height, int max_side, int *out_width, int *out_height);

#endif
