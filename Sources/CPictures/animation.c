#include "animation_internal.h"

#include <string.h>

// Animations read a frame at a time: a format's reader composes each frame on the canvas
// (animation_gif.c, animation_webp.c, animation_apng.c); here each is copied out at the
// size asked for, its delay made what browsers show, and the work bounded.

struct masonry_animation {
  masonry_animation_reader *reader;
  uint8_t *canvas;
  int max_side;
  int frames;
  /// Canvas pixels composed so far: an animation of 2,000 frames of 16 MP stops early.
  int64_t work;
};

/// Pixels composed in all, at most (about two seconds of work).
static const int64_t maximum_work = (int64_t)1 << 30;

masonry_animation *masonry_animation_open(const uint8_t *bytes, size_t length, int max_side,
                                          int64_t max_pixels) {
  int64_t limit = max_pixels < MASONRY_ANIMATION_MAXIMUM_CANVAS ? max_pixels
                                                                 : MASONRY_ANIMATION_MAXIMUM_CANVAS;
  masonry_animation_reader *reader = NULL;
  switch (masonry_picture_sniff(bytes, length < MASONRY_PICTURE_SNIFF_BYTES
                                           ? length
                                           : MASONRY_PICTURE_SNIFF_BYTES)) {
    case MASONRY_PICTURE_GIF: reader = masonry_gif_animation(bytes, length, limit); break;
    case MASONRY_PICTURE_WEBP: reader = masonry_webp_animation(bytes, length, limit); break;
    case MASONRY_PICTURE_PNG: reader = masonry_apng_animation(bytes, length, limit); break;
    default: return NULL;
  }
  if (reader == NULL) {
    return NULL;
  }
  masonry_animation *animation = calloc(1, sizeof(*animation));
  uint8_t *canvas = calloc((size_t)reader->width * (size_t)reader->height, 4);
  if (animation == NULL || canvas == NULL) {
    free(animation);
    free(canvas);
    reader->kind->close(reader);
    return NULL;
  }
  animation->reader = reader;
  animation->canvas = canvas;
  animation->max_side = max_side;
  return animation;
}

int masonry_animation_plays(const masonry_animation *animation) { return animation->reader->plays; }

void masonry_animation_size(const masonry_animation *animation, int *width, int *height) {
  *width = animation->reader->width;
  *height = animation->reader->height;
}

int masonry_animation_next(masonry_animation *animation, masonry_pixels *frame, int *delay_ms) {
  memset(frame, 0, sizeof(*frame));
  masonry_animation_reader *reader = animation->reader;
  int64_t pixels = (int64_t)reader->width * reader->height;
  if (animation->frames >= MASONRY_ANIMATION_MAXIMUM_FRAMES ||
      animation->work + pixels > maximum_work) {
    return 0;
  }
  int delay = 0;
  int got = reader->kind->next(reader, animation->canvas, &delay);
  if (got != 1) {
    return got;
  }
  animation->frames++;
  animation->work += pixels;
  // What browsers do: a delay under 20 ms (0 and 10 ms are common in GIFs meant to run
  // "as fast as possible") shows for 100 ms.
  *delay_ms = delay < 20 ? 100 : delay;
  masonry_pixels whole = {animation->canvas, reader->width, reader->height};
  int width, height;
  masonry_fitted_size(reader->width, reader->height, animation->max_side, &width, &height);
  return masonry_pixels_resize(&whole, width, height, frame) == 0 ? 1 : -1;
}

void masonry_animation_close(masonry_animation *animation) {
  if (animation == NULL) {
    return;
  }
  animation->reader->kind->close(animation->reader);
  free(animation->canvas);
  free(animation);
}

int masonry_animation_first_frame(const uint8_t *bytes, size_t length, int max_side,
                                  int64_t max_pixels, masonry_pixels *out) {
  masonry_animation *animation = masonry_animation_open(bytes, length, max_side, max_pixels);
  if (animation == NULL) {
    return MASONRY_PICTURE_CORRUPT;
  }
  int delay = 0;
  int got = masonry_animation_next(animation, out, &delay);
  masonry_animation_close(animation);
  return got == 1 ? MASONRY_PICTURE_OK : MASONRY_PICTURE_CORRUPT;
}

void masonry_animation_draw(uint8_t *canvas, int canvas_width, const uint8_t *frame, int width,
                            int height, int left, int top, int over) {
  for (int y = 0; y < height; y++) {
    uint8_t *to = canvas + (((size_t)(top + y) * (size_t)canvas_width) + (size_t)left) * 4;
    const uint8_t *from = frame + (size_t)y * (size_t)width * 4;
    if (!over) {
      memcpy(to, from, (size_t)width * 4);
      continue;
    }
    for (int x = 0; x < width; x++, to += 4, from += 4) {
      unsigned source_alpha = from[3];
      if (source_alpha == 255) {
        memcpy(to, from, 4);
      } else if (source_alpha != 0) {
        // Straight alpha: out = source·a + below·b·(1 − a), divided by the result's alpha.
        unsigned below = (unsigned)to[3] * (255 - source_alpha);
        unsigned alpha = source_alpha * 255 + below;  // ×255
        for (int channel = 0; channel < 3; channel++) {
          to[channel] = (uint8_t)(((unsigned)from[channel] * source_alpha * 255 +
                                   (unsigned)to[channel] * below + alpha / 2) /
                                  alpha);
        }
        to[3] = (uint8_t)((alpha + 127) / 255);
      }
    }
  }
}

void masonry_animation_clear(uint8_t *canvas, int canvas_width, int canvas_height, int left,
                             int top, int width, int height) {
  int right = left + width < canvas_width ? left + width : canvas_width;
  int bottom = top + height < canvas_height ? top + height : canvas_height;
  if (left < 0) left = 0;
  if (top < 0) top = 0;
  for (int y = top; y < bottom && left < right; y++) {
    memset(canvas + ((size_t)y * (size_t)canvas_width + (size_t)left) * 4, 0,
           (size_t)(right - left) * 4);
  }
}
