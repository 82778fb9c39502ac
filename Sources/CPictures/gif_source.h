#ifndef MASONRY_GIF_SOURCE_H
#define MASONRY_GIF_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <gif_lib.h>

// giflib reading from memory: the still decoder's and the animation reader's source.

typedef struct {
  const uint8_t *bytes;
  size_t length;
  size_t offset;
} masonry_gif_source;

/// giflib's input function over a masonry_gif_source (the GifFileType's UserData).
static inline int masonry_gif_read(GifFileType *gif, GifByteType *data, int count) {
  masonry_gif_source *source = gif->UserData;
  size_t available = source->length - source->offset;
  size_t wanted = count < 0 ? 0 : (size_t)count;
  if (wanted > available) wanted = available;
  memcpy(data, source->bytes + source->offset, wanted);
  source->offset += wanted;
  return (int)wanted;
}

#endif
