#define _GNU_SOURCE
#include "decoder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// The helper's formats, one row a format, each naming its decoder's family; and the one
// entry point that reads a file's header and hands it to its family's decoder. The
// helper process (masonry-decoder) finds a family by loading its library; the fuzz
// target and the benchmark link them all (CDecoders).

static const struct {
  int format;
  decoder_family family;
} decoders[] = {
    {MASONRY_PICTURE_HEIC, DECODER_HEIF},  {MASONRY_PICTURE_AVIF, DECODER_HEIF},
    {MASONRY_PICTURE_JXL, DECODER_JXL},    {MASONRY_PICTURE_SVG, DECODER_SVG},
    {MASONRY_PICTURE_PDF, DECODER_PDF},    {MASONRY_PICTURE_MP4, DECODER_VIDEO},
    {MASONRY_PICTURE_MOV, DECODER_VIDEO},  {MASONRY_PICTURE_MKV, DECODER_VIDEO},
    {MASONRY_PICTURE_WEBM, DECODER_VIDEO}, {MASONRY_PICTURE_AVI, DECODER_VIDEO},
};

const char *decoder_family_name(decoder_family family) {
  switch (family) {
    case DECODER_HEIF: return "heif";
    case DECODER_JXL: return "jxl";
    case DECODER_SVG: return "svg";
    case DECODER_PDF: return "pdf";
    case DECODER_VIDEO: return "video";
    case DECODER_FAMILIES: break;
  }
  return "none";
}

void decoded_fail(decoded *out, int status, const char *message, ...) {
  out->status = status;
  va_list list;
  va_start(list, message);
  vsnprintf(out->message, sizeof(out->message), message, list);
  va_end(list);
  // Printable ASCII only: a library's message may hold anything.
  for (char *c = out->message; *c; c++) {
    if (*c < 0x20 || *c > 0x7E) *c = '?';
  }
}

void decoded_take(decoded *out, masonry_pixels pixels, int max_side) {
  out->status = MASONRY_PICTURE_OK;
  if (out->width == 0) {
    out->width = pixels.width;
    out->height = pixels.height;
  }
  int longer = pixels.width > pixels.height ? pixels.width : pixels.height;
  if (longer <= max_side) {
    out->pixels = pixels;
    return;
  }
  int width = (int)((int64_t)pixels.width * max_side / longer);
  int height = (int)((int64_t)pixels.height * max_side / longer);
  masonry_pixels small = {NULL, 0, 0};
  if (masonry_pixels_resize(&pixels, width > 0 ? width : 1, height > 0 ? height : 1, &small) !=
      0) {
    masonry_pixels_free(&pixels);
    decoded_fail(out, MASONRY_PICTURE_LIMIT, "out of memory");
    return;
  }
  masonry_pixels_free(&pixels);
  out->pixels = small;
}

void decoder_decode_file(const char *path, int max_side, decoder_finder find, decoded *out) {
  memset(out, 0, sizeof(*out));
  int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (descriptor < 0) {
    decoded_fail(out, MASONRY_PICTURE_CORRUPT, "cannot open: %s", strerror(errno));
    return;
  }
  struct stat status;
  masonry_picture_info info;
  int probed = fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)
                   ? masonry_picture_probe(descriptor, &info)
                   : MASONRY_PICTURE_NOT_AN_IMAGE;
  close(descriptor);
  if (probed != MASONRY_PICTURE_OK) {
    decoded_fail(out, probed, "unreadable header");
    return;
  }
  out->width = 0;
  out->duration_ms = info.duration_ms;
  out->pages = info.pages;
  for (size_t index = 0; index < sizeof(decoders) / sizeof(decoders[0]); index++) {
    if (decoders[index].format == info.format) {
      const char *why = "cannot be loaded";
      decode_function decode = find(decoders[index].family, &why);
      if (decode == NULL) {
        decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "%s decoder %s",
                     decoder_family_name(decoders[index].family), why);
        return;
      }
      decode(path, max_side, out);
      return;
    }
  }
  decoded_fail(out, MASONRY_PICTURE_UNSUPPORTED, "not a format this helper decodes");
}

