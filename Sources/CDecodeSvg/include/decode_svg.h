#ifndef MASONRY_DECODE_SVG_H
#define MASONRY_DECODE_SVG_H

#include "decoder.h"

/// The svg family's decoder (a decode_function); its library is libmasonry-decode-svg.so.
void decode_svg(const char *path, int max_side, decoded *out);

#endif
