#ifndef MASONRY_DECODE_HEIF_H
#define MASONRY_DECODE_HEIF_H

#include "decoder.h"

/// The heif family's decoder (a decode_function); its library is libmasonry-decode-heif.so.
void decode_heif(const char *path, int max_side, decoded *out);

#endif
