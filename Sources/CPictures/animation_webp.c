#include "animation_internal.h"

#include <string.h>

#include <webp/demux.h>

// Animated WebP through libwebpdemux's WebPAnimDecoder, which composes and blends the
// frames on its own canvas (straight RGBA); each frame's timestamp is when it ends.

typedef struct {
  masonry_animation_reader base;
  WebPAnimDecoder *decoder;
  int last_timestamp;
} webp_reader;

static int webp_next(masonry_animation_reader *base, uint8_t *canvas, int *delay_ms) {
  webp_reader *reader = (webp_reader *)base;
  if (!WebPAnimDecoderHasMoreFrames(reader->decoder)) return 0;
  uint8_t *rgba = NULL;
  int timestamp = 0;
  if (!WebPAnimDecoderGetNext(reader->decoder, &rgba, &timestamp) || rgba == NULL) return -1;
  memcpy(canvas, rgba, (size_t)base->width * (size_t)base->height * 4);
  *delay_ms = timestamp - reader->last_timestamp;
  reader->last_timestamp = timestamp;
  return 1;
}

static void webp_close(masonry_animation_reader *base) {
  webp_reader *reader = (webp_reader *)base;
  if (reader->decoder != NULL) WebPAnimDecoderDelete(reader->decoder);
  free(reader);
}

static const masonry_animation_kind webp_kind = {webp_next, webp_close};

masonry_animation_reader *masonry_webp_animation(const uint8_t *bytes, size_t length,
                                                 int64_t max_pixels) {
  WebPData data = {bytes, length};
  WebPDemuxer *demuxer = WebPDemux(&data);
  if (demuxer == NULL) return NULL;
  uint32_t flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS);
  uint32_t frames = WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT);
  uint32_t width = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH);
  uint32_t height = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT);
  WebPDemuxDelete(demuxer);
  if (!(flags & ANIMATION_FLAG) || frames < 2 || width == 0 || height == 0 ||
      (int64_t)width * height > max_pixels) {
    return NULL;
  }
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  webp_reader *reader = calloc(1, sizeof(*reader));
  if (reader == NULL) return NULL;
  reader->decoder = WebPAnimDecoderNew(&data, &options);
  WebPAnimInfo info;
  if (reader->decoder == NULL || !WebPAnimDecoderGetInfo(reader->decoder, &info) ||
      info.canvas_width != width || info.canvas_height != height) {
    webp_close(&reader->base);
    return NULL;
  }
  reader->base.kind = &webp_kind;
  reader->base.width = (int)width;
  reader->base.height = (int)height;
  reader->base.plays = (int)(info.loop_count > 65535 ? 65535 : info.loop_count);
  return &reader->base;
}
