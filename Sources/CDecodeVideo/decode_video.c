#include "decode_video.h"

#include <math.h>
#include <stdlib.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>

// A video's poster frame through FFmpeg: the frame at a tenth of the video, or one second
// in when that is later (the first frame is so often black, a fade in or a title card);
// a frame still almost black is passed over for the next ones. The display rotation a
// phone writes is honoured. FFmpeg logs nothing (it would write on the browser's screen).

/// The most frames decoded looking for the poster (from the key frame before it).
#define MAXIMUM_FRAMES 600
/// Frames more passed over while the poster is almost black.
#define DARK_FRAMES 90

/// Whether `pixels` is almost black: the mean of its channels under 10 of 255.
static int is_dark(const masonry_pixels *pixels) {
  uint64_t sum = 0;
  size_t count = (size_t)pixels->width * pixels->height;
  for (size_t index = 0; index < count; index++) {
    const uint8_t *pixel = pixels->pixels + index * 4;
    sum += pixel[0] + pixel[1] + pixel[2];
  }
  return count == 0 || sum / (count * 3) < 10;
}

/// `frame` scaled to fit `max_side`, as RGBA.
static masonry_pixels scaled(const AVFrame *frame, int max_side) {
  masonry_pixels pixels = {NULL, 0, 0};
  int longer = frame->width > frame->height ? frame->width : frame->height;
  int width = frame->width, height = frame->height;
  if (longer > max_side) {
    width = (int)((int64_t)frame->width * max_side / longer);
    height = (int)((int64_t)frame->height * max_side / longer);
  }
  if (width < 1) width = 1;
  if (height < 1) height = 1;
  struct SwsContext *context = sws_getContext(frame->width, frame->height, frame->format, width,
                                              height, AV_PIX_FMT_RGBA, SWS_AREA, NULL, NULL, NULL);
  if (context == NULL) return pixels;
  pixels.pixels = malloc((size_t)width * height * 4);
  if (pixels.pixels != NULL) {
    uint8_t *planes[4] = {pixels.pixels, NULL, NULL, NULL};
    int strides[4] = {width * 4, 0, 0, 0};
    sws_scale(context, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
              planes, strides);
    pixels.width = width;
    pixels.height = height;
  }
  sws_freeContext(context);
  return pixels;
}

/// The EXIF orientation that shows a frame the display matrix turns by `degrees`
/// (counter-clockwise, as FFmpeg gives it).
static int orientation_of(double degrees) {
  int quarter = ((int)lround(-degrees / 90.0) % 4 + 4) % 4;  // clockwise quarter turns
  static const int orientations[4] = {1, 6, 3, 8};
  return orientations[quarter];
}

void decode_video(const char *path, int max_side, decoded *out) {
  av_log_set_level(AV_LOG_QUIET);
  AVFormatContext *format = NULL;
  if (avformat_open_input(&format, path, NULL, NULL) < 0) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "not a video FFmpeg can read");
    return;
  }
  AVCodecContext *codec_context = NULL;
  AVPacket *packet = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  masonry_pixels poster = {NULL, 0, 0};
  int stream_index = -1;
  if (packet == NULL || frame == NULL || avformat_find_stream_info(format, NULL) < 0) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "no stream information");
    goto done;
  }
  stream_index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (stream_index < 0) {
    decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "video without a video stream");
    goto done;
  }
  AVStream *stream = format->streams[stream_index];
  AVCodecParameters *parameters = stream->codecpar;
  if (parameters->width <= 0 || parameters->height <= 0 ||
      (int64_t)parameters->width * parameters->height > DECODER_MAXIMUM_PIXELS) {
    decoded_fail(out, MASONRY_PICTURE_TOO_LARGE, "%dx%d", parameters->width, parameters->height);
    goto done;
  }
  const AVCodec *codec = avcodec_find_decoder(parameters->codec_id);
  if (codec == NULL) {
    decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "no decoder for %s",
                 avcodec_get_name(parameters->codec_id));
    goto done;
  }
  codec_context = avcodec_alloc_context3(codec);
  if (codec_context == NULL || avcodec_parameters_to_context(codec_context, parameters) < 0) {
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
    goto done;
  }
  codec_context->thread_count = 0;  // FFmpeg's choice: a thread a core
  if (avcodec_open2(codec_context, codec, NULL) < 0) {
    decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "cannot open the %s decoder",
                 avcodec_get_name(parameters->codec_id));
    goto done;
  }
  double duration = format->duration != AV_NOPTS_VALUE ? format->duration / (double)AV_TIME_BASE : 0;
  if (duration > 0) out->duration_ms = (int64_t)(duration * 1000);
  // A tenth in, or one second in when that is later (but within the video).
  double at = duration * 0.1 > 1.0 ? duration * 0.1 : duration > 1.25 ? 1.0 : duration * 0.5;
  double rotation = 0;
  const uint8_t *matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL);
  if (matrix != NULL) rotation = av_display_rotation_get((const int32_t *)matrix);
  int orientation = orientation_of(isnan(rotation) ? 0 : rotation);
  int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
  int64_t target = start + (int64_t)(at / av_q2d(stream->time_base));
  if (at > 0) av_seek_frame(format, stream_index, target, AVSEEK_FLAG_BACKWARD);
  int frames = 0, dark_passed = 0, done_reading = 0;
  while (!done_reading && frames < MAXIMUM_FRAMES) {
    int read = av_read_frame(format, packet);
    if (read < 0) {
      avcodec_send_packet(codec_context, NULL);  // drain what is held
      done_reading = 1;
    } else if (packet->stream_index != stream_index) {
      av_packet_unref(packet);
      continue;
    } else {
      avcodec_send_packet(codec_context, packet);
      av_packet_unref(packet);
    }
    while (avcodec_receive_frame(codec_context, frame) == 0) {
      frames++;
      int64_t time = frame->best_effort_timestamp;
      int reached = time == AV_NOPTS_VALUE || time >= target || done_reading;
      if (!reached && frames < MAXIMUM_FRAMES) continue;
      masonry_pixels candidate = scaled(frame, max_side);
      if (candidate.pixels == NULL) continue;
      masonry_pixels_free(&poster);
      poster = candidate;
      if (!is_dark(&poster) || ++dark_passed > DARK_FRAMES) {
        done_reading = 1;
        break;
      }
    }
  }
  if (poster.pixels == NULL) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "no frame could be decoded");
    goto done;
  }
  int turned = orientation >= 5;
  out->width = turned ? parameters->height : parameters->width;
  out->height = turned ? parameters->width : parameters->height;
  if (masonry_pixels_orient(&poster, orientation) != 0) {
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
    goto done;
  }
  decoded_take(out, poster, max_side);
  poster.pixels = NULL;
done:
  masonry_pixels_free(&poster);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&codec_context);
  avformat_close_input(&format);
}
