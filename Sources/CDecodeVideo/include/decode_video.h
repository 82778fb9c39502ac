#ifndef MASONRY_DECODE_VIDEO_H
#define MASONRY_DECODE_VIDEO_H

#include "decoder.h"

/// The video family's decoder (a decode_function); its library is libmasonry-decode-video.so.
void decode_video(const char *path, int max_side, decoded *out);

#endif
