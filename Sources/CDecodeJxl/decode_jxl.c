#include "decode_jxl.h"

#include <stdio.h>
#include <stdlib.h>

#include <jxl/decode.h>
#include <jxl/resizable_parallel_runner.h>

// JPEG XL through libjxl: the first frame (an animation's), its orientation applied by
// libjxl, on a thread a core. libjxl prints JXL_FAILURE lines to standard error, which the
// browser points at /dev/null.

/// The whole file, at most 256 MB.
static uint8_t *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return NULL;
  uint8_t *bytes = NULL;
  if (fseek(file, 0, SEEK_END) == 0) {
    long size = ftell(file);
    if (size > 0 && size <= (256L << 20) && fseek(file, 0, SEEK_SET) == 0) {
      bytes = malloc((size_t)size);
      if (bytes != NULL && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
      }
      *length = (size_t)size;
    }
  }
  fclose(file);
  return bytes;
}

void decode_jxl(const char *path, int max_side, decoded *out) {
  size_t length = 0;
  uint8_t *bytes = read_file(path, &length);
  if (bytes == NULL) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "cannot read the file");
    return;
  }
  JxlDecoder *decoder = JxlDecoderCreate(NULL);
  void *runner = JxlResizableParallelRunnerCreate(NULL);
  if (decoder == NULL || runner == NULL ||
      JxlDecoderSetParallelRunner(decoder, JxlResizableParallelRunner, runner) != JXL_DEC_SUCCESS ||
      JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE) !=
          JXL_DEC_SUCCESS ||
      JxlDecoderSetInput(decoder, bytes, length) != JXL_DEC_SUCCESS) {
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
  } else {
    JxlDecoderCloseInput(decoder);
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    masonry_pixels pixels = {NULL, 0, 0};
    for (int done = 0; !done;) {
      JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
      if (status == JXL_DEC_BASIC_INFO) {
        JxlBasicInfo info;
        JxlDecoderGetBasicInfo(decoder, &info);
        if (info.xsize == 0 || info.ysize == 0 ||
            (int64_t)info.xsize * info.ysize > DECODER_MAXIMUM_PIXELS) {
          decoded_fail(out, MASONRY_PICTURE_TOO_LARGE, "%ux%u", info.xsize, info.ysize);
          done = 1;
          continue;
        }
        JxlResizableParallelRunnerSetThreads(
            runner, JxlResizableParallelRunnerSuggestThreads(info.xsize, info.ysize));
        pixels.width = (int)info.xsize;
        pixels.height = (int)info.ysize;
      } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
        size_t size = 0;
        if (JxlDecoderImageOutBufferSize(decoder, &format, &size) != JXL_DEC_SUCCESS ||
            size != (size_t)pixels.width * pixels.height * 4 ||
            (pixels.pixels = malloc(size)) == NULL ||
            JxlDecoderSetImageOutBuffer(decoder, &format, pixels.pixels, size) != JXL_DEC_SUCCESS) {
          decoded_fail(out, MASONRY_PICTURE_LIMIT, "no room for the pixels");
          done = 1;
        }
      } else if (status == JXL_DEC_FULL_IMAGE) {
        // The first frame is the picture (an animation's first).
        decoded_take(out, pixels, max_side);
        pixels.pixels = NULL;
        done = 1;
      } else if (status == JXL_DEC_NEED_MORE_INPUT) {
        decoded_fail(out, MASONRY_PICTURE_CORRUPT, "the file ends too soon");
        done = 1;
      } else {
        decoded_fail(out, MASONRY_PICTURE_CORRUPT, "corrupt codestream");
        done = 1;
      }
    }
    masonry_pixels_free(&pixels);
  }
  if (runner != NULL) JxlResizableParallelRunnerDestroy(runner);
  if (decoder != NULL) JxlDecoderDestroy(decoder);
  free(bytes);
}
