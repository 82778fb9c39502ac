#ifndef MASONRY_ANIMATION_INTERNAL_H
#define MASONRY_ANIMATION_INTERNAL_H

#include "internal.h"

// The animated formats' readers behind masonry_animation (animation.c): each composes
// its frames on a canvas of the picture's own size, as its format says, and hands the
// canvas over a frame at a time; animation.c makes it small and bounds the work.

/// Frames an animation may have: more are not read (the animation plays those).
#define MASONRY_ANIMATION_MAXIMUM_FRAMES 2000
/// The largest canvas animated (16 megapixels: 64 MB of RGBA, twice over for formats
/// that restore the previous frame); a bigger animation shows its first frame.
#define MASONRY_ANIMATION_MAXIMUM_CANVAS ((int64_t)16000000)

typedef struct masonry_animation_reader masonry_animation_reader;

/// One format's reader: `next` composes the next frame on `canvas` (width × height RGBA)
/// and says how long it shows (in ms, as the file says); 1 with a frame, 0 after the
/// last, -1 where the file is damaged.
typedef struct {
  int (*next)(masonry_animation_reader *reader, uint8_t *canvas, int *delay_ms);
  void (*close)(masonry_animation_reader *reader);
} masonry_animation_kind;

struct masonry_animation_reader {
  const masonry_animation_kind *kind;
  int width;
  int height;
  /// 0: forever; else how many times the whole animation plays.
  int plays;
};

/// Each returns NULL when `bytes` is not an animation of its format (one frame, no
/// animation chunk, a canvas over the limit or `max_pixels`, damage before the second
/// frame is known to exist).
masonry_animation_reader *masonry_gif_animation(const uint8_t *bytes, size_t length,
                                                int64_t max_pixels);
masonry_animation_reader *masonry_webp_animation(const uint8_t *bytes, size_t length,
                                                 int64_t max_pixels);
masonry_animation_reader *masonry_apng_animation(const uint8_t *bytes, size_t length,
                                                 int64_t max_pixels);

/// `frame` (straight RGBA, `width` × `height`) drawn over `canvas` at (`left`, `top`),
/// replacing it (`over` 0) or composed over it by its alpha (`over` 1). The frame lies
/// inside the canvas.
void masonry_animation_draw(uint8_t *canvas, int canvas_width, const uint8_t *frame, int width,
                            int height, int left, int top, int over);

/// Clears the rectangle to transparent (clipped to the canvas).
void masonry_animation_clear(uint8_t *canvas, int canvas_width, int canvas_height, int left,
                             int top, int width, int height);

#endif
