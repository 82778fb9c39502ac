#ifndef MASONRY_DECODE_JXL_H
#define MASONRY_DECODE_JXL_H

#include "decoder.h"

/// The jxl family's decoder (a decode_function); its library is libmasonry-decode-jxl.so.
void decode_jxl(const char *path, int max_side, decoded *out);

#endif
