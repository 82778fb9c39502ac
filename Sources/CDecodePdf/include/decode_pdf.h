#ifndef MASONRY_DECODE_PDF_H
#define MASONRY_DECODE_PDF_H

#include "decoder.h"

/// The pdf family's decoder (a decode_function); its library is libmasonry-decode-pdf.so.
void decode_pdf(const char *path, int max_side, decoded *out);

#endif
